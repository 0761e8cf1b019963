import { documentDetailsCall, documentPeopleSearchCall } from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi } from '../../api/client';
import { fieldErrorsOf, notifyError } from '../../api/errors';
import { dashboardKeys } from '../../api/queryKeys';
import type { PickerPage } from '../../components/SearchPicker';

export const documentKeys = { all: ['documents'] as const };

export function useDocument(id: string) {
  return useQuery({
    queryKey: [...documentKeys.all, 'details', id],
    queryFn: () => callApi(documentDetailsCall, { body: { _id: id } }),
  });
}

/**
 * A form's change of the library (an upload, an edit): its message is toasted, the library and
 * the dashboard are fetched again, and a refusal names the fields it is about.
 */
export function useDocumentChange<Input, Result extends { message: string }>(
  send: (input: Input) => Promise<Result>,
  {
    onSuccess,
    setErrors,
  }: { onSuccess: (result: Result) => void; setErrors: (errors: Record<string, string>) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      toast.success(result.message);
      await Promise.all(
        [documentKeys.all, dashboardKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      onSuccess(result);
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      notifyError(error);
    },
  });
}

/** Active employees by name, a page at a time, for the pickers. */
async function searchPeople(text: string, page: number): Promise<PickerPage> {
  const found = await callApi(documentPeopleSearchCall, { body: { search: text, page } });
  return {
    options: found.options.map((row) => ({ value: row._id, label: row.name })),
    hasMore: found.hasMore,
  };
}

/** The pickers' people search and its query key. */
export const documentPeople = { search: searchPeople, queryKey: [...documentKeys.all, 'people'] };
