export { visitorsArea } from './area';
