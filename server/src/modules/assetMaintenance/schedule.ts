import {
  maintenanceMessages as say,
  maintenanceCompleteCall,
  type TMaintenanceReassign,
} from '@compass/shared';
import { dateOf } from '../../db/days';
import type { Prisma } from '../../db/prisma';
import { day, sql, uuid } from '../../db/sql';
import { badRequest } from '../../errors';
import { servedBy } from '../employees';
import { insertPlanRecords } from '../maintenanceSchedule';

/** The transaction client of the writes here (the assets module calls them inside its own). */
export type Tx = Prisma.TransactionClient;

type AssigneeInput = NonNullable<TMaintenanceReassign['assignee']>;
export interface AssigneeColumns {
  assigneeEmployeeId: string | null;
  assigneeSupplierId: string | null;
}

/**
 * Who does maintenance, checked: an active employee whose account may complete it (signs in), or an
 * active supplier company of the organisation; null leaves it unassigned.
 */
export async function assigneeColumns(
  tx: Tx,
  companyId: string,
  assignee: AssigneeInput | null,
): Promise<AssigneeColumns> {
  if (!assignee) return { assigneeEmployeeId: null, assigneeSupplierId: null };
  if (assignee.kind === 'employee') {
    const found = await tx.employee.count({
      where: { companyId, id: assignee._id, isActive: true, ...servedBy(maintenanceCompleteCall) },
    });
    if (!found) throw badRequest(say.employeeUnknown);
    return { assigneeEmployeeId: assignee._id, assigneeSupplierId: null };
  }
  const found = await tx.supplierCompany.count({ where: { companyId, id: assignee._id, isActive: true } });
  if (!found) throw badRequest(say.supplierUnknown);
  return { assigneeEmployeeId: null, assigneeSupplierId: assignee._id };
}

/** A new plan's first records: of its asset, or of every asset of its category not disposed of. */
export function openFirstRecords(tx: Tx, planId: string): Promise<number> {
  return insertPlanRecords(
    tx,
    sql`"MaintenancePlan" p JOIN "Asset" a ON a."companyId" = p."companyId"`,
    sql`p.id = ${uuid(planId)}`,
    sql`p."firstDueDate"`,
  );
}

/** The next record of a plan's done one, due `nextDue`, unless the plan stopped or the asset was disposed of. */
export async function openNextRecord(
  tx: Tx,
  planId: string,
  assetId: string,
  nextDue: string,
): Promise<boolean> {
  const inserted = await insertPlanRecords(
    tx,
    sql`"MaintenancePlan" p JOIN "Asset" a ON a."companyId" = p."companyId"`,
    sql`p.id = ${uuid(planId)} AND a.id = ${uuid(assetId)}`,
    day(nextDue),
  );
  return inserted > 0;
}

/** A fault's corrective record (assets' fault report): open, due on the given day; returns its id. */
export async function openCorrectiveRecord(
  tx: Tx,
  input: {
    companyId: string;
    assetId: string;
    title: string;
    instructions: string;
    assigneeEmployeeId: string | null;
    dueDate: string;
  },
): Promise<string> {
  const record = await tx.maintenanceRecord.create({
    data: {
      companyId: input.companyId,
      assetId: input.assetId,
      kind: 'corrective',
      title: input.title,
      instructions: input.instructions,
      assigneeEmployeeId: input.assigneeEmployeeId,
      dueDate: dateOf(input.dueDate),
    },
    select: { id: true },
  });
  return record.id;
}
