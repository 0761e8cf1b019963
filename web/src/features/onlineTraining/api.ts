import {
  trainingAssignCall,
  trainingAssignmentAllowAttemptCall,
  trainingAssignmentCancelCall,
  trainingAssignmentListCall,
  trainingAssignmentOpenCall,
  trainingAssignOptionsCall,
  trainingAttemptDetailsCall,
  trainingAttemptMarkCall,
  trainingAttemptStartCall,
  trainingAttemptSubmitCall,
  trainingCourseDetailsCall,
  trainingCourseDiscardCall,
  trainingCourseFileDeleteCall,
  trainingCourseFilesAddCall,
  trainingCourseListCall,
  trainingCoursePublishCall,
  trainingCourseSaveCall,
  trainingCourseSetActiveCall,
  trainingCourseVersionCall,
  trainingMatrixCall,
  trainingPersonnelOptionsCall,
  trainingPositionRuleListCall,
  trainingPositionRuleStopCall,
  type TTrainingCourseFileDelete,
  type TTrainingCourseListRequest,
  type TTrainingCourseRevision,
  type TTrainingCourseSave,
  type TTrainingCourseSetActive,
  type TTrainingAssignmentListRequest,
  type TTrainingAttemptMark,
  type TTrainingAttemptResult,
  type TTrainingAttemptSubmit,
  type TTrainingMatrix,
  type TTrainingMatrixRequest,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi, sendCall, type ApiResult } from '../../api/client';
import { dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { traineeCallOptions, useTraineeLink } from './traineeLink';

export const trainingKeys = {
  all: ['onlineTraining'] as const,
  courses: ['onlineTraining', 'courses'] as const,
  course: (id: string) => ['onlineTraining', 'course', id] as const,
  version: (id: string, number: number) => ['onlineTraining', 'version', id, number] as const,
  /** Assigned training and its attempts: apart from the courses, so no write of theirs restarts an editor. */
  assigned: ['onlineTraining', 'assigned'] as const,
  assignments: ['onlineTraining', 'assigned', 'list'] as const,
  assignment: (id: string) => ['onlineTraining', 'assigned', 'open', id] as const,
  attempt: (id: string) => ['onlineTraining', 'assigned', 'attempt', id] as const,
  /** A course's standing assignments to positions: an assignment to a position may add one. */
  positionRules: (courseId: string) => ['onlineTraining', 'assigned', 'positionRules', courseId] as const,
  assignOptions: ['onlineTraining', 'assignOptions'] as const,
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

/** POST /api/trainingAssignmentList: one page of the assigned training (a course's, on its editor). */
export function fetchAssignments(request: TTrainingAssignmentListRequest) {
  return callApi(trainingAssignmentListCall, { body: request });
}

/** The published courses, positions and workplaces a course is assigned with. */
export function useAssignOptions() {
  return useQuery({
    queryKey: trainingKeys.assignOptions,
    queryFn: () => callApi(trainingAssignOptionsCall, {}),
  });
}

/**
 * One assigned training as its take page shows it (asked afresh on each visit); a refusal (not
 * theirs, withdrawn, a link no longer valid) shows on the page rather than as a toast.
 */
export function useAssignment(id: string) {
  const link = useTraineeLink();
  const options = traineeCallOptions(link);
  return useQuery({
    // A link's answer apart from the session's: each sees the training from its own side.
    queryKey: [...trainingKeys.assignment(id), link?.authtoken ?? null],
    queryFn: () => callApi(trainingAssignmentOpenCall, { body: { _id: id } }, options),
    enabled: id !== '',
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });
}

/** A submitted attempt (or an assignment's latest), for its trainee, its reviewer or HR. */
export function useAttempt(id: string) {
  const link = useTraineeLink();
  const options = traineeCallOptions(link);
  return useQuery({
    queryKey: [...trainingKeys.attempt(id), link?.authtoken ?? null],
    queryFn: () => callApi(trainingAttemptDetailsCall, { body: { _id: id } }, options),
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });
}

/** What a write about an assignment changes: the lists of assigned training and the dashboard. */
const ASSIGNMENT_WRITES = [trainingKeys.assigned, dashboardKeys.all];

/** Starts (or carries on) an attempt: the page is asked again, and opens on the questions. */
export function useStartAttempt() {
  const options = traineeCallOptions(useTraineeLink());
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) =>
      sendCall(trainingAttemptStartCall, { body: { assignmentId } }, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingKeys.assigned }),
  });
}

/**
 * Submit or mark: the result goes to `onResult` at once (the page shows its message, so no toast),
 * before the lists and the page are fetched again, which would take the test off the page.
 */
function useAttemptResult<I>(
  send: (input: I) => Promise<ApiResult<TTrainingAttemptResult>>,
  onResult: (result: TTrainingAttemptResult) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async ({ data }) => {
      onResult(data);
      await Promise.all(ASSIGNMENT_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** Submits an attempt's answers for the server to score. */
export function useSubmitAttempt(onResult: (result: TTrainingAttemptResult) => void) {
  const options = traineeCallOptions(useTraineeLink());
  return useAttemptResult(
    (body: TTrainingAttemptSubmit) => sendCall(trainingAttemptSubmitCall, { body }, options),
    onResult,
  );
}

/** The reviewer's marks of an attempt's short answers, which pass or fail it. */
export const useMarkAttempt = (onResult: (result: TTrainingAttemptResult) => void) =>
  useAttemptResult((body: TTrainingAttemptMark) => sendCall(trainingAttemptMarkCall, { body }), onResult);

export const useAssignCourse = (onDone: () => void) =>
  useCall(trainingAssignCall, { invalidate: ASSIGNMENT_WRITES, onSuccess: onDone });
export const useAllowAttempt = () =>
  useCall(trainingAssignmentAllowAttemptCall, { invalidate: ASSIGNMENT_WRITES });
export const useWithdrawAssignment = (onDone: () => void) =>
  useCall(trainingAssignmentCancelCall, { invalidate: ASSIGNMENT_WRITES, onSuccess: onDone });

/** Active supplier personnel by name or company (a site induction's trainees): "Name (Company)". */
export const personnelSearch = {
  queryKey: ['onlineTraining', 'personnelOptions'],
  search: async (text: string) => ({
    options: (await callApi(trainingPersonnelOptionsCall, { body: { search: text } })).rows.map((person) => ({
      value: person._id,
      label: `${person.name} (${person.supplierName})`,
      detail: person.email ?? undefined,
    })),
    hasMore: false,
  }),
  empty: 'No active supplier personnel match.',
};

/** POST /api/trainingPositionRuleList: the course's live standing assignments to positions. */
export function usePositionRules(courseId: string) {
  return useQuery({
    queryKey: trainingKeys.positionRules(courseId),
    queryFn: () => callApi(trainingPositionRuleListCall, { body: { courseId } }),
  });
}

export const useStopPositionRule = (onDone: () => void) =>
  useCall(trainingPositionRuleStopCall, { invalidate: [trainingKeys.assigned], onSuccess: onDone });

/**
 * The training matrix's pages: under the assigned training's key, so every write about an
 * assignment (assign, a submitted or marked attempt, another attempt allowed, a withdrawal) shows
 * on it at once.
 */
export const trainingMatrixKey = [...trainingKeys.assigned, 'matrix'] as const;

/** POST /api/trainingMatrix: a page of people with where they stand in each course in view. */
export function fetchTrainingMatrix(request: TTrainingMatrixRequest): Promise<TTrainingMatrix> {
  return callApi(trainingMatrixCall, { body: request });
}
