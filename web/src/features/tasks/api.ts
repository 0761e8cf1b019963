import { taskPeopleSearchCall } from '@compass/shared';
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
