export { competenciesArea } from './area';
export { followedBySql, managesSomeone, matrixScope, refuseNonManager } from './policy';
