export { supplierAccessArea } from './area';
