export { templatesArea } from './area';
