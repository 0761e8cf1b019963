import { FilePlus2, House, UserX } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { NEW_SUBMISSION_PATH, newSubmissionPath } from './paths';

/**
 * /form-submission/form-submit/employeeAssessment/:employeeId/:formId, where a sign-in link with
 * employeeId and formId leads (000 section 2.3, 001 section 2.5): a new form of that template for
 * the employee it names, in the form editor. Anyone else is told it is not theirs (docs/dashboard.md).
 */
export function EmployeeAssessmentPage() {
  usePageTitle('Fill in a form');
  const { employeeId = '', formId = '' } = useParams();
  const permissions = usePermissions();
  if (permissions.isPending) return <PageSpinner label="Loading…" />;
  if (permissions.data?.employeeId === employeeId) return <Navigate to={newSubmissionPath(formId)} replace />;
  return (
    <section className="card state-panel" aria-labelledby="employee-assessment-title">
      <span className="state-icon">
        <UserX size={28} aria-hidden="true" />
      </span>
      <h2 id="employee-assessment-title">This form was sent to someone else</h2>
      <p>
        The link asks another employee to fill in this form. Sign in as them to fill it in, or start a form of
        your own from New Submission.
      </p>
      <div className="state-actions">
        <Link to="/dashboard" className="btn btn-primary">
          <House size={16} aria-hidden="true" />
          Back to Home
        </Link>
        {permissions.data?.employeeId && (
          <Link to={NEW_SUBMISSION_PATH} className="btn btn-secondary">
            <FilePlus2 size={16} aria-hidden="true" />
            New Submission
          </Link>
        )}
      </div>
    </section>
  );
}
