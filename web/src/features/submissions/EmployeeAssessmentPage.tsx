import { FilePlus2, UserX } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { PageSpinner } from '../../components/Spinner';
import { HomeLink, StatePanel } from '../../components/StatePanel';
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
    <StatePanel
      icon={UserX}
      title="This form was sent to someone else"
      message="The link asks another employee to fill in this form. Sign in as them to fill it in, or start a form of your own from New Submission."
      actions={
        <>
          <HomeLink />
          {permissions.data?.employeeId && (
            <Link to={NEW_SUBMISSION_PATH} className="btn btn-secondary">
              <FilePlus2 size={16} aria-hidden="true" />
              New Submission
            </Link>
          )}
        </>
      }
    />
  );
}
