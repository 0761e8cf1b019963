export { suppliersArea } from './area';
