import { FileWarning } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { describeError } from '../../api/errors';
import { PageSpinner } from '../../components/Spinner';
import { HomeLink, StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { useOpenHrForm } from './api';

/**
 * /human-resource/employee/form-submit/assessment/:employee/:id/:formId (HR Forms on the
 * employee's dashboard, and the link in their mail): the server starts the employee's form on the
 * first open, and the form editor opens it with its assignment (Save Draft and Submit). A form that
 * is not theirs, or no longer theirs to fill in (submitted, closed, withdrawn), says why.
 */
export function HrAssessmentPage() {
  usePageTitle('HR form');
  const { id = '' } = useParams();
  const opened = useOpenHrForm(id);
  if (opened.data) return <Navigate to={opened.data.path} replace />;
  if (opened.isError)
    return (
      <StatePanel
        icon={FileWarning}
        tone="warning"
        role="alert"
        title="This HR form cannot be opened"
        message={describeError(opened.error).message}
        actions={<HomeLink />}
      />
    );
  return <PageSpinner label="Opening the form…" />;
}
