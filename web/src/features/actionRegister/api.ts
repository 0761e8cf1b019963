import {
  actionRegisterAssigneesCall,
  actionRegisterDetailsCall,
  actionRegisterExportCall,
  actionRegisterListCall,
  actionRegisterMessages as say,
  actionRegisterReassignCall,
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
  all: ['actionRegister'] as const,
  assignees: ['actionRegister', 'assignees'] as const,
  details: (row: TActionRef) => ['actionRegister', 'details', row.kind, row._id] as const,
};

/** POST /api/actionRegisterList: one page of the filtered, sorted actions. */
export function fetchActions(request: TActionRegisterListRequest) {
  return callApi(actionRegisterListCall, { body: request });
}

/** The export of the filtered list as CSV or XLSX. */
export function actionExportUrl(query: Record<string, string>, format: 'csv' | 'xlsx') {
  return `${API_BASE}${callUrl(actionRegisterExportCall, { query: { ...query, format } })}`;
}

/** An assignee option: the picker's value carries the kind (employee or personnel) before the id. */
export async function searchAssignees(text: string, page: number) {
  const found = await callApi(actionRegisterAssigneesCall, { body: { search: text, page } });
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

/** POST /api/actionRegisterDetails: one action as the register shows it. */
export function fetchActionDetails(row: TActionRef) {
  return callApi(actionRegisterDetailsCall, { body: { kind: row.kind, _id: row._id } });
}

export function useDocumentAction(row: TActionRow) {
  const ref = { kind: 'document', _id: row._id } as const;
  return useQuery({ queryKey: actionRegisterKeys.details(ref), queryFn: () => fetchActionDetails(ref) });
}

/** Reassigns one or more actions to the assignee picked; the server reassigns all of them or none. */
export function useReassignActions(actions: TActionRef[], onDone: () => Promise<void>) {
  return useMutation({
    mutationFn: (assignee: Person) =>
      callApi(actionRegisterReassignCall, { body: { actions, assignee: assigneeOf(assignee._id) } }),
    onSuccess: async () => {
      toast.success(actions.length === 1 ? say.reassignedOne : say.reassignedMany(actions.length));
      await onDone();
    },
    onError: notifyError,
  });
}
