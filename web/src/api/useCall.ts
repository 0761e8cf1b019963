import type { Call, CallData, CallInput } from '@compass/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { sendCall } from './client';

/**
 * A call that changes something, as a mutation: its message is toasted, the lists it changes are
 * fetched again, and a failure is shown by the query client (api/queryClient.ts).
 */
export function useCall<C extends Call>(
  call: C,
  options: { invalidate?: QueryKey[]; onSuccess?: (data: CallData<C>) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C>) => sendCall(call, input),
    onSuccess: async (result) => {
      toast.success(result.message);
      await Promise.all(
        (options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      options.onSuccess?.(result.data);
    },
  });
}
