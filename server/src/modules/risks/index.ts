export { risksArea } from './area';
