import { Navigate, useParams } from 'react-router';
import { ListState } from '../../components/ListParts';
import { usePageTitle } from '../../shell/pageTitle';
import { useOpenAssignment } from './api';

/**
 * /external-parties/form-submit/assessment/:id/:formId (Assigned Forms on the supplier's
 * dashboard): the server hands the signed-in supplier or person a link of their own to the form,
 * and the form opens on the same Update Form Submission page the invitation's link opens.
 */
export function AssessmentPage() {
  usePageTitle('Assigned form');
  const { id = '' } = useParams();
  const opened = useOpenAssignment(id);
  if (opened.data) return <Navigate to={opened.data.path} replace />;
  return (
    <div className="admin-page">
      <section className="card list-card" aria-label="Assigned form">
        <ListState query={opened} count={1} empty="" />
      </section>
    </div>
  );
}
