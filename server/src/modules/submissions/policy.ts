import type { AccessKey } from '@compass/shared';
import type { FormType } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';

/** Keys that open the organisation's Records: forms the caller neither recorded nor coordinates. */
const RECORDS_ACCESS: readonly AccessKey[] = ['formSubmissionAllRecord', 'formSubmissionRecord'];

/** Whether the caller's role opens the organisation's Records at all. */
export const hasRecordsAccess = (auth: Pick<AuthContext, 'accessKeys'>): boolean =>
  RECORDS_ACCESS.some((key) => auth.accessKeys.has(key));

/**
 * Whether the caller's role opens someone else's form of this type. An HR form is a performance
 * review: besides its own people (recorder, coordinators) only a role with hrEmployeePrivateInfo
 * reads it, Records access or not.
 */
export function readsOthersForm(auth: Pick<AuthContext, 'accessKeys'>, formType: FormType): boolean {
  if (formType === 'hr') return auth.accessKeys.has('hrEmployeePrivateInfo');
  return hasRecordsAccess(auth);
}
