import {
  COMPETENCY_KIND_LABELS,
  COMPETENCY_KINDS,
  competencyListCall,
  competencySetActiveCall,
  type CompetencyKind,
  type TCompetencyRow,
} from '@compass/shared';
import { Pencil, Plus, Power, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { RowButton } from '../../components/RowButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { InUseFilter, ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { competencyKeys } from './api';
import { CompetencyDialog } from './CompetencyDialog';
import { CompetencyTabs, validityOf } from './parts';

const KIND_OPTIONS = COMPETENCY_KINDS.map((kind) => ({ value: kind, label: COMPETENCY_KIND_LABELS[kind] }));
/** HR Admin > Competencies: the licences, tickets, certificates and skills the organisation tracks. */
export function CompetenciesPage() {
  usePageTitle('Competencies');
  const [editing, setEditing] = useState<{ row: TCompetencyRow | null } | null>(null);
  const [deactivating, setDeactivating] = useState<TCompetencyRow | null>(null);
  const list = usePagedList({
    queryKey: competencyKeys.catalogue,
    // '' is the server's default: the competencies in use.
    filters: { kind: '' as CompetencyKind | '', status: '' as 'inactive' | 'all' | '' },
    fetch: (request) => callApi(competencyListCall, { body: request }),
  });
  const setActive = useCall(competencySetActiveCall, {
    invalidate: [competencyKeys.all],
    onSuccess: () => setDeactivating(null),
  });
  return (
    <div className="admin-page stack-lg competency-page">
      <div className="page-header">
        <div>
          <h1>Competencies</h1>
          <p>
            The licences, tickets, certificates and skills your people need, how long each lasts and who needs
            it.
          </p>
        </div>
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setEditing({ row: null })}
        >
          Add competency
        </Button>
      </div>
      <CompetencyTabs />
      <ListFilters placeholder="Competency name" onSearch={list.search} active={list.activeFilters}>
        <SelectField
          label="Kind"
          value={list.filters.kind}
          none="Any kind"
          options={KIND_OPTIONS}
          onChange={(value) => list.setFilter('kind', value as CompetencyKind | '')}
        />
        <InUseFilter value={list.filters.status} onChange={(value) => list.setFilter('status', value)} />
      </ListFilters>
      <PagedTable
        label="Competency catalogue"
        list={list}
        columns={['Competency', 'Kind', 'Valid for', 'Required by', 'Status']}
        empty="No competencies yet — add the licences, tickets and certificates your people need."
        narrowedEmpty="No competency matches."
      >
        {list.rows.map((row) => (
          <tr key={row._id}>
            <td>
              {row.name}
              {row.description && (
                <div className="text-sm text-secondary competency-description">{row.description}</div>
              )}
            </td>
            <td>{COMPETENCY_KIND_LABELS[row.kind]}</td>
            <td>{validityOf(row)}</td>
            <td>
              <RequiredBy positions={row.positions} />
            </td>
            <td>
              <span className={row.isActive ? 'badge badge-success' : 'badge badge-neutral'}>
                {row.isActive ? 'In use' : 'Not in use'}
              </span>
            </td>
            <td className="row-actions">
              <RowButton icon={Pencil} label={`Edit ${row.name}`} onClick={() => setEditing({ row })}>
                Edit
              </RowButton>
              {row.isActive ? (
                <RowButton icon={Power} label={`Deactivate ${row.name}`} onClick={() => setDeactivating(row)}>
                  Deactivate
                </RowButton>
              ) : (
                <RowButton
                  icon={RotateCcw}
                  label={`Reactivate ${row.name}`}
                  loading={setActive.isPending && setActive.variables?.body._id === row._id}
                  onClick={() => setActive.mutate({ body: { _id: row._id, isActive: true } })}
                >
                  Reactivate
                </RowButton>
              )}
            </td>
          </tr>
        ))}
      </PagedTable>
      {editing && <CompetencyDialog row={editing.row} onClose={() => setEditing(null)} />}
      {deactivating && (
        <ConfirmDialog
          title={`Deactivate ${deactivating.name}?`}
          confirmLabel="Deactivate"
          danger
          pending={setActive.isPending}
          onClose={() => setDeactivating(null)}
          onConfirm={() => setActive.mutate({ body: { _id: deactivating._id, isActive: false } })}
        >
          <p>
            It is no longer offered for new records. The records people have of it stay, and it can be put
            back into use.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The positions that require a competency: a few by name, then how many more. */
function RequiredBy({ positions }: { positions: TCompetencyRow['positions'] }) {
  if (positions.length === 0) return <span className="text-secondary">No position</span>;
  const shown = positions.slice(0, 3).map((position) => position.name);
  const more = positions.length - shown.length;
  return (
    <span title={positions.map((position) => position.name).join(', ')}>
      {positions.length} position{positions.length === 1 ? '' : 's'}
      <span className="text-sm text-secondary competency-positions-named">
        {shown.join(', ')}
        {more > 0 && `, +${more} more`}
      </span>
    </span>
  );
}
