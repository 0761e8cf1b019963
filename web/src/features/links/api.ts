import {
  externalTaskDetailsCall,
  externalTaskFileDeleteCall,
  externalTaskSaveCall,
  type TAttachment,
  type TExternalTaskDetailsRequest,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi, sendCall, type CallOptions } from '../../api/client';
import { notifyError } from '../../api/errors';

/**
 * The calls of the external task page carry the link token from the page's query string
 * (001 section 7). A refused link must not sign out whoever else uses this browser, so a 401
 * here is shown on the page instead of clearing the session (authRedirect off).
 */
export function linkPath(path: string, authtoken: string | null): string {
  return authtoken ? `${path}?authtoken=${encodeURIComponent(authtoken)}` : path;
}

/** A call made with the page's link token, if it has one. */
export const linkOptions = (authtoken: string | null): CallOptions => ({
  authRedirect: false,
  ...(authtoken && { link: authtoken }),
});

export const externalTaskKeys = {
  details: (request: TExternalTaskDetailsRequest) =>
    ['externalTask', request.formSubmissionId, request.taskId] as const,
};

/** POST /api/externalTaskDetails: the task, whether this viewer may change it. */
export function useExternalTask(
  request: TExternalTaskDetailsRequest,
  authtoken: string | null,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: externalTaskKeys.details(request),
    queryFn: () => callApi(externalTaskDetailsCall, { body: request }, linkOptions(authtoken)),
    meta: { silent: true },
    retry: false,
  });
}

/** Complete or Save Draft (multipart, with the compressed files). */
export function saveExternalTask(form: FormData, authtoken: string | null) {
  return sendCall(externalTaskSaveCall, { form }, linkOptions(authtoken));
}

export function deleteExternalTaskFile(
  request: TExternalTaskDetailsRequest & { fileId: string },
  authtoken: string | null,
) {
  return sendCall(externalTaskFileDeleteCall, { body: request }, linkOptions(authtoken));
}

/** Complete or Save Draft: `onSaved` runs between the message and the reload. */
export function useSaveExternalTask(
  request: TExternalTaskDetailsRequest,
  authtoken: string | null,
  onSaved: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form }: { complete: boolean; form: FormData }) => saveExternalTask(form, authtoken),
    onSuccess: async (result) => {
      toast.success(result.message);
      onSaved();
      await queryClient.invalidateQueries({ queryKey: externalTaskKeys.details(request) });
    },
    onError: notifyError,
  });
}

export function useDeleteExternalTaskFile(request: TExternalTaskDetailsRequest, authtoken: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: TAttachment) => deleteExternalTaskFile({ ...request, fileId: file._id }, authtoken),
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: externalTaskKeys.details(request) });
    },
    onError: notifyError,
  });
}
