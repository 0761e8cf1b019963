export { changeLogArea } from './area';
export { historyOf, type HistoryStep } from './steps';
