import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, notifyError } from './errors';

/** Queries and mutations may set `meta: { silent: true }` when the caller shows the failure itself. */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** 401 is handled by the client (redirect to the root), so it is never shown as a toast. */
function shouldNotify(error: unknown, silent: boolean | undefined): boolean {
  if (silent) return false;
  return !(error instanceof ApiError && error.code === 401);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldNotify(error, query.meta?.silent)) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (shouldNotify(error, mutation.meta?.silent)) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && !error.isTransport) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The application's one query client; the fetch client uses it for permission refreshes. */
export const queryClient = createQueryClient();

export const queryKeys = {
  permissions: ['permissions'] as const,
  configuration: ['configuration'] as const,
  accounts: (userId: string) => ['accounts', userId] as const,
};
