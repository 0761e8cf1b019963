import { auditDetailsCall, auditOptionsCall, auditPeopleSearchCall } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { NO_ACCOUNT_MATCH, pickerPageOf } from '../../components/PersonField';

export const auditKeys = {
  all: ['audits'] as const,
  options: ['audits', 'options'] as const,
  details: (id: string) => ['audits', 'details', id] as const,
};

export const auditPaths = {
  register: '/audit-inspection/register',
  mine: '/audit-inspection/my-audit',
  add: '/audit-inspection/add',
  conduct: (id: string) => `/audit-inspection/audit-update/${encodeURIComponent(id)}`,
  details: (id: string) => `/audit-inspection/audit-details/${encodeURIComponent(id)}`,
};

/** Auditors and finding assignees: the audit key's people search. */
export const AUDIT_PEOPLE = {
  queryKey: ['audits', 'people'],
  search: async (text: string) =>
    pickerPageOf(await callApi(auditPeopleSearchCall, { body: { search: text } })),
  empty: NO_ACCOUNT_MATCH,
};

export function useAuditOptions() {
  return useQuery({ queryKey: auditKeys.options, queryFn: () => callApi(auditOptionsCall, {}) });
}

export function useAuditDetails(id: string) {
  return useQuery({
    queryKey: auditKeys.details(id),
    queryFn: () => callApi(auditDetailsCall, { body: { _id: id } }),
    retry: false,
  });
}
