import {
  displayDay,
  visitorKioskCreateCall,
  visitorKioskRevokeCall,
  ZVisitorKioskCreate,
  type TVisitorKiosk,
} from '@compass/shared';
import { MonitorSmartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField } from '../../components/FormField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';
import { displayInstant } from '../../lib/display';
import { useWorkplaceBranches, VISITOR_WRITES } from './api';

/** The workplace's kiosk devices: registered (the link shown once), listed, revoked. */
export function SetupKiosksCard({ workplaceId, kiosks }: { workplaceId: string; kiosks: TVisitorKiosk[] }) {
  const [registering, setRegistering] = useState(false);
  const [revoking, setRevoking] = useState<TVisitorKiosk | null>(null);
  const revoke = useCall(visitorKioskRevokeCall, {
    invalidate: VISITOR_WRITES,
    onSuccess: () => setRevoking(null),
  });
  return (
    <Card
      title="Kiosks"
      bare
      actions={
        <Button
          size="sm"
          icon={<MonitorSmartphone size={16} aria-hidden="true" />}
          onClick={() => setRegistering(true)}
        >
          Register kiosk
        </Button>
      }
    >
      {kiosks.length === 0 ? (
        <p className="card-body text-secondary">No kiosks yet: register the tablet at the entrance.</p>
      ) : (
        <DataTable label="Kiosks" columns={['Name', 'Branch', 'Registered', 'Last seen', 'Status']} actions>
          {kiosks.map((kiosk) => (
            <tr key={kiosk._id}>
              <td>{kiosk.name}</td>
              <td>{kiosk.branch ?? '—'}</td>
              <td>
                {displayDay(kiosk.createdAt)}
                {kiosk.createdBy && <div className="text-sm text-secondary">{kiosk.createdBy}</div>}
              </td>
              <td>{displayInstant(kiosk.lastSeenAt)}</td>
              <td>
                {kiosk.revokedAt ? (
                  <span className="badge badge-neutral">Revoked</span>
                ) : (
                  <span className="badge badge-success">Active</span>
                )}
              </td>
              <td>
                {!kiosk.revokedAt && (
                  <Button size="sm" variant="ghost" onClick={() => setRevoking(kiosk)}>
                    Revoke
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {registering && <RegisterKioskDialog workplaceId={workplaceId} onClose={() => setRegistering(false)} />}
      {revoking && (
        <ConfirmDialog
          title="Revoke kiosk"
          confirmLabel="Revoke"
          danger
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate({ body: { _id: revoking._id } })}
          onClose={() => setRevoking(null)}
        >
          <p>
            {revoking.name} stops working at once: its link cannot be used again. Register the device again to
            bring it back.
          </p>
        </ConfirmDialog>
      )}
    </Card>
  );
}

/** Names a new kiosk (and its branch), then shows its device link: the only time it can be read. */
function RegisterKioskDialog({ workplaceId, onClose }: { workplaceId: string; onClose: () => void }) {
  const branches = useWorkplaceBranches(workplaceId);
  const [name, setName] = useState('');
  const [branchId, setBranchId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [link, setLink] = useState<string | null>(null);
  const create = useCall(visitorKioskCreateCall, {
    invalidate: VISITOR_WRITES,
    onSuccess: (created) => setLink(created.link),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { workplaceId, branchId: branchId || null, name };
    const problems = schemaProblems(ZVisitorKioskCreate, body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate({ body }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  if (link !== null)
    return (
      <ShownOnceDialog
        title="Kiosk registered"
        label="Kiosk link"
        value={link}
        message="Open this link on the kiosk device. It is shown only once."
        copyLabel="Copy link"
        onClose={onClose}
      />
    );
  // While the call runs the link may arrive at any moment: closing now would lose it for good.
  const closeUnlessPending = () => {
    if (!create.isPending) onClose();
  };
  return (
    <Dialog title="Register kiosk" dismissable={!create.isPending} onClose={closeUnlessPending}>
      <form className="stack" onSubmit={submit} noValidate>
        <InputField
          label="Kiosk name"
          value={name}
          maxLength={100}
          placeholder="Reception tablet"
          error={errors.name}
          onValueChange={setName}
        />
        <SelectField
          label="Branch (optional)"
          value={branchId}
          none="No branch"
          options={optionsOf(branches.data)}
          error={errors.branchId}
          onChange={setBranchId}
        />
        <DialogFormActions submitLabel="Register" pending={create.isPending} onCancel={closeUnlessPending} />
      </form>
    </Dialog>
  );
}
