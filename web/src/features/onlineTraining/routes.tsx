/** The online training screens, loaded with their area (router.tsx), with their styles. */
import '../../styles/onlineTraining.css';

export { CourseEditorPage } from './CourseEditorPage';
export { CoursesPage } from './CoursesPage';
