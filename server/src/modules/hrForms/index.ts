export { hrFormsArea } from './area';
