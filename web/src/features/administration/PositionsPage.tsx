import { positionDeleteCall, positionSaveCall, type TPositionRow } from '@compass/shared';
import { History, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { RowButton } from '../../components/RowButton';
import { DataTable } from '../../components/DataTable';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { Dialog } from '../../components/Dialog';
import { ListState } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { DeleteRowDialog } from './DeleteRowDialog';
import { NameDialog } from './NameDialog';
import { administrationKeys, usePositionList } from './api';

/** Human Resources > Roles & Responsibilities: the positions employees hold. */
export function PositionsPage() {
  usePageTitle('Roles & Responsibilities');
  const list = usePositionList();
  const [editing, setEditing] = useState<{ row?: TPositionRow } | null>(null);
  const [removing, setRemoving] = useState<TPositionRow | null>(null);
  const [history, setHistory] = useState<TPositionRow | null>(null);
  const [search, setSearch] = useState('');
  const done = {
    invalidate: [administrationKeys.positions],
    onSuccess: () => {
      setEditing(null);
      setRemoving(null);
    },
  };
  const save = useCall(positionSaveCall, done);
  const remove = useCall(positionDeleteCall, done);
  const rows = (list.data?.list ?? []).filter((row) =>
    row.name.toLowerCase().includes(search.trim().toLowerCase()),
  );

  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Roles & Responsibilities"
        intro="The positions your employees hold, shown with their name on notices and forms."
      >
        <Button variant="primary" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setEditing({})}>
          Add position
        </Button>
      </PageHeader>
      <section className="card list-card" aria-label="Positions" aria-busy={list.isFetching}>
        <div className="list-toolbar">
          <input
            className="input"
            type="search"
            aria-label="Search positions"
            placeholder="Search positions"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <ListState
          query={list}
          count={rows.length}
          empty={search ? 'No position matches this search.' : 'No positions yet.'}
        />
        {rows.length > 0 && (
          <DataTable columns={['Position', 'Employees']} actions>
            {rows.map((row) => (
              <tr key={row._id}>
                <td>{row.name}</td>
                <td>{row.employeeCount}</td>
                <td className="row-actions">
                  <RowButton icon={Pencil} onClick={() => setEditing({ row })} label={`Rename ${row.name}`}>
                    Rename
                  </RowButton>
                  <RowButton icon={History} onClick={() => setHistory(row)} label={`History of ${row.name}`}>
                    History
                  </RowButton>
                  <RowButton icon={Trash2} onClick={() => setRemoving(row)} label={`Delete ${row.name}`}>
                    Delete
                  </RowButton>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {editing && (
        <NameDialog
          title={editing.row ? `Rename ${editing.row.name}` : 'Add position'}
          label="Position name"
          initialName={editing.row?.name}
          pending={save.isPending}
          onClose={() => setEditing(null)}
          onSave={({ name }) => save.mutate({ body: { _id: editing.row?._id, name } })}
        />
      )}
      {removing && (
        <DeleteRowDialog row={removing} remove={remove} onClose={() => setRemoving(null)}>
          <p>A position that employees hold cannot be deleted: give them another position first.</p>
        </DeleteRowDialog>
      )}
      {history && (
        <Dialog title={`History of ${history.name}`} onClose={() => setHistory(null)}>
          <ChangeLogPanel entityType="position" entityId={history._id} />
        </Dialog>
      )}
    </div>
  );
}
