export { actionRegisterArea } from './area';
