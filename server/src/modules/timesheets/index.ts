export { timesheetsArea } from './area';
export { mondayOf } from './week';
