export { ActionDialog } from './ActionDialog';
