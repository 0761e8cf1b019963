import {
  displayDay,
  supplierUpdatePath,
  supplierViewPath,
  type TSupplierAssessmentStatus,
} from '@compass/shared';
import { CircleCheck, Clock, MessageSquareWarning, PencilLine } from 'lucide-react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { getAuthToken } from '../../lib/storage';
import { usePageTitle } from '../../shell/pageTitle';
import { Fact } from '../registerParts';
import {
  loginPath,
  SupplierLinkFrame,
  SupplierLinkLoading,
  SupplierLinkProblem,
  useHomeSite,
  useSupplierLinkContext,
} from '../submissions';
import { useAssessmentStatus } from './api';

const TITLE = 'Supplier assessment';

/** What the supplier reads, and may do, for each state of its assigned form. */
function summaryOf(status: TSupplierAssessmentStatus) {
  const reviewer = status.reviewerName ?? status.organisationName;
  if (status.status === 'assigned' && status.returnCount > 0)
    return {
      icon: <MessageSquareWarning size={22} aria-hidden="true" />,
      tone: 'alert-warning',
      heading: 'Changes requested',
      text: `${reviewer} looked at your form and asks for changes. Please change it and submit it again by ${displayDay(status.dueDate)}.`,
    };
  if (status.status === 'assigned')
    return {
      icon: <PencilLine size={22} aria-hidden="true" />,
      tone: 'alert-info',
      heading: 'Not submitted yet',
      text: `Please fill in the form and submit it by ${displayDay(status.dueDate)}.`,
    };
  if (status.status === 'submitted')
    return {
      icon: <Clock size={22} aria-hidden="true" />,
      tone: 'alert-info',
      heading: 'Submitted for review',
      text: `Thank you. ${reviewer} will review your form; you will get an e-mail if anything needs to change.`,
    };
  return {
    icon: <CircleCheck size={22} aria-hidden="true" />,
    tone: 'alert-success',
    heading: 'Accepted',
    text: `${status.organisationName} has accepted your form. There is nothing left to do.`,
  };
}

/**
 * /form/external-parties/form-submit/supplierAssessment/{supplier}/{assignment}/{form}/{organisation}/{coordinator}
 * (001 sections 2.3 and 2.5): where an assigned supplier form stands, for the holder of its link,
 * after it was submitted or when the form is no longer a draft; from here they change it again
 * while it is theirs, or view what they sent.
 */
export function SupplierAssessmentPage() {
  usePageTitle(TITLE);
  const { assignFormId = '', companyId = '' } = useParams();
  const [params] = useSearchParams();
  const authtoken = params.get('authtoken');
  const status = useAssessmentStatus(assignFormId, authtoken);
  const submissionId = status.data?.submissionId ?? '';
  const context = useSupplierLinkContext(submissionId, submissionId ? authtoken : null);
  const homeSite = useHomeSite(context.data);

  // Without the link, a signed-in supplier finds the form on the dashboard.
  if (!authtoken) return <Navigate to={getAuthToken() ? '/dashboard' : loginPath('/dashboard')} replace />;
  const failure = status.error ?? context.error;
  if (failure) return <SupplierLinkProblem error={failure} homeSiteUrl={homeSite} />;
  if (!status.data || (submissionId && !context.data)) return <SupplierLinkLoading title={TITLE} />;

  const row = status.data;
  const summary = summaryOf(row);
  const query = new URLSearchParams({ authtoken, supplierassignId: row._id }).toString();
  const mayChange = row.status === 'assigned' || row.status === 'submitted';
  return (
    <SupplierLinkFrame title={row.formName} context={context.data} authtoken={authtoken} supplierForm>
      <section className="card" aria-label={TITLE}>
        <div className="card-body stack">
          <div className={`alert ${summary.tone}`} role="status">
            {summary.icon}
            <div>
              <strong>{summary.heading}</strong>
              <p>{summary.text}</p>
            </div>
          </div>
          {row.status === 'assigned' && row.reviewComment && (
            <blockquote className="review-comment">
              <p className="field-label">What to change</p>
              <p>{row.reviewComment}</p>
            </blockquote>
          )}
          <dl className="facts">
            <Fact label="Due">{displayDay(row.dueDate)}</Fact>
            {row.formNumber && <Fact label="Form number">{row.formNumber}</Fact>}
            <Fact label="Reviewer">{row.reviewerName ?? '—'}</Fact>
          </dl>
          {row.submissionId && (
            <div className="row wrap">
              {mayChange && (
                <Link
                  className={`btn ${row.status === 'assigned' ? 'btn-primary' : 'btn-secondary'}`}
                  to={`${supplierUpdatePath(companyId, row.submissionId)}?${query}`}
                >
                  {row.status === 'assigned' ? 'Open the form' : 'Change the form'}
                </Link>
              )}
              {row.formNumber && (
                <Link
                  className="btn btn-secondary"
                  to={`${supplierViewPath(companyId, row.submissionId)}?${query}`}
                >
                  View what you sent
                </Link>
              )}
            </div>
          )}
        </div>
      </section>
    </SupplierLinkFrame>
  );
}
