import { taskDetailsCall, taskPeopleSearchCall } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { pickerPageOf } from '../../components/PersonField';
import type { PickerPage } from '../../components/SearchPicker';

export const taskKeys = {
  all: ['tasks'] as const,
  options: ['tasks', 'options'] as const,
  details: (id: string) => ['tasks', 'details', id] as const,
};

/** Active employees with an account, by name: the owners and assignees a task can name. */
export async function searchTaskPeople(text: string): Promise<PickerPage> {
  return pickerPageOf(await callApi(taskPeopleSearchCall, { body: { search: text } }));
}

/** A reminder's occurrence (none for a new one); a refusal is final, not retried. */
export function useTaskDetails(id: string | undefined) {
  return useQuery({
    queryKey: taskKeys.details(id ?? 'new'),
    queryFn: () => callApi(taskDetailsCall, { body: { _id: id! } }),
    enabled: Boolean(id),
    retry: false,
  });
}
