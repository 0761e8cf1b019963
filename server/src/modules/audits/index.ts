export { auditsArea } from './area';
export { mayConduct, mayReopen, visibleAudit } from './policy';
