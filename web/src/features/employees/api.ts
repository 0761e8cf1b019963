import {
  employeeDetailsCall,
  employeeFormOptionsCall,
  employeeListCall,
  employeePrivateInfoCall,
  employeeProfileCall,
  type EmployeeStatus,
  type TEmployeeListRequest,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const employeeKeys = {
  all: ['employees'] as const,
  lists: ['employees', 'list'] as const,
  details: (id: string) => ['employees', 'details', id] as const,
  options: ['employees', 'options'] as const,
  managers: (search: string) => ['employees', 'managers', search] as const,
  profile: ['employees', 'profile'] as const,
  privateInfo: (employeeId: string) => ['employees', 'privateInfo', employeeId] as const,
};

export const STATUS_BADGES: Record<EmployeeStatus, string> = {
  active: 'badge-success',
  invited: 'badge-primary',
  notInvited: 'badge-neutral',
  locked: 'badge-warning',
  deactivated: 'badge-neutral',
};

/** POST /api/employeeList: one page of employees, searched and filtered on the server. */
export function fetchEmployees(request: TEmployeeListRequest) {
  return callApi(employeeListCall, { body: request });
}

/** POST /api/employeeFormOptions: the positions, roles and workplaces an employee can have. */
export function useEmployeeFormOptions() {
  return useQuery({
    queryKey: employeeKeys.options,
    queryFn: () => callApi(employeeFormOptionsCall, {}),
  });
}

/** POST /api/employeeDetails: one employee and their account (none for a new one). */
export function useEmployeeDetails(id: string, enabled: boolean) {
  return useQuery({
    queryKey: employeeKeys.details(id),
    queryFn: () => callApi(employeeDetailsCall, { body: { _id: id } }),
    enabled,
  });
}

/** POST /api/employeeList: the first active employees whose name matches, as managers to pick. */
export function useManagerSearch(search: string) {
  return useQuery({
    queryKey: employeeKeys.managers(search),
    queryFn: () =>
      callApi(employeeListCall, { body: { search: search || undefined, status: 'active', pageSize: 20 } }),
  });
}

/** POST /api/employeeProfile: the signed-in employee's own record. */
export function useEmployeeProfile() {
  return useQuery({
    queryKey: employeeKeys.profile,
    queryFn: () => callApi(employeeProfileCall, {}),
  });
}

/**
 * POST /api/employeePrivateInfo: an employee's private part. Silent: a refusal (403) hides the card
 * instead of showing an error.
 */
export function useEmployeePrivateInfo(employeeId: string, enabled = true) {
  return useQuery({
    queryKey: employeeKeys.privateInfo(employeeId),
    queryFn: () => callApi(employeePrivateInfoCall, { body: { employeeId } }),
    enabled,
    meta: { silent: true },
  });
}
