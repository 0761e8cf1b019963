export { healthArea } from './area';
