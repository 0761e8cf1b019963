import { obligationOptionsCall, obligationPeopleSearchCall } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { NO_ACCOUNT_MATCH, pickerPageOf } from '../../components/PersonField';

export const obligationKeys = {
  all: ['obligations'] as const,
  options: ['obligations', 'options'] as const,
  details: (id: string) => ['obligations', 'details', id] as const,
};

/** Owners and question assignees: the obligation key's people search. */
export const OBLIGATION_PEOPLE = {
  queryKey: ['obligations', 'people'],
  search: async (text: string) =>
    pickerPageOf(await callApi(obligationPeopleSearchCall, { body: { search: text } })),
  empty: NO_ACCOUNT_MATCH,
};

/** Reviewers: only those who can open the obligation's review (the server decides who). */
export const OBLIGATION_REVIEWERS = {
  queryKey: ['obligations', 'people', 'reviewer'],
  search: async (text: string) =>
    pickerPageOf(await callApi(obligationPeopleSearchCall, { body: { search: text, role: 'reviewer' } })),
  empty: NO_ACCOUNT_MATCH,
};

/** The workplaces an obligation can apply to. */
export function useObligationOptions() {
  return useQuery({
    queryKey: obligationKeys.options,
    queryFn: () => callApi(obligationOptionsCall, {}),
  });
}
