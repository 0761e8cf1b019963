export { apiTokensArea } from './area';
