export { webhooksArea } from './area';
export { WebhookDeliveryWorker } from './delivery';
export { emitWebhookEvent, type WebhookData } from './events';
