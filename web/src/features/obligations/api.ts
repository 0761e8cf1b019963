import { obligationOptionsCall, obligationPeopleSearchCall } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { NO_ACCOUNT_MATCH, pickerPageOf } from '../../components/PersonField';

export const obligationKeys = {
  all: ['obligations'] as const,
  options: ['obligations', 'options'] as const,
  details: (id: string) => ['obligations', 'details', id] as const,
};

/** The obligation key's people search for one picker (the server decides who each may offer). */
const peoplePicker = (role: 'anyone' | 'reviewer' | 'assignee') => ({
  queryKey: ['obligations', 'people', role],
  search: async (text: string) =>
    pickerPageOf(await callApi(obligationPeopleSearchCall, { body: { search: text, role } })),
  empty: NO_ACCOUNT_MATCH,
});

/** Owners: any employee who signs in. */
export const OBLIGATION_PEOPLE = peoplePicker('anyone');

/** Reviewers: only those who can open the obligation's review. */
export const OBLIGATION_REVIEWERS = peoplePicker('reviewer');

/** Question assignees: only those who can answer the question from their dashboard. */
export const OBLIGATION_ASSIGNEES = peoplePicker('assignee');

/** The workplaces an obligation can apply to. */
export function useObligationOptions() {
  return useQuery({
    queryKey: obligationKeys.options,
    queryFn: () => callApi(obligationOptionsCall, {}),
  });
}
