export { competenciesArea } from './area';
