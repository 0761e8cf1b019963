/** The API tokens screen of System Administration, loaded with its area (router.tsx). */
export { ApiTokensPage } from './ApiTokensPage';
