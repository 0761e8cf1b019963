/** The document library's screens, loaded with their area (router.tsx). */
export { AcknowledgementPage } from './AcknowledgementPage';
export { ApprovalPage } from './ApprovalPage';
export { DocumentPage } from './DocumentPage';
export { DocumentReviewPage } from './DocumentReviewPage';
export { LibraryPage } from './LibraryPage';
export { MyAcknowledgementsPage } from './MyAcknowledgementsPage';
