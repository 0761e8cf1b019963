import type { Db, Notice, Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { OwnerPolicy } from '../attachments';

// Who manages the noticeboard and whom a notice reaches: the administrators' screens, the
// dashboard's section and list, and the notices' files all ask here.

/** Administrators (the `system` key) manage every notice of their organisation. */
export const canManageNotices = (auth: Pick<AuthContext, 'userType' | 'accessKeys'>): boolean =>
  auth.userType === 'employee' && auth.accessKeys.has('system');

/** The caller's organisation's notice; another organisation's is not found. */
export async function findNotice(
  client: Prisma.TransactionClient | Db,
  auth: AuthContext,
  id: string,
): Promise<Notice> {
  const notice = await client.notice.findFirst({ where: { id, companyId: auth.companyId } });
  if (!notice) throw notFound();
  return notice;
}

/** Who reads the noticeboard: an employee, or a supplier company's user or personnel. */
export type NoticeViewer = { companyId: string } & (
  { employeeId: string; supplierId?: undefined } | { supplierId: string; employeeId?: undefined }
);

/** The reader of the noticeboard a session is; null for a session that reads none. */
export function noticeViewerOf(auth: AuthContext): NoticeViewer | null {
  if (auth.userType === 'employee')
    return auth.employeeId ? { companyId: auth.companyId, employeeId: auth.employeeId } : null;
  return auth.supplierId ? { companyId: auth.companyId, supplierId: auth.supplierId } : null;
}

/**
 * The audience rule over the notice `n`, the one place it is written: a published notice reaches
 * every employee (everyone), the employees of the workplaces or roles it names, or the users and
 * personnel of the supplier companies it names. Suppliers see only notices addressed to their company.
 */
export function noticeVisibleTo(viewer: NoticeViewer): Sql {
  if (viewer.employeeId === undefined) {
    return sql`n."isPublished" AND n.audience = 'suppliers' AND ${uuid(viewer.supplierId)} = ANY(n."audienceIds")`;
  }
  const own = (column: Sql) =>
    sql`(SELECT ${column} FROM "Employee" v WHERE v.id = ${uuid(viewer.employeeId)} AND v."companyId" = ${uuid(viewer.companyId)})`;
  return sql`n."isPublished" AND (n.audience = 'everyone'
    OR (n.audience = 'workplaces' AND ${own(sql`v."workplaceId"`)} = ANY(n."audienceIds"))
    OR (n.audience = 'roles' AND ${own(sql`v."roleId"`)} = ANY(n."audienceIds")))`;
}

/**
 * A notice's files are managed by whoever manages notices, who reads every notice of their
 * organisation; anyone else reads those of the notices that reach them.
 */
export const noticeFilePolicy =
  (db: Db): OwnerPolicy =>
  async (auth, noticeId, mode) => {
    if (canManageNotices(auth))
      return (await db.notice.count({ where: { id: noticeId, companyId: auth.companyId } })) === 1;
    const viewer = noticeViewerOf(auth);
    if (mode !== 'read' || !viewer) return false;
    const rows = await db.$queryRaw<unknown[]>(
      sql`SELECT 1 FROM "Notice" n WHERE n.id = ${uuid(noticeId)} AND n."companyId" = ${uuid(auth.companyId)} AND ${noticeVisibleTo(viewer)}`,
    );
    return rows.length === 1;
  };
