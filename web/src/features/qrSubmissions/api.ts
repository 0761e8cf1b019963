import {
  qrSubmissionBranchesCall,
  qrSubmissionFormCall,
  qrSubmissionSaveCall,
  type TNamedOption,
  type TQrFormRoute,
  type TQrSubmissionSaveRequest,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi, sendCall, type RequestOptions } from '../../api/client';

/**
 * The guest calls are public: a refusal (or a 401 of any kind) must never sign out a user who is
 * signed in in the same browser, so authRedirect is off.
 */
const GUEST_OPTIONS: RequestOptions = { authRedirect: false };

export const qrSubmissionKeys = {
  form: (route: TQrFormRoute) =>
    ['qrSubmission', 'form', route.companyId, route.formId, route.employeeId] as const,
  branches: (route: TQrFormRoute) =>
    ['qrSubmission', 'branches', route.companyId, route.formId, route.employeeId] as const,
};

/** POST /api/qrSubmissionForm: the template, the coordinator's name and the workplaces. */
export function useQrSubmissionForm(route: TQrFormRoute) {
  return useQuery({
    queryKey: qrSubmissionKeys.form(route),
    queryFn: () => callApi(qrSubmissionFormCall, { body: route }, GUEST_OPTIONS),
    // The page shows the failure itself.
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/qrSubmissionBranches: the branches of a workplace, through the guest route's ids. */
export async function fetchQrBranches(route: TQrFormRoute, workplace: string): Promise<TNamedOption[]> {
  return callApi(qrSubmissionBranchesCall, { body: { ...route, workplace } }, GUEST_OPTIONS);
}

/** POST /api/qrSubmissionSave: the guest submit. */
export function saveQrSubmission(request: TQrSubmissionSaveRequest) {
  return sendCall(qrSubmissionSaveCall, { body: request }, GUEST_OPTIONS);
}
