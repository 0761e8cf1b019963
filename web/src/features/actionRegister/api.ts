import {
  ACTION_REGISTER_CALLS as CALLS,
  actionRegisterMessages as say,
  type ActionRegisterKind,
  type TActionRef,
  type TActionRegisterListRequest,
  type TActionRow,
} from '@compass/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { notifyError } from '../../api/errors';
import type { Person } from '../../components/PersonField';

export const actionRegisterKeys = {
  all: (register: ActionRegisterKind) => ['actionRegister', register] as const,
  assignees: (register: ActionRegisterKind) => ['actionRegister', register, 'assignees'] as const,
  details: (register: ActionRegisterKind, row: TActionRef) =>
    ['actionRegister', register, 'details', row.kind, row._id] as const,
};

/** One page of the register's filtered, sorted actions. */
export function fetchActions(register: ActionRegisterKind, request: TActionRegisterListRequest) {
  // The filters offer each register its own sources only.
  return callApi(CALLS[register].list, { body: request as never });
}

/** The export of the register's filtered list as CSV or XLSX. */
export function actionExportUrl(
  register: ActionRegisterKind,
  query: Record<string, string>,
  format: 'csv' | 'xlsx',
) {
  return `${API_BASE}${callUrl(CALLS[register].export, { query: { ...query, format } })}`;
}

/**
 * An assignee option: the picker's value carries the kind (employee or personnel) before the id.
 * HR Action offers employees only.
 */
export async function searchAssignees(register: ActionRegisterKind, text: string, page: number) {
  const found = await callApi(CALLS[register].assignees, { body: { search: text, page } });
  return {
    options: found.options.map((person) => ({
      value: `${person.type}:${person._id}`,
      label: person.name,
      detail: person.detail ?? 'Employee',
    })),
    hasMore: found.hasMore,
  };
}

/** The employee or personnel an assignee option's value names. */
export function assigneeOf(value: string) {
  const [type, id] = value.split(':') as ['internal' | 'external', string];
  return { type, _id: id };
}

/** One action as the register shows it. */
export function fetchActionDetails(register: ActionRegisterKind, row: TActionRef) {
  return callApi(CALLS[register].details, { body: { kind: row.kind, _id: row._id } });
}

/** A document's action: only in the Action Register. */
export function useDocumentAction(row: TActionRow) {
  const ref = { kind: 'document', _id: row._id } as const;
  return useQuery({
    queryKey: actionRegisterKeys.details('general', ref),
    queryFn: () => fetchActionDetails('general', ref),
  });
}

/** Reassigns one or more actions to the assignee picked; the server reassigns all of them or none. */
export function useReassignActions(
  register: ActionRegisterKind,
  actions: TActionRef[],
  onDone: () => Promise<void>,
) {
  return useMutation({
    mutationFn: (assignee: Person) =>
      callApi(CALLS[register].reassign, { body: { actions, assignee: assigneeOf(assignee._id) } }),
    onSuccess: async () => {
      toast.success(actions.length === 1 ? say.reassignedOne : say.reassignedMany(actions.length));
      await onDone();
    },
    onError: notifyError,
  });
}
