import { webhookDeliveryListCall, webhookListCall } from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (webhookId: string, page: number) => ['webhooks', 'deliveries', webhookId, page] as const,
};

/** Where the webhooks live, and one webhook's delivery log. */
export const WEBHOOKS_PATH = '/system-administration/webhooks';
export const webhookDeliveriesPath = (webhookId: string) => `${WEBHOOKS_PATH}/${webhookId}`;

/**
 * What a write of webhooks changes: the list (a test or a re-send makes a newest delivery) and the
 * delivery logs.
 */
export const WEBHOOK_WRITES = [webhookKeys.all];

/** While a delivery waits for the worker, the log is read again this often to show its outcome. */
export const PENDING_REFRESH_MS = 3_000;

/** GET /api/webhookList: the organisation's webhooks with each one's newest delivery. */
export function useWebhookList() {
  return useQuery({
    queryKey: webhookKeys.list,
    queryFn: () => callApi(webhookListCall, {}),
    refetchInterval: (query) =>
      query.state.data?.items.some((hook) => hook.lastDelivery?.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** GET /api/webhookDeliveryList: one page of a webhook's deliveries, newest first. */
export function useWebhookDeliveries(webhookId: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(webhookId, page),
    queryFn: () => callApi(webhookDeliveryListCall, { query: { webhookId, page } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
}
