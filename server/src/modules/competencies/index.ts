export { competenciesArea } from './area';
export { followedBySql } from './policy';
