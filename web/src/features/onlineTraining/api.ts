import {
  trainingCourseDetailsCall,
  trainingCourseDiscardCall,
  trainingCourseFileDeleteCall,
  trainingCourseFilesAddCall,
  trainingCourseListCall,
  trainingCoursePublishCall,
  trainingCourseSaveCall,
  trainingCourseSetActiveCall,
  trainingCourseVersionCall,
  type TTrainingCourseFileDelete,
  type TTrainingCourseListRequest,
  type TTrainingCourseRevision,
  type TTrainingCourseSave,
  type TTrainingCourseSetActive,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi, sendCall, type ApiResult } from '../../api/client';
import { useCall } from '../../api/useCall';

export const trainingKeys = {
  all: ['onlineTraining'] as const,
  courses: ['onlineTraining', 'courses'] as const,
  course: (id: string) => ['onlineTraining', 'course', id] as const,
  version: (id: string, number: number) => ['onlineTraining', 'version', id, number] as const,
};

/** POST /api/trainingCourseList: one page of the catalogue. */
export function fetchCourses(request: TTrainingCourseListRequest) {
  return callApi(trainingCourseListCall, { body: request });
}

/** POST /api/trainingCourseDetails: the course the editor edits, with its draft, versions and files. */
export function useCourseDetails(id: string) {
  return useQuery({
    queryKey: trainingKeys.course(id),
    queryFn: () => callApi(trainingCourseDetailsCall, { body: { _id: id } }),
    // Fetched again only when the editor asks (a publish, a discard, a reload after a conflict): a
    // refetch starts the editor over, so it never happens behind its back. Opened again, the
    // editor starts from what the server has then.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** POST /api/trainingCourseVersion: a published version as it was; it never changes. */
export function useCourseVersion(id: string, number: number) {
  return useQuery({
    queryKey: trainingKeys.version(id, number),
    queryFn: () => callApi(trainingCourseVersionCall, { body: { _id: id, number } }),
    staleTime: Infinity,
  });
}

/** A new course (trainingCourseSave without an id): the catalogue changes; `onSaved` gets its id. */
export function useAddCourse(onSaved: (id: string) => void) {
  return useCall(trainingCourseSaveCall, {
    invalidate: [trainingKeys.courses],
    onSuccess: ({ _id }) => onSaved(_id),
  });
}

/**
 * A write of the editor (`send`: save, publish, discard, in use, files): its message is toasted and
 * the catalogue fetched again; a failure goes to `onError`, which shows it where it belongs (a
 * conflict, problems at their fields), so the query client does not toast it too.
 */
export function useCourseWrite<I, R>(
  send: (input: I) => Promise<ApiResult<R>>,
  handlers: { onSuccess: (data: R, input: I) => unknown; onError: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { silent: true },
    onSuccess: async (result, input) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: trainingKeys.courses });
      await handlers.onSuccess(result.data, input);
    },
    onError: handlers.onError,
  });
}

/** The editor's writes, each one call (useCourseWrite sends them). */
export const courseWrites = {
  save: (body: TTrainingCourseSave) => sendCall(trainingCourseSaveCall, { body }),
  publish: (body: TTrainingCourseRevision) => sendCall(trainingCoursePublishCall, { body }),
  discard: (body: TTrainingCourseRevision) => sendCall(trainingCourseDiscardCall, { body }),
  setActive: (body: TTrainingCourseSetActive) => sendCall(trainingCourseSetActiveCall, { body }),
  /** Files added to the course (one form: its id and the files), for the sections to show. */
  addFiles: (courseId: string, files: File[]) => {
    const form = new FormData();
    form.append('_id', courseId);
    for (const file of files) form.append('files', file, file.name);
    return sendCall(trainingCourseFilesAddCall, { form });
  },
  deleteFile: (body: TTrainingCourseFileDelete) => sendCall(trainingCourseFileDeleteCall, { body }),
};
