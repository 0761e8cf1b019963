import { apiTokenListCall } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const apiTokenKeys = {
  list: ['apiTokens', 'list'] as const,
};

/** GET /api/apiTokenList: the organisation's tokens, active ones first. */
export function useApiTokenList() {
  return useQuery({ queryKey: apiTokenKeys.list, queryFn: () => callApi(apiTokenListCall, {}) });
}
