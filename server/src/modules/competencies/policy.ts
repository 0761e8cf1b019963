import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { OwnerPolicy } from '../attachments';

/**
 * Who sees and changes competencies (docs/human-resources.md, "Who sees what"). The catalogue and
 * the positions' requirements are read by every employee of the organisation and changed with
 * hrAdmin (the calls' access). An employee's records are private: the employee, their manager
 * (managerEmployeeId) and holders of hrEmployeeRecord or hrAdmin read them; HR and the employee
 * add and change them; only HR deletes. Suppliers, personnel and links never reach them (the calls
 * serve employees only; the files' policy below refuses every other caller).
 */

type Client = Db | Prisma.TransactionClient;

/** HR: the holders of the keys that cover every employee's records. */
export const holdsHrRecords = (auth: AuthContext): boolean =>
  auth.accessKeys.has('hrEmployeeRecord') || auth.accessKeys.has('hrAdmin');

export interface RecordRights {
  mayRead: boolean;
  mayEdit: boolean;
  mayDelete: boolean;
}

/** What the caller may do with the records of this employee (of the caller's organisation). */
export function recordRights(
  auth: AuthContext,
  employee: { id: string; managerEmployeeId: string | null },
): RecordRights {
  if (auth.userType !== 'employee' || !auth.employeeId)
    return { mayRead: false, mayEdit: false, mayDelete: false };
  const hr = holdsHrRecords(auth);
  const self = employee.id === auth.employeeId;
  return {
    mayRead: hr || self || employee.managerEmployeeId === auth.employeeId,
    mayEdit: hr || self,
    mayDelete: hr,
  };
}

/**
 * The employee whose records the caller asks for, with the caller's rights: another
 * organisation's (or no) employee is not found, one the caller may not read is forbidden.
 */
export async function employeeForRecords(client: Client, auth: AuthContext, employeeId: string) {
  const employee = await client.employee.findFirst({ where: { id: employeeId, companyId: auth.companyId } });
  if (!employee) throw notFound();
  const rights = recordRights(auth, employee);
  if (!rights.mayRead) throw forbidden();
  return { employee, rights };
}

/** A record of the caller's organisation with its employee's rights; 404 and 403 as above. */
export async function recordForCaller(client: Client, auth: AuthContext, recordId: string) {
  const record = await client.competencyRecord.findFirst({
    where: { id: recordId, companyId: auth.companyId },
    include: { employee: { select: { id: true, managerEmployeeId: true } } },
  });
  if (!record) throw notFound();
  const rights = recordRights(auth, record.employee);
  if (!rights.mayRead) throw forbidden();
  return { record, rights };
}

/** Refuses a change the rights do not allow. */
export function requireRight(rights: RecordRights, right: 'mayEdit' | 'mayDelete'): void {
  if (!rights[right]) throw forbidden();
}

/** Evidence files follow their record: read by whoever reads it, changed by whoever edits it. */
export const recordFilePolicy =
  (db: Db): OwnerPolicy =>
  async (auth, recordId, mode) => {
    const record = await db.competencyRecord.findFirst({
      where: { id: recordId, companyId: auth.companyId },
      select: { employee: { select: { id: true, managerEmployeeId: true } } },
    });
    if (!record) return false;
    const rights = recordRights(auth, record.employee);
    return mode === 'read' ? rights.mayRead : rights.mayEdit;
  };

/**
 * Which employees the matrix shows the caller, as a condition on `e`: HR sees every employee, a
 * manager their direct reports; anyone else is refused.
 */
export async function matrixScope(db: Db, auth: AuthContext): Promise<Sql> {
  const company = sql`e."companyId" = ${uuid(auth.companyId)}`;
  if (holdsHrRecords(auth)) return company;
  const me = auth.employeeId;
  if (auth.userType !== 'employee' || !me) throw forbidden();
  const reports = await db.employee.count({
    where: { companyId: auth.companyId, managerEmployeeId: me, isActive: true },
  });
  if (reports === 0) throw forbidden();
  return sql`${company} AND e."managerEmployeeId" = ${uuid(me)}`;
}
