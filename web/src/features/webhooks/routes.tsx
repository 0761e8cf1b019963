import './webhooks.css';

/** The webhook screens of System Administration, loaded with their area (router.tsx). */
export { WebhookDeliveriesPage } from './WebhookDeliveriesPage';
export { WebhooksPage } from './WebhooksPage';
