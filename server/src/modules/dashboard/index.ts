export { dashboardArea } from './area';
