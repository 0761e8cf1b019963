import type { Db } from '../../db/prisma';
import type { AuthContext } from '../../plugins/auth';
import type { OwnerPolicy } from '../attachments';
import { audienceOf } from './noticeboard';
import { sql, uuid } from './sql';

/**
 * Notice attachments are managed by administrators (the `system` key), who read every notice of
 * their organisation; anyone else reads those of the notices that reach them (the audience rule).
 */
export function noticeAttachmentPolicy(db: Db): OwnerPolicy {
  return async (auth: AuthContext, noticeId, mode) => {
    if (auth.userType === 'employee' && auth.accessKeys.has('system')) {
      return (await db.notice.count({ where: { id: noticeId, companyId: auth.companyId } })) === 1;
    }
    if (mode !== 'read') return false;
    const viewer = auth.employeeId
      ? { companyId: auth.companyId, employeeId: auth.employeeId }
      : auth.supplierId
        ? { companyId: auth.companyId, supplierId: auth.supplierId }
        : null;
    if (!viewer) return false;
    const rows = await db.$queryRaw<unknown[]>(
      sql`SELECT 1 FROM "Notice" n WHERE n.id = ${uuid(noticeId)} AND n."companyId" = ${uuid(auth.companyId)} AND ${audienceOf(viewer)}`,
    );
    return rows.length === 1;
  };
}
