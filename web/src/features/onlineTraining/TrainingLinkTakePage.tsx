import { linkPage, LinkQuery, useLinkAssignment } from './linkFrame';
import { TakeCourse } from './takeParts';
import { useTraineePaths } from './traineeLink';

/**
 * /online-training/employee/form-submit/:assignmentId (the first attempt) and …/form-re-test/
 * :assignmentId (another): the take page opened from the training's link — the course, the test,
 * the result — leading back to where the training stands.
 */
export const TrainingLinkTakePage = linkPage(function LinkTake() {
  const paths = useTraineePaths();
  return (
    <LinkQuery query={useLinkAssignment()} what="training">
      {(view) => <TakeCourse view={view} back={paths.home(view._id)} />}
    </LinkQuery>
  );
});
