import {
  accessKeyGroups,
  accessKeyLabel,
  ACCESS_KEYS,
  roleDeleteCall,
  roleSaveCall,
  type AccessKey,
  type TRoleRow,
} from '@compass/shared';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { usePermissions } from '../../api/auth';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { RowButton } from '../../components/RowButton';
import { DataTable } from '../../components/DataTable';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { Dialog } from '../../components/Dialog';
import { ListCard } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { Tabs } from '../../components/Tabs';
import { usePageTitle } from '../../shell/pageTitle';
import { DeleteRowDialog } from './DeleteRowDialog';
import { administrationKeys, useRoleList } from './api';
import { NameField, useRequiredName } from './NameDialog';

const GROUPS = accessKeyGroups();
const ROLE_TABS = [
  { value: 'access', label: 'Access' },
  { value: 'history', label: 'History' },
] as const;

/** System Administration > Users & Roles: roles and the access keys each allows. */
export function RolesPage() {
  usePageTitle('Users & Roles');
  const list = useRoleList();
  const [editing, setEditing] = useState<{ row?: TRoleRow } | null>(null);
  const [removing, setRemoving] = useState<TRoleRow | null>(null);
  const remove = useCall(roleDeleteCall, {
    invalidate: [administrationKeys.roles],
    onSuccess: () => setRemoving(null),
  });
  const rows = list.data?.list ?? [];

  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Users & Roles"
        intro="A role decides which areas its employees reach. A change applies on their next click."
      >
        <Button variant="primary" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setEditing({})}>
          Add role
        </Button>
      </PageHeader>
      <ListCard label="Roles" query={list} count={rows.length} empty="No roles yet.">
        <DataTable columns={['Role', 'Access', 'Employees']} actions>
          {rows.map((row) => (
            <tr key={row._id}>
              <td>{row.name}</td>
              <td>
                {row.access.length} of {ACCESS_KEYS.length} keys
                {row.access.includes('system') && <span className="badge badge-primary">Administrator</span>}
              </td>
              <td>{row.memberCount}</td>
              <td className="row-actions">
                <RowButton icon={Pencil} onClick={() => setEditing({ row })} label={`Edit ${row.name}`}>
                  Edit
                </RowButton>
                <RowButton icon={Trash2} onClick={() => setRemoving(row)} label={`Delete ${row.name}`}>
                  Delete
                </RowButton>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
      {editing && <RoleDialog row={editing.row} onClose={() => setEditing(null)} />}
      {removing && (
        <DeleteRowDialog row={removing} remove={remove} onClose={() => setRemoving(null)}>
          <p>A role that employees have cannot be deleted: give them another role first.</p>
        </DeleteRowDialog>
      )}
    </div>
  );
}

/** The role's name and its access-key grid, grouped as the navigation groups the areas. */
export function RoleDialog({ row, onClose }: { row?: TRoleRow; onClose: () => void }) {
  const name = useRequiredName(row?.name ?? '');
  const [keys, setKeys] = useState<Set<AccessKey>>(new Set(row?.access ?? []));
  const [tab, setTab] = useState<'access' | 'history'>('access');
  const save = useCall(roleSaveCall, { invalidate: [administrationKeys.roles], onSuccess: onClose });
  const gridId = useId();
  const profile = usePermissions().data;
  // Nobody gives a key they do not hold (the server refuses it too); a key the role has stays.
  const mayTurnOn = (key: AccessKey) => profile?.access[key] === 'yes' || Boolean(row?.access.includes(key));

  const toggle = (changed: AccessKey[], on: boolean) =>
    setKeys((current) => {
      const next = new Set(current);
      for (const key of changed)
        if (!on) next.delete(key);
        else if (mayTurnOn(key)) next.add(key);
      return next;
    });
  const submit = name.submit((checked) =>
    save.mutate({
      body: { _id: row?._id, name: checked, access: ACCESS_KEYS.filter((key) => keys.has(key)) },
    }),
  );

  return (
    <Dialog title={row ? `Edit ${row.name}` : 'Add role'} onClose={onClose} wide>
      <form className="stack role-form" onSubmit={submit} noValidate>
        <NameField label="Role name" name={name} autoFocus />
        {row && <Tabs label="Role" options={ROLE_TABS} current={tab} onChange={setTab} />}
        {tab === 'history' && row ? (
          <ChangeLogPanel entityType="role" entityId={row._id} />
        ) : (
          <div className="access-grid" id={gridId}>
            {GROUPS.map((group) => {
              const all = group.keys.every((key) => keys.has(key));
              return (
                <fieldset key={group.label} className="access-group">
                  <legend>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={all}
                        ref={(box) => {
                          if (box) box.indeterminate = !all && group.keys.some((key) => keys.has(key));
                        }}
                        onChange={(event) => toggle(group.keys, event.target.checked)}
                      />
                      <strong>{group.label}</strong>
                    </label>
                  </legend>
                  {group.keys.map((key) => (
                    <label key={key} className="checkbox">
                      <input
                        type="checkbox"
                        checked={keys.has(key)}
                        disabled={!keys.has(key) && !mayTurnOn(key)}
                        onChange={(event) => toggle([key], event.target.checked)}
                      />
                      <span className="access-key-text">
                        {accessKeyLabel(key)}
                        <code className="access-key">{key}</code>
                        {!mayTurnOn(key) && (
                          <span className="text-sm text-secondary">You do not hold it</span>
                        )}
                      </span>
                    </label>
                  ))}
                </fieldset>
              );
            })}
          </div>
        )}
        <div className="dialog-actions">
          <span className="text-sm text-secondary">
            {keys.size} of {ACCESS_KEYS.length} keys
          </span>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
