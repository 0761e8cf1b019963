export { onlineTrainingArea } from './area';
export { meetInductionRequirements, inductionOf } from './inductions';
export { OPEN_STATUSES as OPEN_TRAINING_STATUSES } from './making';
export { assignPersonnelTraining, mailTrainingLink } from './personnel';
export { assignOnJoin } from './positionRules';
export { standingCondition as trainingStandingCondition } from './matrix';
