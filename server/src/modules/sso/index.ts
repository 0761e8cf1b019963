export type { SsoService } from './service';
export { ssoArea } from './area';
