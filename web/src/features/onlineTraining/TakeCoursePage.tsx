import { FileWarning } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { describeError } from '../../api/errors';
import { PageSpinner } from '../../components/Spinner';
import { HomeLink, StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { useAssignment } from './api';
import { trainingBack } from './attemptParts';
import { TakeCourse } from './takeParts';

/**
 * /human-resource/employee/online-training-form-submit/:courseId/:employeeId?assignFormId=… (the
 * dashboard's Online Training item and the mail's link): the course to read, the attempts so far,
 * and the test — started here, answered and submitted for the server to score.
 */
export function TakeCoursePage() {
  const [params] = useSearchParams();
  const id = params.get('assignFormId') ?? '';
  const assignment = useAssignment(id);
  usePageTitle(assignment.data?.courseName ?? 'Online training');
  if (!id || assignment.isError)
    return (
      <StatePanel
        icon={FileWarning}
        tone="warning"
        role="alert"
        title="This training cannot be opened"
        message={
          id
            ? describeError(assignment.error).message
            : 'The link does not say which training: open it from the dashboard.'
        }
        actions={<HomeLink />}
      />
    );
  if (!assignment.data) return <PageSpinner label="Opening the training…" />;
  return <TakeCourse view={assignment.data} back={trainingBack(assignment.data)} />;
}
