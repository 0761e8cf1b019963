/** The Notifications screen of System Administration, loaded with its area (router.tsx). */
export { NotificationsPage } from './NotificationsPage';
