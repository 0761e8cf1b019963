export type { SsoService } from './service';
