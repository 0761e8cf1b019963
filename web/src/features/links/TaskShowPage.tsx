import {
  ALLOWED_UPLOAD_EXTENSIONS,
  displayDay,
  EXTERNAL_TASK_REDIRECT_MS,
  messages,
  taskDueType,
  type TExternalTaskDetails,
  type TExternalTaskDetailsRequest,
  ZExternalTaskSaveRequest,
} from '@compass/shared';
import { CircleAlert, CircleCheck, ExternalLink, Paperclip } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useConfiguration } from '../../api/auth';
import { downloadFile } from '../../api/client';
import { describeError, notifyError } from '../../api/errors';
import { ActionAttachmentList, ActionFacts, ActionResponse } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { StatePanel } from '../../components/StatePanel';
import { PageSpinner, Spinner } from '../../components/Spinner';
import { chosenFilesProblem, compressImage } from '../../fields/FileField';
import { browser } from '../../lib/browser';
import { getAuthToken } from '../../lib/storage';
import { StandaloneLayout } from '../../shell/StandaloneLayout';
import { usePageTitle } from '../../shell/pageTitle';
import { browserTimeZone, browserToday } from '../../lib/timeZone';
import { linkPath, useDeleteExternalTaskFile, useExternalTask, useSaveExternalTask } from './api';

const ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * The link to the whole form (001 section 2.4): signed in, the record view; otherwise sign-in with
 * companyId and the submission id, which return to the record after signing in.
 */
export function formLink(
  details: Pick<TExternalTaskDetails, 'companyId' | 'formSubmissionId'>,
  signedIn: boolean,
) {
  if (signedIn) {
    return `/form-submission/record/${encodeURIComponent(details.companyId)}/${encodeURIComponent(details.formSubmissionId)}`;
  }
  const query = new URLSearchParams({
    companyId: details.companyId,
    submissionData: details.formSubmissionId,
  });
  return `/login?${query.toString()}`;
}

function ProblemPanel({ message, signedIn }: { message: string; signedIn: boolean }) {
  return (
    <StatePanel
      icon={CircleAlert}
      tone="warning"
      heading="h1"
      title="This action cannot be opened"
      message={message}
      actions={
        <Link to={signedIn ? '/dashboard' : '/login'} className="btn btn-primary">
          {signedIn ? 'Go to the dashboard' : 'Sign in'}
        </Link>
      }
    />
  );
}

/**
 * The external task-action page (001 section 2.4): opened from the assignment mail without signing
 * in (the link's `authtoken`), or by a signed-in assignee. Complete and Save Draft, files with
 * photos compressed before upload, then the 2-second redirect.
 */
export function TaskShowPage() {
  const { id = '', taskId = '' } = useParams();
  const [params] = useSearchParams();
  const authtoken = params.get('authtoken');
  const signedIn = getAuthToken() !== null;
  const navigate = useNavigate();
  const configuration = useConfiguration();
  const request = { formSubmissionId: id, taskId };
  // Without the link's token nobody can open it: say so rather than ask the server, whose answer
  // (no session) would speak of an expired sign-in the visitor never had.
  const openable = authtoken !== null || signedIn;
  const task = useExternalTask(request, authtoken, openable);
  usePageTitle('Form action');
  const [leaving, setLeaving] = useState(false);

  // 001 sections 4 and 9: two seconds after a save, leave for the dashboard (signed in) or the site.
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => {
      if (signedIn) navigate('/dashboard', { replace: true });
      else browser.assign(configuration.data?.homeSiteUrl || '/');
    }, EXTERNAL_TASK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [leaving, signedIn, navigate, configuration.data?.homeSiteUrl]);

  if (!openable) {
    return (
      <StandaloneLayout>
        <ProblemPanel message={messages.links.unknown} signedIn={false} />
      </StandaloneLayout>
    );
  }

  if (task.isPending) {
    return (
      <StandaloneLayout>
        <PageSpinner label="Loading…" />
      </StandaloneLayout>
    );
  }
  if (task.isError) {
    return (
      <StandaloneLayout>
        <ProblemPanel message={describeError(task.error).message} signedIn={signedIn} />
      </StandaloneLayout>
    );
  }

  const details = task.data;
  return (
    <StandaloneLayout>
      <div className="task-show">
        <header className="task-show-header">
          <p className="task-show-eyebrow">Form action</p>
          <h1 className="task-show-title">{details.instruction}</h1>
          <Link to={formLink(details, signedIn)} className="task-show-form-link">
            {details.formatedNumber} · {details.formName}
            <ExternalLink size={14} aria-hidden="true" />
          </Link>
        </header>

        {leaving && (
          <p className="alert alert-success" role="status">
            <CircleCheck size={18} aria-hidden="true" />
            Saved. Taking you {signedIn ? 'to the dashboard' : 'back'} in a moment…
          </p>
        )}
        {details.editable === 'no' && !leaving && (
          <p className="alert alert-info" role="status">
            <CircleAlert size={18} aria-hidden="true" />
            {details.complete
              ? `This action was completed on ${displayDay(details.completedOn)}.`
              : messages.externalTask.viewOnly}
          </p>
        )}

        <TaskActionCard
          details={details}
          request={request}
          authtoken={authtoken}
          leaving={leaving}
          onSaved={() => setLeaving(true)}
        />
      </div>
    </StandaloneLayout>
  );
}

/** The action: its facts, the response and the files, with Save Draft and Complete while it is open. */
function TaskActionCard({
  details,
  request,
  authtoken,
  leaving,
  onSaved,
}: {
  details: TExternalTaskDetails;
  request: TExternalTaskDetailsRequest;
  authtoken: string | null;
  leaving: boolean;
  onSaved: () => void;
}) {
  const [response, setResponse] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);

  const save = useSaveExternalTask(request, authtoken, () => {
    onSaved();
    // The files and the response are saved: the page shows them as the server has them now.
    setFiles([]);
    setResponse(null);
  });
  const remove = useDeleteExternalTaskFile(request, authtoken);

  const currentResponse = response ?? details.response;
  const editable = details.editable === 'yes' && !leaving;
  const busy = save.isPending || preparing || leaving;

  const submit = (complete: boolean) => {
    const parsed = ZExternalTaskSaveRequest.safeParse({
      ...request,
      response: currentResponse,
      complete: String(complete),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.action.responseRequired);
      return;
    }
    setError(null);
    const form = new FormData();
    form.set('formSubmissionId', request.formSubmissionId);
    form.set('taskId', request.taskId);
    form.set('response', currentResponse);
    form.set('complete', String(complete));
    form.set('localTimeZone', browserTimeZone());
    for (const file of files) form.append('files', file, file.name);
    save.mutate({ complete, form });
  };

  const addFiles = async (chosen: FileList | null) => {
    const list = Array.from(chosen ?? []);
    if (list.length === 0) return;
    const problem = chosenFilesProblem(list, files.length);
    setError(problem);
    if (problem) return;
    setPreparing(true);
    try {
      const ready = await Promise.all(list.map(compressImage));
      setFiles((previous) => [...previous, ...ready]);
    } finally {
      setPreparing(false);
    }
  };

  const dueType = details.complete ? 'nodue' : taskDueType(details.due, browserToday());

  return (
    <section className="card task-show-card" aria-label="Action">
      <ActionFacts
        className="task-show-details"
        details={{
          instruction: details.instruction,
          assignToName: details.assignToName,
          assignToType: details.actionType,
          dueDate: details.due,
          // The Status row after them says whether it is completed.
          completeStatus: 'no',
          completedOn: null,
        }}
        dueType={dueType}
        after={
          <div>
            <dt>Status</dt>
            <dd>
              <span className={details.complete ? 'badge badge-success' : 'badge badge-warning'}>
                {details.status}
              </span>
            </dd>
          </div>
        }
      >
        <div>
          <dt>Form</dt>
          <dd>{details.formDescription || '—'}</dd>
        </div>
      </ActionFacts>

      <ActionResponse
        value={currentResponse}
        onChange={setResponse}
        readOnly={!editable}
        rows={5}
        error={error}
      />

      <div className="field">
        <span className="field-label">Attachments</span>
        <ActionAttachmentList
          stored={details.attachment}
          pending={files}
          onDownload={(file) =>
            void downloadFile(linkPath(file.path, authtoken), file.name).catch(notifyError)
          }
          fileUrl={(file) => linkPath(file.path, authtoken)}
          onDelete={editable ? (file) => remove.mutate(file) : undefined}
          deleteDisabled={remove.isPending || busy}
          onRemove={
            editable ? (index) => setFiles((previous) => previous.filter((_, at) => at !== index)) : undefined
          }
          removeDisabled={busy}
        />
        {editable && (
          <AddFilesRow busy={busy} preparing={preparing} onAdd={(chosen) => void addFiles(chosen)} />
        )}
      </div>

      {editable && (
        <div className="task-show-actions">
          <Button
            onClick={() => submit(false)}
            loading={save.isPending && save.variables?.complete === false}
            disabled={busy}
          >
            Save Draft
          </Button>
          <Button
            variant="primary"
            onClick={() => submit(true)}
            loading={save.isPending && save.variables?.complete === true}
            disabled={busy}
          >
            Complete
          </Button>
        </div>
      )}
    </section>
  );
}

/** Adds files to send with the next save (photos are compressed first: `preparing`). */
function AddFilesRow({
  busy,
  preparing,
  onAdd,
}: {
  busy: boolean;
  preparing: boolean;
  onAdd: (chosen: FileList | null) => void;
}) {
  const filesId = useId();
  return (
    <div className="row">
      <label htmlFor={filesId} className="btn btn-secondary btn-sm">
        <Paperclip size={14} aria-hidden="true" />
        Add files
      </label>
      <input
        id={filesId}
        className="visually-hidden"
        type="file"
        multiple
        accept={ACCEPT}
        disabled={busy}
        onChange={(event) => {
          onAdd(event.target.files);
          event.target.value = '';
        }}
      />
      {preparing && <Spinner label="Preparing files…" />}
    </div>
  );
}
