/** Vismate's signed-in screens, loaded with their area (router.tsx); the kiosk is kioskRoutes.tsx. */
import '../../styles/visitors.css';

export { VisitorRegisterPage } from './VisitorRegisterPage';
export { VisitPage } from './VisitPage';
export { OnSiteNowPage } from './OnSiteNowPage';
export { VisitorSetupListPage } from './VisitorSetupListPage';
export { VisitorSetupPage } from './VisitorSetupPage';
