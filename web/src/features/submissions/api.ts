import {
  clockInEmployeeCall,
  formSubmissionDetailsCall,
  formSubmissionHistoryCall,
  formSubmissionListCall,
  formSubmissionRelatedListsCall,
  formTemplateDetailCall,
  formTemplateListCall,
  type TFormSubmissionListRequest,
  type TRelatedListsRequest,
  type TNamedOption,
} from '@compass/shared';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { browserTimeZone } from '../../lib/timeZone';

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
  list: (request: TFormSubmissionListRequest) => ['submissions', 'list', request] as const,
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

/** POST /api/formSubmissionList: one page of My Records ('my') or Records ('all'). */
export function useSubmissionList(request: TFormSubmissionListRequest) {
  return useQuery({
    queryKey: submissionKeys.list(request),
    queryFn: () => callApi(formSubmissionListCall, { body: request }),
    placeholderData: keepPreviousData,
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
