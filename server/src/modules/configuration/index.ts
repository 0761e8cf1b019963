export { configurationArea } from './area';
