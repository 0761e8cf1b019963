import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { useAttempt } from './api';
import { AttemptQuestions, attemptHeading, AttemptSummary } from './attemptParts';
import { linkPage, LinkQuery } from './linkFrame';
import { useTraineePaths } from './traineeLink';

/**
 * /online-training/employee/form-attempt-view/:attemptId: a submitted attempt opened from the
 * training's link — how it came out, question by question (never the answer key).
 */
export const TrainingLinkAttemptPage = linkPage(function LinkAttempt() {
  const { attemptId = '' } = useParams();
  const attempt = useAttempt(attemptId);
  const paths = useTraineePaths();
  usePageTitle(attempt.data ? attemptHeading(attempt.data) : 'Training attempt');
  return (
    <LinkQuery query={attempt} what="attempt">
      {(view) => (
        <>
          <PageHeader back={paths.home(view.assignmentId)} title={attemptHeading(view)} />
          <AttemptSummary attempt={view} />
          <AttemptQuestions questions={view.questions} />
        </>
      )}
    </LinkQuery>
  );
});
