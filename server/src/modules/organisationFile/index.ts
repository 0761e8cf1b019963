export { templateFileOf, templateRows } from './templates';
