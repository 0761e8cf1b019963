/** The visitor kiosk: a public, full-screen page of its own chunk (router.tsx), no app shell. */
import '../../styles/kiosk.css';

export { KioskPage } from './KioskPage';
