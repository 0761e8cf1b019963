export { Invitations } from './invitations';
export { passwordArea } from './area';
