/**
 * API tokens for integrations. The webhooks screens show their signing secret once, and their
 * instants, with the same parts.
 */
export { displayInstant, ShownOnceDialog } from './parts';
