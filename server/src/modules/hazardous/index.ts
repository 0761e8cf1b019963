export { hazardousArea } from './area';
