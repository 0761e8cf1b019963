import {
  assetOptionName,
  assetPath,
  ASSET_STATUS_LABELS,
  deleteAttachmentCall,
  displayDay,
  frequencyLabel,
  MAINTENANCE_KIND_LABELS,
  maintenanceFilesAddCall,
  type TMaintenanceDetails,
} from '@compass/shared';
import { UserRoundPen } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList, downloadAttachment } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { DueMarker } from '../../components/DueMarker';
import { RecordPage } from '../../components/RecordPage';
import { usePageTitle } from '../../shell/pageTitle';
import { recordPath } from '../submissions';
import { FilesCard } from '../registerParts';
import { MAINTENANCE_WRITES, useMaintenanceDetails } from './api';
import { CompletionForm } from './CompletionForm';
import { assigneeText, MaintenanceStatusBadge } from './parts';
import { ReassignDialog } from './ReassignDialog';

/**
 * One maintenance record (/asset/maintenance/:id), for the register, its employee assignee and its
 * supplier company's users: what is to be done and the fault it came from, then the completion form
 * while it is open (who may complete it), or what was done. Only the register (key `plant`) links
 * the asset and changes the assignee; only employees link a form submission.
 */
export function MaintenanceRecordPage() {
  const { id = '' } = useParams();
  const record = useMaintenanceDetails(id);
  const permissions = usePermissions().data;
  const employee = permissions?.userType === 'employee';
  const register = employee && permissions.access.plant === 'yes';
  usePageTitle(record.data?.title ?? 'Maintenance');
  return (
    <RecordPage
      query={record}
      back={
        register
          ? { to: '/asset/maintenance', label: 'Maintenance Register' }
          : { to: '/dashboard', label: 'Dashboard' }
      }
      title="Maintenance"
      heading={(row) => row.title}
      intro={(row) => <RecordIntro record={row} linkAsset={register} />}
      label="Maintenance"
    >
      {(row) => <RecordContent record={row} register={register} employee={employee} />}
    </RecordPage>
  );
}

/** The line under the heading: the asset (a link for the register) and the due day with its marker. */
function RecordIntro({ record, linkAsset }: { record: TMaintenanceDetails; linkAsset: boolean }) {
  const name = assetOptionName(record.asset);
  return (
    <span className="row wrap">
      {linkAsset ? <Link to={assetPath(record.asset._id)}>{name}</Link> : <span>{name}</span>}
      <span>· Due {displayDay(record.dueDate)}</span>
      {record.status === 'open' ? (
        <DueMarker type={record.taskDueDateType} />
      ) : (
        <MaintenanceStatusBadge status={record.status} />
      )}
    </span>
  );
}

function RecordContent({
  record,
  register,
  employee,
}: {
  record: TMaintenanceDetails;
  register: boolean;
  employee: boolean;
}) {
  const [reassigning, setReassigning] = useState(false);
  const open = record.status === 'open';
  return (
    <div className="stack-lg">
      {open && record.canReassign && (
        <div className="row wrap">
          <Button icon={<UserRoundPen size={16} aria-hidden="true" />} onClick={() => setReassigning(true)}>
            Change assignee or due date
          </Button>
        </div>
      )}
      <DetailsCard record={record} />
      <Card title="Instructions">
        <p className="preserve-lines">{record.instructions || 'No instructions were given.'}</p>
      </Card>
      {record.fault && <FaultCard fault={record.fault} />}
      {open && record.canComplete && <CompletionForm record={record} chooseSubmission={employee} />}
      {record.status === 'done' && <DoneCard record={record} register={register} />}
      {record.status === 'cancelled' && (
        <p className="text-secondary">This maintenance was cancelled: it is no longer to be done.</p>
      )}
      {reassigning && <ReassignDialog record={record} onClose={() => setReassigning(false)} />}
    </div>
  );
}

function DetailsCard({ record }: { record: TMaintenanceDetails }) {
  const facts: Array<[string, string | null]> = [
    ['Asset', assetOptionName(record.asset)],
    ['Location', record.asset.location || null],
    ['Workplace', record.asset.workplace],
    ['Asset status', ASSET_STATUS_LABELS[record.asset.status]],
    ['Kind', MAINTENANCE_KIND_LABELS[record.kind]],
    ['Frequency', record.frequency && frequencyLabel(record.frequency)],
    ['Done by', assigneeText(record.assignee)],
  ];
  return (
    <Card title="Details">
      <dl className="detail-list">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        <div>
          <dt>Due</dt>
          <dd className="row">
            {displayDay(record.dueDate)}
            {record.status === 'open' && <DueMarker type={record.taskDueDateType} />}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <MaintenanceStatusBadge status={record.status} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function FaultCard({ fault }: { fault: NonNullable<TMaintenanceDetails['fault']> }) {
  return (
    <Card title="Reported fault">
      <div className="stack">
        <p className="preserve-lines">{fault.description}</p>
        <p className="text-sm text-secondary">
          Reported by {fault.reportedBy} on {displayDay(fault.reportedAt)}
          {fault.tookOutOfService && '; the asset was taken out of service'}
        </p>
        {fault.photos.length > 0 && (
          <ActionAttachmentList stored={fault.photos} pending={[]} onDownload={downloadAttachment} />
        )}
      </div>
    </Card>
  );
}

/** What was done: the day and who, the notes, cost and linked submission, and the files. */
function DoneCard({ record, register }: { record: TMaintenanceDetails; register: boolean }) {
  // Once done, only the register adds or removes files (the contract's rule).
  const add = useCall(maintenanceFilesAddCall, { invalidate: MAINTENANCE_WRITES });
  const remove = useCall(deleteAttachmentCall, { invalidate: MAINTENANCE_WRITES });
  return (
    <>
      <Card title="Done">
        <div className="stack">
          <p>
            Done on {record.completedOn ? displayDay(record.completedOn) : '—'}
            {record.completedBy && ` by ${record.completedBy}`}
          </p>
          {record.completionNotes && <p className="preserve-lines">{record.completionNotes}</p>}
          {record.cost !== null && <p>Cost: {record.cost}</p>}
          {record.formSubmission && (
            <p>
              Form submission:{' '}
              <Link to={recordPath(record.formSubmission._id)}>{record.formSubmission.name}</Link>
            </p>
          )}
        </div>
      </Card>
      <FilesCard
        recordId={record._id}
        attachments={record.attachments}
        upload={register ? { pending: add.isPending, onUpload: (form) => add.mutate({ form }) } : null}
        remove={
          register
            ? {
                pending: remove.isPending,
                onDelete: (file) =>
                  remove.mutate({
                    body: { fileType: 'maintenanceRecord', fileId: file._id, _id: record._id },
                  }),
              }
            : undefined
        }
      />
    </>
  );
}
