export { hazardousArea } from './area';
export { sdsMissingOrDueSql } from './service';
