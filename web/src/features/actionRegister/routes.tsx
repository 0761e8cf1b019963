/** The action register's screen, loaded with its area (router.tsx). */
export { ActionRegisterPage } from './ActionRegisterPage';
