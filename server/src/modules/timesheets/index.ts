export { timesheetsArea } from './area';
