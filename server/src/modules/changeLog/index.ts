export { changeLogArea } from './area';
