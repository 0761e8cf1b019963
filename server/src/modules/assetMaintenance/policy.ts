import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

/** Who the records are shown to, besides the register: the employee or the supplier company doing them. */
export type MaintenanceAssigneeOf = { employeeId: string } | { supplierId: string };

/** The register: an employee whose role has the `plant` key sees every record of the organisation. */
export const isMaintenanceRegister = (auth: Pick<AuthContext, 'userType' | 'accessKeys'>): boolean =>
  auth.userType === 'employee' && auth.accessKeys.has('plant');

/**
 * Whose records a caller does (and opens without the register's key): an employee their own, a
 * supplier company's account and its personnel the company's; null for a caller with neither.
 */
export function assigneeOfCaller(
  auth: Pick<AuthContext, 'userType' | 'employeeId' | 'supplierId'>,
): MaintenanceAssigneeOf | null {
  if (auth.userType === 'employee') return auth.employeeId ? { employeeId: auth.employeeId } : null;
  return auth.supplierId ? { supplierId: auth.supplierId } : null;
}

/** The records of an assignee on `t`, as the dashboards list them (open ones, on their index). */
export function openMaintenanceOfSql(companyId: string, assignee: MaintenanceAssigneeOf): Sql {
  const whose =
    'employeeId' in assignee
      ? sql`t."assigneeEmployeeId" = ${uuid(assignee.employeeId)}`
      : sql`t."assigneeSupplierId" = ${uuid(assignee.supplierId)}`;
  return sql`t."companyId" = ${uuid(companyId)} AND ${whose} AND t.status = 'open'`;
}

/** The records the caller may open: the register's are the organisation's, anyone else's their own. */
function visibleWhere(auth: AuthContext): Prisma.MaintenanceRecordWhereInput | null {
  if (isMaintenanceRegister(auth)) return { companyId: auth.companyId };
  const assignee = assigneeOfCaller(auth);
  if (!assignee) return null;
  return 'employeeId' in assignee
    ? { companyId: auth.companyId, assigneeEmployeeId: assignee.employeeId }
    : { companyId: auth.companyId, assigneeSupplierId: assignee.supplierId };
}

/**
 * The record when the caller may open it (one rule for the record's page, completion and files);
 * anything else — another organisation's, someone else's — is 404, as the other registers answer.
 */
export async function findVisibleRecord(
  client: Db | Prisma.TransactionClient,
  auth: AuthContext,
  id: string,
) {
  const where = visibleWhere(auth);
  const record = where ? await client.maintenanceRecord.findFirst({ where: { ...where, id } }) : null;
  if (!record) throw notFound();
  return record;
}

type RecordState = { status: string; assigneeEmployeeId: string | null; assigneeSupplierId: string | null };

/** Who may complete a record (and add its files while open): the register, or whoever does it. */
export function canComplete(auth: AuthContext, record: RecordState): boolean {
  if (record.status !== 'open') return false;
  if (isMaintenanceRegister(auth)) return true;
  const assignee = assigneeOfCaller(auth);
  if (!assignee) return false;
  return 'employeeId' in assignee
    ? record.assigneeEmployeeId === assignee.employeeId
    : record.assigneeSupplierId === assignee.supplierId;
}

/** Only the register changes who does open work and when. */
export const canReassign = (auth: AuthContext, record: RecordState): boolean =>
  record.status === 'open' && isMaintenanceRegister(auth);

/** Whether the caller may open the record (policy of `findVisibleRecord`, as a yes or no). */
export async function recordVisible(db: Db, auth: AuthContext, recordId: string): Promise<boolean> {
  const where = visibleWhere(auth);
  return where !== null && (await db.maintenanceRecord.count({ where: { ...where, id: recordId } })) > 0;
}

/**
 * A record's files: read by whoever may open it; deleted by the register (the record's call adds
 * them, with its own rule: canComplete while open, the register afterwards).
 */
export function recordFilePolicy(db: Db) {
  return async (auth: AuthContext, recordId: string, mode: 'read' | 'write'): Promise<boolean> =>
    (mode === 'read' || isMaintenanceRegister(auth)) && recordVisible(db, auth, recordId);
}
