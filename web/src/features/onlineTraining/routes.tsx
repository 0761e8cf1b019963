/** The online training screens, loaded with their area (router.tsx), with their styles. */
import '../../styles/onlineTraining.css';
import '../../styles/trainingMatrix.css';

export { AttemptReviewPage } from './AttemptReviewPage';
export { AttemptViewPage } from './AttemptViewPage';
export { CourseEditorPage } from './CourseEditorPage';
export { CoursesPage } from './CoursesPage';
export { TakeCoursePage } from './TakeCoursePage';
export { TrainingMatrixPage } from './TrainingMatrixPage';
export { TrainingLinkAttemptPage } from './TrainingLinkAttemptPage';
export { TrainingLinkTakePage } from './TrainingLinkTakePage';
export { TrainingStatusPage } from './TrainingStatusPage';
