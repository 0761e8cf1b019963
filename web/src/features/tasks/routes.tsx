/** The Tasks & Reminders screens, loaded with their area (router.tsx). */
export { TaskEditPage } from './TaskEditPage';
export { TaskSignOffPage } from './TaskSignOffPage';
export { TasksPage } from './TasksPage';
