export { onlineTrainingArea } from './area';
export { meetInductionRequirements, inductionOf } from './inductions';
export { assignPersonnelTraining, mailTrainingLink } from './personnel';
