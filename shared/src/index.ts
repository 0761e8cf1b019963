export * from './constants';
export * from './messages';
export * from './rules/access';
export * from './rules/menu';
export * from './rules/password';
export * from './rules/routeGuard';
export * from './contracts/envelope';
export * from './contracts/auth';
