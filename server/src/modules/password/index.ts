export { Invitations } from './invitations';
