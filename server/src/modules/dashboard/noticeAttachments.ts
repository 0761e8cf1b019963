import type { Db } from '../../db/prisma';
import type { OwnerPolicy } from '../attachments/service';

/**
 * Notice attachments are read by the employees of the notice's organisation (the noticeboard is
 * theirs); nobody changes them from the dashboard.
 */
export function noticeAttachmentPolicy(db: Db): OwnerPolicy {
  return async (auth, noticeId, mode) => {
    if (mode !== 'read' || !auth.employeeId) return false;
    return (await db.notice.count({ where: { id: noticeId, companyId: auth.companyId } })) === 1;
  };
}
