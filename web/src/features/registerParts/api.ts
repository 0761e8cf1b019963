import type { registerCalls, ZRegisterItemParts } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../api/client';
import type { PickerPage } from '../../components/SearchPicker';

/**
 * The register kit serves every register: each passes its own calls (registerCalls in shared) and
 * its query key.
 */
export type RegisterCalls = ReturnType<typeof registerCalls<string>>;
export type ItemParts = z.output<typeof ZRegisterItemParts>;

/**
 * The register's active employees by name, for a SearchChoice; as `reviewer`, only those who can
 * open the item's review.
 */
export function peopleSearch(calls: Pick<RegisterCalls, 'people'>, role: 'anyone' | 'reviewer' = 'anyone') {
  return (text: string, page: number): Promise<PickerPage> =>
    callApi(calls.people, { body: { search: text, page, role } }).then((result) => ({
      options: result.options.map((person) => ({ value: person._id, label: person.name })),
      hasMore: result.hasMore,
    }));
}

export function useWorkplaces(calls: RegisterCalls, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey: [...queryKey, 'workplaces'],
    queryFn: () => callApi(calls.workplaces, {}),
    staleTime: 5 * 60_000,
  });
}

/** An item's details for its pages (detail, edit, review): none is fetched for a new item. */
export function useItemDetails<T>(
  queryKey: readonly unknown[],
  id: string | undefined,
  fetch: (id: string) => Promise<T>,
) {
  return useQuery({
    queryKey: [...queryKey, 'details', id],
    queryFn: () => fetch(id!),
    enabled: !!id,
    retry: false,
  });
}
