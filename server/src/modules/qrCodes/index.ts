export { qrCodesArea } from './area';
