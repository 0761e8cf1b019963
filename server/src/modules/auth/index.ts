export { PasswordHasher } from './passwords';
export { displayName } from './service';
export type { AuthService, ClientMeta } from './service';
export { throttleAccountOf } from './throttle';
export type { SignInThrottle } from './throttle';
export { authArea } from './area';
