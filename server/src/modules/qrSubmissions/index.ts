export { qrSubmissionsArea } from './area';
