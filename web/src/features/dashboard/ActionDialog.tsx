import {
  ALLOWED_UPLOAD_EXTENSIONS,
  auditDetailsPath,
  formTaskPath,
  hazardousPath,
  obligationEditPath,
  riskPath,
  type TAssignedActionItem,
  type TAssignedActionKind,
} from '@compass/shared';
import { ArrowRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { ActionAttachmentList, ActionFacts, ActionResponse } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { Dialog, DialogQueryState } from '../../components/Dialog';
import {
  assignedActionKeys,
  useActionDetails,
  useDeleteActionFile,
  type ActionDetails as Details,
  type ActionDetailsSource,
} from './actionApi';
import { useActionResponse } from './useActionResponse';

interface ActionDialogProps {
  item: Pick<TAssignedActionItem, 'sectionType' | 'taskID' | 'itemName' | 'taskDueDateType'>;
  onClose: () => void;
  /** Link to the audit / obligation / form (employees only: external parties have no such pages). */
  showParentLink?: boolean;
  /**
   * Where the details come from instead of the caller's own actions (the action register's view of
   * any action): `mine` false shows it read-only, since only the assignee completes an action.
   */
  load?: ActionDetailsSource;
  /** More buttons before Close (the register's Reassign). */
  actions?: ReactNode;
  /** After a save, besides the dashboard's lists (the register's list). */
  onSaved?: () => Promise<unknown>;
}

const TITLES: Record<TAssignedActionKind, string> = {
  audit: 'Audit action',
  obligation: 'Obligation action',
  form: 'Form action',
};

const ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function parentLink(details: Details): { to: string; label: string } | null {
  if (details.auditId) return { to: auditDetailsPath(details.auditId), label: 'Open the audit' };
  if (details.obligationId)
    return { to: obligationEditPath(details.obligationId), label: 'Open the obligation' };
  if (details.riskId) return { to: riskPath(details.riskId), label: 'Open the risk' };
  if (details.hazardousId) return { to: hazardousPath(details.hazardousId), label: 'Open the substance' };
  if (details.formSubmissionId) {
    return { to: formTaskPath(details.formSubmissionId, details._id), label: 'Open the form' };
  }
  return null;
}

/**
 * A register's action and a performance review's agreed action are listed with the form actions
 * (sectionType form) but say what they are.
 */
function titleOf(kind: TAssignedActionKind, details: Details | undefined): string {
  if (details?.riskId) return 'Risk action';
  if (details?.hazardousId) return 'Hazardous substance action';
  if (details?.performanceReviewId) return 'Performance review action';
  return TITLES[kind];
}

/**
 * The audit question, obligation question and form-submission task dialogs (000 sections 2.2
 * and 4): the due date is read-only; Save Draft keeps the response open, Complete needs one.
 */
export function ActionDialog({
  item,
  onClose,
  showParentLink = true,
  load,
  actions,
  onSaved,
}: ActionDialogProps) {
  const kind = item.sectionType as TAssignedActionKind;
  const key = load?.key ?? assignedActionKeys.details(kind, item.taskID);
  const details = useActionDetails(kind, item.taskID, load);
  const draft = useActionResponse(kind, item.taskID, key, details.data?.response, async () => {
    await onSaved?.();
    onClose();
  });
  const readOnly = details.data?.completeStatus === 'yes' || details.data?.mine === false;
  const remove = useDeleteActionFile(kind, item.taskID, key);

  const link = details.data && showParentLink ? parentLink(details.data) : null;
  const { save, submit } = draft;
  const busy = save.isPending;

  return (
    <Dialog
      title={titleOf(kind, details.data)}
      description={item.itemName}
      onClose={onClose}
      dismissable={!busy}
      footer={
        <>
          {actions}
          <Button onClick={onClose} disabled={busy}>
            Close
          </Button>
          {details.data && !readOnly && (
            <>
              <Button
                onClick={() => submit('no')}
                loading={busy && save.variables?.completeStatus === 'no'}
                disabled={busy}
              >
                Save Draft
              </Button>
              <Button
                variant="primary"
                onClick={() => submit('yes')}
                loading={busy && save.variables?.completeStatus === 'yes'}
                disabled={busy}
              >
                Complete
              </Button>
            </>
          )}
        </>
      }
    >
      <DialogQueryState query={details} failure="This action could not be loaded." />
      {details.data && (
        <>
          <ActionFacts details={details.data} dueType={item.taskDueDateType}>
            <div>
              <dt>{kind === 'audit' ? 'Question' : 'Reference'}</dt>
              <dd>{details.data.question ?? details.data.reference ?? '—'}</dd>
            </div>
          </ActionFacts>

          <ActionResponse
            value={draft.response}
            onChange={draft.setResponse}
            readOnly={readOnly}
            rows={4}
            error={draft.error}
          />

          <ActionAttachments
            stored={details.data.attachment}
            draft={draft}
            readOnly={readOnly}
            remove={remove}
          />

          {link && (
            <p className="dialog-link">
              <Link to={link.to}>
                {link.label}
                <ArrowRight size={14} aria-hidden="true" />
              </Link>
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}

/** The action's stored files and, while it can still be answered, the new ones sent with the save. */
function ActionAttachments({
  stored,
  draft,
  readOnly,
  remove,
}: {
  stored: Details['attachment'];
  draft: ReturnType<typeof useActionResponse>;
  readOnly: boolean;
  remove: ReturnType<typeof useDeleteActionFile>;
}) {
  const filesId = useId();
  return (
    <div className="field">
      <span className="field-label">Attachments</span>
      <ActionAttachmentList
        stored={stored}
        pending={draft.files}
        onDownload={(file) => void downloadFile(file.path, file.name).catch(notifyError)}
        onDelete={readOnly ? undefined : (file) => remove.mutate(file)}
        deleteDisabled={remove.isPending}
        onRemove={draft.removeFile}
      />
      {!readOnly && (
        <>
          <label htmlFor={filesId} className="visually-hidden">
            Add files
          </label>
          <input
            id={filesId}
            type="file"
            multiple
            accept={ACCEPT}
            onChange={(event) => {
              draft.addFiles(event.target.files);
              event.target.value = '';
            }}
          />
        </>
      )}
    </div>
  );
}
