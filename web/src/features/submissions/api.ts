import {
  clockInEmployeeCall,
  formSubmissionDetailsCall,
  formSubmissionHistoryCall,
  formSubmissionRelatedListsCall,
  formTemplateDetailCall,
  formTemplateListCall,
  supplierFormSubmitCall,
  supplierLinkContextCall,
  type TFormSubmission,
  type TRelatedListsRequest,
  type TNamedOption,
  type TSupplierFormSubmitRequest,
} from '@compass/shared';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi, sendCall } from '../../api/client';
import { browserTimeZone } from '../../lib/timeZone';
import { linkOptions, linkPath } from '../links';

export const submissionKeys = {
  all: ['submissions'] as const,
  /** A stored form's lists are read again with it (they name what it refers to). */
  relatedLists: ({ formSubmissionId, formTemplateId }: TRelatedListsRequest) =>
    formSubmissionId
      ? (['submissions', 'details', formSubmissionId, 'relatedLists'] as const)
      : (['submissions', 'relatedLists', formTemplateId ?? ''] as const),
  optionSearch: ['submissions', 'optionSearch'] as const,
  templates: ['submissions', 'templates'] as const,
  template: (id: string) => ['submissions', 'template', id] as const,
  details: (id: string) => ['submissions', 'details', id] as const,
  branches: ['submissions', 'branches'] as const,
  lists: ['submissions', 'list'] as const,
  history: (id: string) => ['submissions', 'history', id] as const,
  employeePlace: (employeeId: string) => ['submissions', 'employeePlace', employeeId] as const,
};

/**
 * POST /api/formSubmissionRelatedLists: the short pick lists whole, and of the long ones what the
 * stored form (or the new form's template) names.
 */
export function useRelatedLists(request: TRelatedListsRequest = {}) {
  return useQuery({
    queryKey: submissionKeys.relatedLists(request),
    queryFn: () => callApi(formSubmissionRelatedListsCall, { body: request }),
    staleTime: 60_000,
  });
}

/** POST /api/formTemplateList: the active templates a new submission can start from. */
export function useTemplateList() {
  return useQuery({
    queryKey: submissionKeys.templates,
    queryFn: () => callApi(formTemplateListCall, { body: {} }),
  });
}

/** POST /api/formTemplateDetail: the template's current version (a new submission). */
export function useTemplateDetail(templateId: string | undefined) {
  return useQuery({
    queryKey: submissionKeys.template(templateId ?? ''),
    queryFn: () => callApi(formTemplateDetailCall, { body: { _id: templateId! } }),
    enabled: !!templateId,
  });
}

/** POST /api/formSubmissionDetails: a stored submission with what the viewer may do. */
export function useSubmissionDetails(id: string | undefined) {
  return useQuery({
    queryKey: submissionKeys.details(id ?? ''),
    queryFn: () =>
      callApi(formSubmissionDetailsCall, {
        body: { formSubmissionId: id!, localTimeZone: browserTimeZone() },
      }),
    enabled: !!id,
    // The editor holds its own copy; a background refetch must not look like someone else's save.
    staleTime: Infinity,
  });
}

/**
 * A submitted form's answers as its reviewer reads them: fetched afresh whenever the review's
 * status moves on, since the sender may have changed them after this browser last showed the form.
 */
export function useSubmittedAnswers(submissionId: string | undefined, status: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (submissionId) void queryClient.invalidateQueries({ queryKey: submissionKeys.details(submissionId) });
  }, [queryClient, submissionId, status]);
  return useSubmissionDetails(submissionId);
}

/** Where branch lists come from and under which cache key (each editor transport has its own). */
export interface BranchSource {
  key: readonly unknown[];
  load: (workplace: string) => Promise<TNamedOption[]>;
}

const branchesQuery = (workplace: string, source: BranchSource) => ({
  queryKey: [...source.key, workplace],
  queryFn: () => source.load(workplace),
  staleTime: 60_000,
});

/** The active branches of a workplace. */
export function useBranches(workplace: string, source: BranchSource) {
  return useQuery({ ...branchesQuery(workplace, source), enabled: workplace !== '' });
}

/** The same list, awaited (the branch default when the workplace changes). */
export function fetchBranches(
  client: QueryClient,
  workplace: string,
  source: BranchSource,
): Promise<TNamedOption[]> {
  return client.fetchQuery(branchesQuery(workplace, source));
}

/** POST /api/clockInEmployee: the employee's own workplace and branch (branch defaults, 001 section 5). */
export function useEmployeePlace(employeeId: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: submissionKeys.employeePlace(employeeId ?? ''),
    queryFn: () => callApi(clockInEmployeeCall, { body: { employeeId: employeeId! } }),
    enabled: enabled && !!employeeId,
    staleTime: Infinity,
    // Only a default: without it the user picks the branch.
    meta: { silent: true },
  });
}

/** POST /api/formSubmissionHistory: who changed what and when, newest first. */
export function useSubmissionHistory(id: string) {
  return useQuery({
    queryKey: submissionKeys.history(id),
    queryFn: () => callApi(formSubmissionHistoryCall, { body: { formSubmissionId: id } }),
    staleTime: 0,
  });
}

// The calls of the supplier screens (View and Update Form Submission) carry the page's link token
// (001 section 7, linkOptions): a refused link must not sign out whoever else uses this browser.

/** Files are downloaded with the link too: every attachment path of the form carries the token. */
export function withLinkFilePaths(submission: TFormSubmission, authtoken: string): TFormSubmission {
  const relink = <T extends { path: string }>(file: T): T => ({
    ...file,
    path: linkPath(file.path, authtoken),
  });
  return {
    ...submission,
    attachment: submission.attachment.map(relink),
    taskData: submission.taskData.map((task) => ({ ...task, attachment: task.attachment.map(relink) })),
  };
}

export const supplierLinkKeys = {
  context: (id: string) => ['supplierLink', 'context', id] as const,
  relatedLists: (id: string) => ['supplierLink', 'relatedLists', id] as const,
};

/** POST /api/supplierLinkContext: the organisation, the supplier, its assignment and what the link grants. */
export function useSupplierLinkContext(submissionId: string, authtoken: string | null) {
  return useQuery({
    queryKey: supplierLinkKeys.context(submissionId),
    queryFn: () =>
      callApi(supplierLinkContextCall, { body: { formSubmissionId: submissionId } }, linkOptions(authtoken!)),
    enabled: !!authtoken,
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * POST /api/formSubmissionDetails with the link. The editor's own invalidations (after a file is
 * deleted, after a conflict) use the same key.
 */
export function useLinkedSubmission(submissionId: string, authtoken: string | null) {
  return useQuery({
    queryKey: submissionKeys.details(submissionId),
    queryFn: () =>
      callApi(
        formSubmissionDetailsCall,
        { body: { formSubmissionId: submissionId, localTimeZone: browserTimeZone() } },
        linkOptions(authtoken!),
      ),
    enabled: !!authtoken,
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/formSubmissionRelatedLists with the link: the organisation's pick lists. */
export function useLinkedRelatedLists(submissionId: string, authtoken: string | null) {
  return useQuery({
    queryKey: supplierLinkKeys.relatedLists(submissionId),
    queryFn: () => callApi(formSubmissionRelatedListsCall, { body: {} }, linkOptions(authtoken!)),
    enabled: !!authtoken,
    meta: { silent: true },
    retry: false,
    staleTime: 60_000,
  });
}

/** Supplier form submit: a 202 (not submitted now) is thrown as an error like any other code. */
export function supplierFormSubmit(request: TSupplierFormSubmitRequest, authtoken: string) {
  return sendCall(supplierFormSubmitCall, { body: request }, linkOptions(authtoken));
}
