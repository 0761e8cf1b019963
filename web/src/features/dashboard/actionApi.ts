import {
  assignedActionDetailsCall,
  assignedActionSaveCall,
  deleteAttachmentCall,
  type TAssignedActionDetails,
  type TAssignedActionKind,
  type TAttachment,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi, sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { dashboardKeys } from './loader';

// The calls of the action dialog, apart from the page's (api.ts): the dialog loads when a row is
// opened, and these (with TanStack Query's mutations) load with it (docs/performance.md).

/** An action's details as its dialog reads them: the dashboard's own, or the register's view of any action. */
export type ActionDetails = Omit<TAssignedActionDetails, 'sectionType'> & { mine?: boolean };

/** Where an action dialog's details come from when not the caller's own actions (the action register). */
export interface ActionDetailsSource {
  key: readonly unknown[];
  fetch: () => Promise<ActionDetails>;
}

const OWNER_TYPE = { audit: 'auditTask', obligation: 'obligationTask', form: 'action' } as const;

export const assignedActionKeys = {
  details: (kind: TAssignedActionKind, taskId: string) => ['assignedAction', kind, taskId] as const,
};

/** POST /api/assignedActionDetails (or the given source): one action of the dialog. */
export function useActionDetails(kind: TAssignedActionKind, taskId: string, load?: ActionDetailsSource) {
  return useQuery<ActionDetails>({
    queryKey: load?.key ?? assignedActionKeys.details(kind, taskId),
    queryFn:
      load?.fetch ?? (() => callApi(assignedActionDetailsCall, { body: { sectionType: kind, taskId } })),
  });
}

/** Save Draft or Complete (multipart, with the files): the dashboard and the action reload, then `onSaved`. */
export function useSaveAction(key: readonly unknown[], onSaved: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form }: { completeStatus: 'yes' | 'no'; form: FormData }) =>
      sendCall(assignedActionSaveCall, { form }),
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      await queryClient.invalidateQueries({ queryKey: key });
      await onSaved();
    },
    onError: notifyError,
  });
}

/** Deletes a stored file of the action. */
export function useDeleteActionFile(kind: TAssignedActionKind, taskId: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: TAttachment) =>
      callApi(deleteAttachmentCall, { body: { fileType: OWNER_TYPE[kind], fileId: file._id, _id: taskId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: notifyError,
  });
}
