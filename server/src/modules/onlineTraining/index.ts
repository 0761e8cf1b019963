export { onlineTrainingArea } from './area';
