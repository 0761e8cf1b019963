import {
  branchDeleteCall,
  branchSaveCall,
  workplaceDeleteCall,
  workplaceSaveCall,
  type TWorkplaceRow,
} from '@compass/shared';
import { History, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { RowButton } from '../../components/RowButton';
import { DataTable } from '../../components/DataTable';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { Dialog } from '../../components/Dialog';
import { ListCard } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { DeleteRowDialog } from './DeleteRowDialog';
import { NameDialog } from './NameDialog';
import { administrationKeys, useWorkplaceList } from './api';

type Editing =
  | { kind: 'workplace'; row?: TWorkplaceRow }
  | { kind: 'branch'; workplace: TWorkplaceRow; row?: TWorkplaceRow['branches'][number] };
type Removing = { kind: 'workplace' | 'branch'; _id: string; name: string };

/** System Administration > Workplaces & Branches. */
export function WorkplacesPage() {
  usePageTitle('Workplaces & Branches');
  const list = useWorkplaceList();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [history, setHistory] = useState<{ kind: 'workplace' | 'branch'; _id: string; name: string } | null>(
    null,
  );
  const done = {
    invalidate: [administrationKeys.workplaces],
    onSuccess: () => {
      setEditing(null);
      setRemoving(null);
    },
  };
  const saveWorkplace = useCall(workplaceSaveCall, done);
  const saveBranch = useCall(branchSaveCall, done);
  const deleteWorkplace = useCall(workplaceDeleteCall, done);
  const deleteBranch = useCall(branchDeleteCall, done);
  const rows = list.data?.list ?? [];

  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Workplaces & Branches"
        intro="Where your people work. Forms, clock-ins and notices name a workplace and its branch."
      >
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setEditing({ kind: 'workplace' })}
        >
          Add workplace
        </Button>
      </PageHeader>
      <ListCard
        label="Workplaces"
        query={list}
        count={rows.length}
        empty="No workplaces yet. Add the first one."
      >
        <DataTable columns={['Workplace', 'Branches', 'Employees', 'Status']} actions>
          {rows.map((workplace) => (
            <WorkplaceRow
              key={workplace._id}
              workplace={workplace}
              onEdit={setEditing}
              onHistory={() => setHistory({ kind: 'workplace', ...workplace })}
              onRemove={() => setRemoving({ kind: 'workplace', ...workplace })}
            />
          ))}
        </DataTable>
      </ListCard>

      {editing?.kind === 'workplace' && (
        <NameDialog
          title={editing.row ? `Edit ${editing.row.name}` : 'Add workplace'}
          label="Workplace name"
          initialName={editing.row?.name}
          initialActive={editing.row?.isActive ?? true}
          pending={saveWorkplace.isPending}
          onClose={() => setEditing(null)}
          onSave={(values) => saveWorkplace.mutate({ body: { _id: editing.row?._id, ...values } })}
        />
      )}
      {editing?.kind === 'branch' && (
        <NameDialog
          title={
            editing.row ? `Edit branch ${editing.row.name}` : `Add a branch to ${editing.workplace.name}`
          }
          label="Branch name"
          initialName={editing.row?.name}
          initialActive={editing.row?.isActive ?? true}
          pending={saveBranch.isPending}
          onClose={() => setEditing(null)}
          onSave={(values) =>
            saveBranch.mutate({
              body: { _id: editing.row?._id, workplaceId: editing.workplace._id, ...values },
            })
          }
        >
          {editing.row && (
            <Button
              variant="danger"
              size="sm"
              onClick={() => setRemoving({ kind: 'branch', ...editing.row! })}
            >
              Delete this branch
            </Button>
          )}
        </NameDialog>
      )}
      {removing && (
        <DeleteRowDialog
          row={removing}
          remove={removing.kind === 'workplace' ? deleteWorkplace : deleteBranch}
          onClose={() => setRemoving(null)}
        >
          <p>
            A {removing.kind} that people, forms or notices still use cannot be deleted: deactivate it
            instead, and it stays on the records that name it.
          </p>
        </DeleteRowDialog>
      )}
      {history && (
        <Dialog title={`History of ${history.name}`} onClose={() => setHistory(null)}>
          <ChangeLogPanel entityType={history.kind} entityId={history._id} />
        </Dialog>
      )}
    </div>
  );
}

/** A workplace with its branches (each opens its editor) and its buttons. */
function WorkplaceRow({
  workplace,
  onEdit,
  onHistory,
  onRemove,
}: {
  workplace: TWorkplaceRow;
  onEdit: (editing: Editing) => void;
  onHistory: () => void;
  onRemove: () => void;
}) {
  return (
    <tr>
      <td>{workplace.name}</td>
      <td>
        <ul className="chip-list">
          {workplace.branches.map((branch) => (
            <li key={branch._id} className={branch.isActive ? 'chip' : 'chip chip-muted'}>
              <button
                type="button"
                className="link-button"
                onClick={() => onEdit({ kind: 'branch', workplace, row: branch })}
                aria-label={`Edit branch ${branch.name}`}
              >
                {branch.name}
              </button>
            </li>
          ))}
          <li>
            <RowButton icon={Plus} onClick={() => onEdit({ kind: 'branch', workplace })}>
              Branch
            </RowButton>
          </li>
        </ul>
      </td>
      <td>{workplace.employeeCount}</td>
      <td>
        <span className={`badge ${workplace.isActive ? 'badge-success' : 'badge-neutral'}`}>
          {workplace.isActive ? 'Active' : 'Inactive'}
        </span>
      </td>
      <td className="row-actions">
        <RowButton
          icon={Pencil}
          onClick={() => onEdit({ kind: 'workplace', row: workplace })}
          label={`Edit ${workplace.name}`}
        >
          Edit
        </RowButton>
        <RowButton icon={History} onClick={onHistory} label={`History of ${workplace.name}`}>
          History
        </RowButton>
        <RowButton icon={Trash2} onClick={onRemove} label={`Delete ${workplace.name}`}>
          Delete
        </RowButton>
      </td>
    </tr>
  );
}
