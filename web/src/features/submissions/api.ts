import type {
  TChangeLogEntry,
  TClockInEmployee,
  TFormSubmission,
  TFormSubmissionList,
  TFormSubmissionListRequest,
  TFormTemplateDetail,
  TFormTemplateOption,
  TNamedOption,
  TRelatedLists,
} from '@compass/shared';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../api/client';
import { linkPath } from '../links/api';
import { browserTimeZone } from '../dashboard/api';

export { browserTimeZone };

export const submissionKeys = {
  all: ['submissions'] as const,
  relatedLists: ['submissions', 'relatedLists'] as const,
  templates: ['submissions', 'templates'] as const,
  template: (id: string) => ['submissions', 'template', id] as const,
  details: (id: string) => ['submissions', 'details', id] as const,
  branches: (workplace: string) => ['submissions', 'branches', workplace] as const,
  list: (request: TFormSubmissionListRequest) => ['submissions', 'list', request] as const,
  history: (id: string) => ['submissions', 'history', id] as const,
  employeePlace: (employeeId: string) => ['submissions', 'employeePlace', employeeId] as const,
};

/** POST /api/formSubmissionRelatedLists: the pick lists of the editor (active and full). */
export function useRelatedLists() {
  return useQuery({
    queryKey: submissionKeys.relatedLists,
    queryFn: () => api.post<TRelatedLists>('/formSubmissionRelatedLists', {}),
    staleTime: 60_000,
  });
}

/** POST /api/formTemplateList: the active templates a new submission can start from. */
export function useTemplateList() {
  return useQuery({
    queryKey: submissionKeys.templates,
    queryFn: () => api.post<TFormTemplateOption[]>('/formTemplateList', {}),
  });
}

/** POST /api/formTemplateDetail: the template's current version (a new submission). */
export function useTemplateDetail(templateId: string | undefined) {
  return useQuery({
    queryKey: submissionKeys.template(templateId ?? ''),
    queryFn: () => api.post<TFormTemplateDetail>('/formTemplateDetail', { _id: templateId }),
    enabled: !!templateId,
  });
}

/** POST /api/formSubmissionDetails: a stored submission with what the viewer may do. */
export function useSubmissionDetails(id: string | undefined) {
  return useQuery({
    queryKey: submissionKeys.details(id ?? ''),
    queryFn: () =>
      api.post<TFormSubmission>('/formSubmissionDetails', {
        formSubmissionId: id,
        localTimeZone: browserTimeZone(),
      }),
    enabled: !!id,
    // The editor holds its own copy; a background refetch must not look like someone else's save.
    staleTime: Infinity,
  });
}

/** Where the QR guest form reads branches (features/qrSubmissions): its own call and cache key. */
export interface BranchSource {
  key: readonly unknown[];
  load: (workplace: string) => Promise<TNamedOption[]>;
}

/** `authtoken`: the link of a supplier screen (its calls carry it and never sign anyone out). */
const branchesQuery = (workplace: string, authtoken?: string, source?: BranchSource) => ({
  queryKey: source ? [...source.key, workplace] : submissionKeys.branches(workplace),
  queryFn: () =>
    source
      ? source.load(workplace)
      : authtoken
        ? apiRequest<TNamedOption[]>(
            'POST',
            linkPath('/branchesByWorkplace', authtoken),
            { workplace },
            {
              authRedirect: false,
            },
          )
        : api.post<TNamedOption[]>('/branchesByWorkplace', { workplace }),
  staleTime: 60_000,
});

/** POST /api/branchesByWorkplace. */
export function useBranches(workplace: string, authtoken?: string, source?: BranchSource) {
  return useQuery({ ...branchesQuery(workplace, authtoken, source), enabled: workplace !== '' });
}

/** The same list, awaited (the branch default when the workplace changes). */
export function fetchBranches(
  client: QueryClient,
  workplace: string,
  authtoken?: string,
  source?: BranchSource,
): Promise<TNamedOption[]> {
  return client.fetchQuery(branchesQuery(workplace, authtoken, source));
}

/** POST /api/clockInEmployee: the employee's own workplace and branch (branch defaults, 001 section 5). */
export function useEmployeePlace(employeeId: string | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: submissionKeys.employeePlace(employeeId ?? ''),
    queryFn: () => api.post<TClockInEmployee>('/clockInEmployee', { employeeId }),
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
    queryFn: () => api.post<TFormSubmissionList>('/formSubmissionList', request),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/formSubmissionHistory: who changed what and when, newest first. */
export function useSubmissionHistory(id: string) {
  return useQuery({
    queryKey: submissionKeys.history(id),
    queryFn: () => api.post<TChangeLogEntry[]>('/formSubmissionHistory', { formSubmissionId: id }),
    staleTime: 0,
  });
}
