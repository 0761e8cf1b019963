import { documentDetailsCall, documentPeopleSearchCall, type DocumentPickedAs } from '@compass/shared';
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

/**
 * A picker's people search and its query key: active employees by name, a page at a time; as
 * reviewers, approvers or readers only those who can act as such (the server decides who).
 */
function documentPeopleAs(role: DocumentPickedAs) {
  return {
    search: async (text: string, page: number): Promise<PickerPage> => {
      const found = await callApi(documentPeopleSearchCall, { body: { search: text, page, role } });
      return {
        options: found.options.map((row) => ({ value: row._id, label: row.name })),
        hasMore: found.hasMore,
      };
    },
    queryKey: [...documentKeys.all, 'people', role],
  };
}

/** Owners and action assignees: any active employee. */
export const documentPeople = documentPeopleAs('anyone');
export const documentReviewers = documentPeopleAs('reviewer');
export const documentApprovers = documentPeopleAs('approver');
export const documentAudiencePeople = documentPeopleAs('reader');
