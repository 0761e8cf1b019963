import {
  auditAttachmentUploadCall,
  auditCloseCall,
  auditMessages,
  auditReopenCall,
  isAuditQuestion,
  type TAuditDetails,
} from '@compass/shared';
import { Download, Lock, LockOpen, PencilLine } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCall } from '../../api/useCall';
import { downloadAttachment } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { ReasonDialog } from '../../components/ReasonDialog';
import { PageSpinner } from '../../components/Spinner';
import { PreviewButton } from '../../components/PreviewableFile';
import { FieldRenderer } from '../../fields';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { FilesCard } from '../registerParts';
import { auditKeys, auditPaths, useAuditDetails } from './api';
import {
  AuditBackLink,
  AuditSections,
  AuditSummary,
  AuditUnavailable,
  FindingsCard,
  NO_REFERENCES,
} from './parts';

const ignore = () => {};

/**
 * /audit-inspection/audit-details/:auditId: the answers read-only, the findings and their status,
 * the files, and the close-off (refused while a finding is open) with its PDF.
 */
export function AuditDetailsPage() {
  const { auditId = '' } = useParams();
  usePageTitle('Audit details');
  const details = useAuditDetails(auditId);
  if (details.isError) return <AuditUnavailable />;
  if (!details.data) return <PageSpinner />;
  return <Details audit={details.data} />;
}

function Details({ audit }: { audit: TAuditDetails }) {
  const changes = [auditKeys.details(audit._id), auditKeys.all, dashboardKeys.all];
  const close = useCall(auditCloseCall, { invalidate: changes });
  const openFindings = audit.tasks.filter((task) => !task.isComplete).length;
  const answered = audit.fieldList.filter((field) => isAuditQuestion(field.type));
  return (
    <div className="admin-page stack-lg">
      <AuditBackLink />
      <AuditSummary audit={audit} score={audit.score} />
      <div className="row">
        {audit.canConduct && (
          <>
            <Link className="btn" to={auditPaths.conduct(audit._id)}>
              <PencilLine size={16} aria-hidden="true" /> Conduct
            </Link>
            <Button
              variant="primary"
              icon={<Lock size={16} aria-hidden="true" />}
              loading={close.isPending}
              onClick={() => close.mutate({ body: { _id: audit._id, version: audit.version } })}
            >
              Close off
            </Button>
          </>
        )}
        {audit.pdf && (
          <>
            <PreviewButton
              label="Preview PDF"
              file={{ name: audit.pdf.name, url: audit.pdf.path }}
              onDownload={() => downloadAttachment(audit.pdf!)}
            />
            <Button
              variant="primary"
              icon={<Download size={16} aria-hidden="true" />}
              onClick={() => downloadAttachment(audit.pdf!)}
            >
              Download PDF
            </Button>
          </>
        )}
        {audit.canReopen && <ReopenButton audit={audit} />}
      </div>
      {audit.canConduct && openFindings > 0 && (
        <p className="alert alert-warning" role="status">
          {auditMessages.openTasks}
        </p>
      )}
      <AuditSections audit={audit}>
        {(fields) => (
          <FieldRenderer
            fields={fields}
            values={audit.answers}
            onChange={ignore}
            readOnly
            references={NO_REFERENCES}
            files={{ existing: [], pending: {} }}
            tasks={{ items: [] }}
          />
        )}
      </AuditSections>
      {answered.length === 0 && <p className="text-secondary">This audit has no questions.</p>}
      <FindingsCard tasks={audit.tasks} />
      <AuditFiles audit={audit} />
    </div>
  );
}

/** Reopens a closed audit after asking why; the reason goes to the audit's history. */
function ReopenButton({ audit }: { audit: TAuditDetails }) {
  const [asking, setAsking] = useState(false);
  const reopen = useCall(auditReopenCall, {
    invalidate: [auditKeys.details(audit._id), auditKeys.all, dashboardKeys.all],
    onSuccess: () => setAsking(false),
  });
  return (
    <>
      <Button icon={<LockOpen size={16} aria-hidden="true" />} onClick={() => setAsking(true)}>
        Reopen
      </Button>
      {asking && (
        <ReasonDialog
          title="Reopen this audit?"
          description="It is in progress again, on the auditor’s dashboard, and is closed off anew with a new PDF. The earlier PDF stays among its files."
          label="Why is it reopened?"
          requiredMessage={auditMessages.reopenReasonRequired}
          submitLabel="Reopen audit"
          pending={reopen.isPending}
          maxLength={1000}
          onSubmit={(reason) => reopen.mutate({ body: { _id: audit._id, version: audit.version, reason } })}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** The audit's files (photos of what was found): the auditor adds them while it is open. */
function AuditFiles({ audit }: { audit: TAuditDetails }) {
  const upload = useCall(auditAttachmentUploadCall, { invalidate: [auditKeys.details(audit._id)] });
  return (
    <FilesCard
      recordId={audit._id}
      attachments={audit.attachments}
      empty="No files."
      upload={
        audit.canConduct ? { pending: upload.isPending, onUpload: (form) => upload.mutate({ form }) } : null
      }
    />
  );
}
