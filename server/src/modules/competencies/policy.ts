import type { Call } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { forbidden, notFound } from '../../errors';
import { organisationAnswer, type CachedAnswer } from '../../plugins/answerCache';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
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
 * An employee read for the caller's organisation, with the caller's rights on their records:
 * another organisation's (or no) employee is not found, one the caller may not read is forbidden.
 */
export function readableEmployee<E extends { id: string; managerEmployeeId: string | null }>(
  auth: AuthContext,
  employee: E | null | undefined,
): { employee: E; rights: RecordRights } {
  if (!employee) throw notFound();
  const rights = recordRights(auth, employee);
  if (!rights.mayRead) throw forbidden();
  return { employee, rights };
}

/** The employee whose records the caller asks for, with the caller's rights (as readableEmployee). */
export async function employeeForRecords(client: Client, auth: AuthContext, employeeId: string) {
  const employee = await client.employee.findFirst({ where: { id: employeeId, companyId: auth.companyId } });
  return readableEmployee(auth, employee);
}

/**
 * The employees `e` whose renewals are listed to `employeeId` on the dashboard, one condition per
 * index it reads by: themself and their direct reports (whose records recordRights lets them read;
 * HR follows everyone on the matrix instead). Active employees only: the section's condition.
 */
export function followedBySql(employeeId: string): Sql[] {
  const me = uuid(employeeId);
  return [sql`e.id = ${me}`, sql`e."managerEmployeeId" = ${me} AND e.id <> ${me}`];
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
 * manager their direct reports (`manager`: the matrix's statement also says whether the caller
 * manages anyone, see refuseNonManager); anyone else is refused. Who counts as HR is the matrix's
 * (`seesEveryone`): the competencies' record keys here, hrAdmin for the training matrix.
 */
export function matrixScope(
  auth: AuthContext,
  seesEveryone = holdsHrRecords(auth),
): { employees: Sql; manager: string | null } {
  const company = sql`e."companyId" = ${uuid(auth.companyId)}`;
  if (seesEveryone) return { employees: company, manager: null };
  const me = auth.employeeId;
  if (auth.userType !== 'employee' || !me) throw forbidden();
  return { employees: sql`${company} AND e."managerEmployeeId" = ${uuid(me)}`, manager: me };
}

/**
 * An answer about employees' records (the matrix's page, a summary) named for the organisation's
 * answer cache (plugins/answerCache.ts): by its call, whom it is shown to (every HR employee alike,
 * as recordRights and matrixScope treat them alike; anyone else by who they are), `input` and the
 * organisation's day, which `load` is given (standings move with it). `load` may read only tables
 * that move the data version; a caller refused (404, 403) is refused on every call, nothing is kept.
 */
export function recordsAnswer<T>(
  call: Pick<Call, 'path'>,
  auth: AuthContext,
  input: unknown,
  load: (today: string) => Promise<T>,
): CachedAnswer<T> {
  const sameForHr = holdsHrRecords(auth) && auth.userType === 'employee' && auth.employeeId;
  const viewer = sameForHr ? 'hr' : `${auth.userType}:${auth.employeeId ?? ''}`;
  const today = callerToday(auth);
  return organisationAnswer(call, auth, () => load(today), JSON.stringify([viewer, input, today]));
}

/** Whether `manager` has an active direct report, as a column of the matrix's statement. */
export const managesSomeone = (companyId: string, manager: string): Sql =>
  sql`EXISTS (SELECT 1 FROM "Employee" m WHERE m."companyId" = ${uuid(companyId)}
    AND m."managerEmployeeId" = ${uuid(manager)} AND m."isActive")`;

/** The matrix of someone who is neither HR nor a manager (no active direct report) is refused. */
export function refuseNonManager(scope: { manager: string | null }, manages: boolean): void {
  if (scope.manager && !manages) throw forbidden();
}
