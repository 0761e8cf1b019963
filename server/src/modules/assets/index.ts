export { assetsArea } from './area';
