export { accountArea } from './area';
