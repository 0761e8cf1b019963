import { taskPeopleSearchCall } from '@compass/shared';
import { callApi } from '../../api/client';
import type { PickerPage } from '../../components/SearchPicker';

export const taskKeys = {
  all: ['tasks'] as const,
  options: ['tasks', 'options'] as const,
  details: (id: string) => ['tasks', 'details', id] as const,
};

/** Active employees with an account, by name: the owners and assignees a task can name. */
export async function searchTaskPeople(text: string): Promise<PickerPage> {
  const found = await callApi(taskPeopleSearchCall, { body: { search: text } });
  return { options: found.map((row) => ({ value: row._id, label: row.name })), hasMore: false };
}
