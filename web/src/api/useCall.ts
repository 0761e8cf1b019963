import type { Call, CallData, CallInput } from '@compass/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { sendCall } from './client';

/**
 * A call that changes something, as a mutation: its message is toasted, the lists it changes are
 * fetched again, and a failure is shown by the query client (api/queryClient.ts). `silent` (for
 * every answer, or for the answers it returns true for) leaves the toast out where the screen says
 * the message itself, once (a ShownOnceDialog).
 */
export function useCall<C extends Call>(
  call: C,
  options: {
    invalidate?: QueryKey[];
    onSuccess?: (data: CallData<C>) => void;
    silent?: boolean | ((data: CallData<C>) => boolean);
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C>) => sendCall(call, input),
    onSuccess: async (result) => {
      const silent =
        typeof options.silent === 'function' ? options.silent(result.data) : options.silent === true;
      if (!silent) toast.success(result.message);
      await Promise.all(
        (options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      options.onSuccess?.(result.data);
    },
  });
}
