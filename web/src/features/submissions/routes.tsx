import { SubmissionListPage } from './SubmissionListPage';

/** The screens of the form-submission area, loaded together by the router when one is opened. */
export { EmployeeAssessmentPage } from './EmployeeAssessmentPage';
export { NewSubmissionPage } from './NewSubmissionPage';
export { SubmissionEditorPage } from './SubmissionEditorPage';
export { UpdateSubmissionPage } from './UpdateSubmissionPage';
export { ViewSubmissionPage } from './ViewSubmissionPage';

export function MyRecordsPage() {
  return <SubmissionListPage scope="my" />;
}

export function RecordsPage() {
  return <SubmissionListPage scope="all" />;
}
