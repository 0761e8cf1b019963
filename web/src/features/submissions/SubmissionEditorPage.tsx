import { localDateOf, type TFormSubmission } from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileWarning } from 'lucide-react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { ApiError, describeError } from '../../api/errors';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { browserTimeZone } from '../../lib/timeZone';
import {
  submissionKeys,
  useEmployeePlace,
  useRelatedLists,
  useSubmissionDetails,
  useTemplateDetail,
} from './api';
import type { LinkMode } from './editorModes';
import { newEditorState, shapeOfSubmission, shapeOfTemplate, storedEditorState } from './editorState';
import { MY_RECORDS_PATH } from './paths';
import { usePickReferences } from './pickReferences';
import { SubmissionEditor } from './SubmissionEditor';

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <section className="card state-panel" role="alert">
      <span className="state-icon state-icon-danger">
        <FileWarning size={28} aria-hidden="true" />
      </span>
      <h1>This form could not be opened</h1>
      <p>{describeError(error).message}</p>
      <div className="state-actions">
        <Button variant="primary" onClick={onRetry}>
          Retry
        </Button>
        <Link className="btn btn-secondary" to={MY_RECORDS_PATH}>
          My Records
        </Link>
      </div>
    </section>
  );
}

/**
 * An HR form opened by the employee it is assigned to (the path hrFormOpen answers carries its
 * assignFormId): they fill it in and submit it for review, so Save Draft and Submit (and Save)
 * only, never a close; Cancel and a submit lead back to the dashboard. Its reviewer (the form's
 * coordinator) gets the whole editor; any other form too.
 */
function useAssigneeMode(
  submission: TFormSubmission | undefined,
  employeeId: string | null,
): LinkMode | undefined {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const assigned = !!search.get('assignFormId') && submission?.formType === 'hr';
  if (!assigned || submission.submissionUserId[0]?.userId === employeeId) return undefined;
  return {
    viewOnly: false,
    hideInitialDetails: false,
    onLeave: () => navigate('/dashboard'),
    onSaved: async (saved, asDraft) => {
      await queryClient.invalidateQueries({ queryKey: submissionKeys.lists });
      if (asDraft) await queryClient.invalidateQueries({ queryKey: submissionKeys.details(saved._id) });
      else navigate('/dashboard');
    },
  };
}

/**
 * The editor's routes: a stored submission (/form-submission/Record/{id}, .../record/{companyId}/{id},
 * .../my-action-edit/{id}[/{taskId}]) or a new one from a template (/form-submission/new/{templateId}).
 * It loads what the editor needs and shows loading and error states.
 */
export function SubmissionEditorPage() {
  const { id, templateId, taskId } = useParams();
  const permissions = usePermissions();
  const lists = useRelatedLists(id ? { formSubmissionId: id } : { formTemplateId: templateId });
  const details = useSubmissionDetails(id);
  const template = useTemplateDetail(id ? undefined : templateId);
  const employeeId = permissions.data?.employeeId ?? null;
  const usesEmployeeBranch = !!template.data && template.data.formBranchType !== 'manualEntry';
  const place = useEmployeePlace(employeeId, usesEmployeeBranch);

  const title = details.data?.formTemplateName ?? template.data?.name ?? 'Form Submission';
  usePageTitle(title);

  const references = usePickReferences(lists.data);
  const assigneeMode = useAssigneeMode(details.data, employeeId);

  const main = id ? details : template;
  // 001 section 8: a 400 on the details sends the user to the dashboard (the toast says why).
  if (main.error instanceof ApiError && main.error.code === 400) return <Navigate to="/dashboard" replace />;
  if (main.isError) return <LoadFailed error={main.error} onRetry={() => void main.refetch()} />;
  if (lists.isError) return <LoadFailed error={lists.error} onRetry={() => void lists.refetch()} />;
  const placePending = usesEmployeeBranch && !!employeeId && place.isPending;
  if (!main.data || !references || !lists.data || !permissions.data || placePending) {
    return <PageSpinner label="Loading…" />;
  }

  const viewer = { employeeId, name: permissions.data.name };
  if (details.data) {
    const submission = details.data;
    return (
      <SubmissionEditor
        key={`${submission._id}:${submission.version}`}
        shape={shapeOfSubmission(submission)}
        submission={submission}
        initial={storedEditorState(submission)}
        references={references}
        workplaces={lists.data.workplace}
        viewer={viewer}
        openTaskId={taskId}
        linkMode={assigneeMode}
      />
    );
  }

  const detail = template.data!;
  const coordinator = detail.coordinate ?? employeeId;
  const shape = shapeOfTemplate(detail);
  const initial = newEditorState(shape, {
    formDescription: '',
    formDate: localDateOf(new Date(), browserTimeZone()),
    // 001 section 5: unless the branch is entered by hand, the employee's own branch is preselected.
    workplace: usesEmployeeBranch ? (place.data?.workplace ?? '') : '',
    branch: usesEmployeeBranch ? (place.data?.branch ?? '') : '',
    submissionUserId: coordinator ? [{ userId: coordinator }] : [],
  });
  return (
    <SubmissionEditor
      key={detail._id}
      shape={shape}
      submission={null}
      initial={initial}
      references={references}
      workplaces={lists.data.workplace}
      viewer={viewer}
    />
  );
}
