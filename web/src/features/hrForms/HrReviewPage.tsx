import {
  HR_FORMS_PATH,
  hrFormMessages as say,
  hrFormReturnCall,
  type TFormSubmissionClosed,
  type THrFormDetails,
} from '@compass/shared';
import { CircleCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { downloadAttachment } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { RecordPage } from '../../components/RecordPage';
import { ReturnOrAccept } from '../../components/ReviewDecision';
import { HomeLink, StatePanel } from '../../components/StatePanel';
import { PreviewButton } from '../../components/PreviewableFile';
import { usePageTitle } from '../../shell/pageTitle';
import { FormAnswers, useSubmittedAnswers } from '../submissions';
import { hrFormKeys, useAcceptHrForm, useHrFormDetails } from './api';
import { HrFormFacts } from './parts';

/**
 * /human-resource/employee/form-submit/review/:employee/:id/:formId (the reviewer's dashboard
 * item): the employee's answers, read-only; the reviewer returns the form with a comment, or
 * accepts it, which closes it off with its PDF.
 */
export function HrReviewPage() {
  usePageTitle('Review HR form');
  const { id = '' } = useParams();
  const details = useHrFormDetails(id);
  const [closed, setClosed] = useState<TFormSubmissionClosed | null>(null);
  const accept = useAcceptHrForm(setClosed);
  const back = useCall(hrFormReturnCall, { invalidate: [hrFormKeys.all, dashboardKeys.all] });
  const form = useSubmittedAnswers(details.data?.submissionId ?? undefined, details.data?.status);
  if (closed) return <Accepted closed={closed} />;
  return (
    <RecordPage
      query={details}
      back={
        details.data?.side === 'hr'
          ? { to: HR_FORMS_PATH, label: 'HR Forms' }
          : { to: '/dashboard', label: 'Dashboard' }
      }
      title="Review HR form"
      heading={(row) => row.formName}
      intro={(row) => `${row.employeeName}${row.formNumber ? ` · ${row.formNumber}` : ''}`}
      label="HR form"
    >
      {(row) => (
        <>
          <section className="card" aria-label="HR form">
            <div className="card-body stack">
              <HrFormFacts form={row} />
              {row.canReview && row.submissionId && (
                <div className="row wrap">
                  <ReturnOrAccept
                    to="employee"
                    returned={{
                      pending: back.isPending,
                      description:
                        'They get an e-mail with your comment, and the form is theirs to change again.',
                      requiredMessage: say.commentRequired,
                      send: (comment, done) =>
                        back.mutate({ body: { _id: id, comment } }, { onSuccess: done }),
                    }}
                    accepted={{
                      pending: accept.isPending,
                      consequence:
                        'The form is closed off as it is: its PDF is made and the employee is told.',
                      send: (done) => accept.mutate(row.submissionId!, { onSuccess: done }),
                    }}
                  />
                </div>
              )}
              <StandingNote row={row} />
            </div>
          </section>
          {form.data && form.data.isDraft === 'no' && <FormAnswers submission={form.data} />}
        </>
      )}
    </RecordPage>
  );
}

/** Why there is nothing to decide, when there is not. */
function StandingNote({ row }: { row: THrFormDetails }) {
  if (row.canReview) return null;
  const note = {
    assigned: 'The employee has not submitted this form yet.',
    submitted: 'The form is waiting for its reviewer.',
    closed: 'This form has been accepted and closed.',
    cancelled: 'HR withdrew this form.',
  }[row.status];
  return <p className="text-secondary">{note}</p>;
}

/** After Accept and close: the form is closed, with its PDF to download. */
function Accepted({ closed }: { closed: TFormSubmissionClosed }) {
  return (
    <StatePanel
      icon={CircleCheck}
      tone="success"
      role="status"
      title="Accepted and closed"
      message="The form is closed off and the employee has been told. Its PDF is kept with the form."
      actions={
        <>
          <PreviewButton
            label="Preview PDF"
            file={{ name: closed.pdf.name, url: closed.pdf.path }}
            onDownload={() => downloadAttachment(closed.pdf)}
          />
          <Button
            icon={<Download size={16} aria-hidden="true" />}
            onClick={() => downloadAttachment(closed.pdf)}
          >
            Download PDF
          </Button>
          <HomeLink />
        </>
      }
    />
  );
}
