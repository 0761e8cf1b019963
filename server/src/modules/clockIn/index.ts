export { clockInArea } from './area';
