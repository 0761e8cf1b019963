import { localDateOf, messages, ZQrFormRoute, type TQrFormRoute } from '@compass/shared';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { ApiError, describeError } from '../../api/errors';
import { BrandMark } from '../../components/BrandMark';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { REFERENCE_KINDS, type References } from '../../fields';
import { usePageTitle } from '../../shell/pageTitle';
import { StandaloneLayout } from '../../shell/StandaloneLayout';
import { type BranchSource } from '../submissions';
import { browserTimeZone } from '../../lib/timeZone';
import { newEditorState, saveRequest, shapeOfTemplate, type EditorState } from '../submissions';
import { guestTransport } from '../submissions';
import { SubmissionEditor } from '../submissions';
import { fetchQrBranches, qrSubmissionKeys, saveQrSubmission, useQrSubmissionForm } from './api';

/** A guest picks no employees, suppliers, assets, risks or submissions: the form has no such fields. */
const NO_REFERENCES = Object.fromEntries(
  REFERENCE_KINDS.map((kind) => [kind, { all: [], active: [] }]),
) as unknown as References;

/** The page frame of a guest: the organisation's name, no navigation (the guest has nowhere to go). */
function GuestLayout({ companyName, children }: { companyName?: string; children: ReactNode }) {
  return <StandaloneLayout brand={<BrandMark name={companyName} />}>{children}</StandaloneLayout>;
}

/** What the guest is told instead of the form: it cannot be opened, or it was sent. */
function GuestState({
  tone,
  title,
  message,
  action,
}: {
  tone: 'danger' | 'success';
  title: string;
  message: ReactNode;
  action?: ReactNode;
}) {
  return (
    <StatePanel
      icon={tone === 'success' ? CircleCheck : CircleAlert}
      tone={tone}
      heading="h1"
      role={tone === 'danger' ? 'alert' : 'status'}
      title={title}
      message={message}
      actions={action}
    />
  );
}

/**
 * The guest form of a template's QR poster (001 section 2.5): qr/{pageType}/{employeeId}/{formId}/{companyId}
 * and form/qr-form-submit/... . No sign-in: the guest fills in the template's guest fields and submits;
 * the form is recorded as 'Guest User' and goes to the coordinator the route names.
 */
export function QrSubmissionPage() {
  const params = useParams();
  const parsed = ZQrFormRoute.safeParse({
    employeeId: params.employeeId,
    formId: params.formId,
    companyId: params.companyId,
  });
  if (!parsed.success) {
    return (
      <GuestLayout>
        <GuestState
          tone="danger"
          title="This form cannot be opened"
          message={messages.qrSubmission.invalidLink}
        />
      </GuestLayout>
    );
  }
  return <QrSubmissionForm route={parsed.data} />;
}

function QrSubmissionForm({ route }: { route: TQrFormRoute }) {
  const form = useQrSubmissionForm(route);
  // The FS number once submitted; `round` gives the next form a fresh editor.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  usePageTitle(form.data?.template.name ?? 'Form');

  const branches = useMemo<BranchSource>(
    () => ({ key: qrSubmissionKeys.branches(route), load: (workplace) => fetchQrBranches(route, workplace) }),
    [route],
  );
  const transport = useMemo(() => guestTransport(branches), [branches]);

  if (form.isPending) {
    return (
      <GuestLayout>
        <PageSpinner label="Loading…" />
      </GuestLayout>
    );
  }
  if (form.isError) {
    const retryable = !(form.error instanceof ApiError) || form.error.code === 0 || form.error.code >= 429;
    return (
      <GuestLayout>
        <GuestState
          tone="danger"
          title="This form cannot be opened"
          message={describeError(form.error).message}
          action={
            retryable && (
              <Button variant="primary" onClick={() => void form.refetch()}>
                Try again
              </Button>
            )
          }
        />
      </GuestLayout>
    );
  }

  const { template, coordinator, companyName, workplace } = form.data;
  if (submitted) {
    return (
      <GuestLayout companyName={companyName}>
        <GuestState
          tone="success"
          title={messages.qrSubmission.thankYouTitle}
          message={
            <>
              {messages.qrSubmission.thankYou} <strong data-testid="qr-form-number">{submitted}</strong>.
            </>
          }
          action={
            <Button
              variant="primary"
              onClick={() => {
                setSubmitted(null);
                setRound((value) => value + 1);
              }}
            >
              Fill in another form
            </Button>
          }
        />
      </GuestLayout>
    );
  }

  const shape = shapeOfTemplate(template);
  const initial = newEditorState(shape, {
    formDescription: '',
    formDate: localDateOf(new Date(), browserTimeZone()),
    workplace: '',
    branch: '',
    submissionUserId: [{ userId: coordinator._id }],
  });
  const submit = async (state: EditorState) => {
    const body = saveRequest(shape, state, false, null, browserTimeZone());
    const result = await saveQrSubmission({
      ...route,
      formDescription: body.formDescription,
      formDate: body.formDate,
      workplace: body.workplace,
      branch: body.branch,
      formValue: body.formValue,
      tableData: body.tableData,
      localTimeZone: body.localTimeZone,
    });
    setSubmitted(result.data.formatedNumber);
  };

  return (
    <GuestLayout companyName={companyName}>
      <SubmissionEditor
        key={round}
        shape={shape}
        submission={null}
        initial={initial}
        references={NO_REFERENCES}
        workplaces={workplace}
        viewer={{ employeeId: null, name: messages.submission.guestUser }}
        transport={transport}
        guest={{ coordinatorName: coordinator.name, submit }}
      />
    </GuestLayout>
  );
}
