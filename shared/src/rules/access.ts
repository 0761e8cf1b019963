/** The access keys of the permission profile (000 section 3). */
export const ACCESS_KEYS = [
  'formSubmission',
  'formSubmissionNewSubmission',
  'formSubmissionMyAction',
  'formSubmissionAllRecord',
  'formSubmissionRecord',
  'audit',
  'auditMyAudit',
  'auditManageAudit',
  'document',
  'documentEdit',
  'actionRegister',
  'task',
  'hr',
  'hrEmployee',
  'hrProfileEdit',
  'hrEmployeeRecord',
  'hrEmployeePrivateInfo',
  'hrPosition',
  'hrForm',
  'hrAdmin',
  'plant',
  'supplier',
  'risk',
  'hazardous',
  'obligation',
  'reportChart',
  'vismate',
  'system',
] as const;
export type AccessKey = (typeof ACCESS_KEYS)[number];

export type YesNo = 'yes' | 'no';

/** The access map as the wire carries it: every key, plus the supplier portal flags. */
export type AccessMap = Record<AccessKey, YesNo> & { supplierPortal: YesNo; supplierAccess: YesNo };

export const yesNo = (value: boolean): YesNo => (value ? 'yes' : 'no');

/** Builds a complete access map from stored booleans; a key not stored is 'no'. */
export function toAccessMap(
  stored: Partial<Record<AccessKey, boolean>>,
  supplier: { supplierPortal: boolean; supplierAccess: boolean },
): AccessMap {
  const map = {} as AccessMap;
  for (const key of ACCESS_KEYS) map[key] = yesNo(stored[key] === true);
  map.supplierPortal = yesNo(supplier.supplierPortal);
  map.supplierAccess = yesNo(supplier.supplierAccess);
  return map;
}
