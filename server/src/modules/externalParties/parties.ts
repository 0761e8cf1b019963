import {
  externalPartiesMessages as say,
  personName,
  taskDueType,
  type TaskDueType,
  type TValidationError,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import { badRequest } from '../../errors';
import { organisationToday } from '../administration/organisationToday';

// What supplier form assignments and document requirements share: the party they are asked of,
// its reviewer and due date, checked on the way in and named on the way out.

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** A request's party, reviewer and due date (the ids as sent). */
export interface PartyInput {
  supplierId: string;
  personnelId?: string | null;
  reviewerEmployeeId: string;
  dueDate: string;
}

/**
 * The active company, its active person (if named) and the active employee with an account who
 * reviews, of the organisation; with what is wrong with them. The due date may not be in the past
 * (400 at once). `today` is the organisation's.
 */
export async function findParty(db: Db, companyId: string, input: PartyInput) {
  const today = await organisationToday(db, companyId);
  if (input.dueDate < today) throw badRequest(say.dueInPast, [{ field: 'dueDate', message: say.dueInPast }]);
  const [supplier, person, reviewer] = await Promise.all([
    db.supplierCompany.findFirst({ where: { id: input.supplierId, companyId, isActive: true } }),
    input.personnelId
      ? db.personnel.findFirst({
          where: { id: input.personnelId, companyId, supplierId: input.supplierId, isActive: true },
        })
      : null,
    db.employee.findFirst({
      where: { id: input.reviewerEmployeeId, companyId, isActive: true, user: { isNot: null } },
    }),
  ]);
  const problems: TValidationError[] = [
    !supplier ? { field: 'supplierId', message: say.supplierUnknown } : null,
    input.personnelId && !person ? { field: 'personnelId', message: say.personnelNotOfSupplier } : null,
    !reviewer ? { field: 'reviewerEmployeeId', message: say.reviewerUnknown } : null,
  ].filter((problem) => problem !== null);
  return { today, supplier, person, reviewer, problems };
}

/** The first problem as the message, all of them as validation errors; nothing when there are none. */
export function refuseProblems(problems: (TValidationError | null)[]): void {
  const found = problems.filter((problem) => problem !== null);
  if (found.length > 0) throw badRequest(found[0]!.message, found);
}

/** A register row's party as stored. */
export interface PartyRow {
  id: string;
  supplierId: string;
  personnelId: string | null;
  reviewerEmployeeId: string | null;
  dueDate: Date;
}

const idsOf = <T>(rows: T[], pick: (row: T) => string | null) => [
  ...new Set(rows.map(pick).filter((id): id is string => id !== null)),
];

/** The names of the rows' companies, people and reviewers, in three queries. */
export async function partyNames(db: Db, companyId: string, rows: PartyRow[]) {
  const [suppliers, personnel, reviewers] = await Promise.all([
    db.supplierCompany.findMany({
      where: { companyId, id: { in: idsOf(rows, (row) => row.supplierId) } },
      select: { id: true, name: true },
    }),
    db.personnel.findMany({
      where: { companyId, id: { in: idsOf(rows, (row) => row.personnelId) } },
      select: { id: true, firstName: true, lastName: true },
    }),
    db.employee.findMany({
      where: { companyId, id: { in: idsOf(rows, (row) => row.reviewerEmployeeId) } },
      select: { id: true, firstName: true, lastName: true },
    }),
  ]);
  return {
    supplier: new Map(suppliers.map((row) => [row.id, row.name])),
    personnel: new Map(personnel.map((row) => [row.id, personName(row)])),
    reviewer: new Map(reviewers.map((row) => [row.id, personName(row)])),
  };
}

/** The party fields of a register row; its due date coloured only while it is the supplier's to act on. */
export function partyFields(
  row: PartyRow,
  names: Awaited<ReturnType<typeof partyNames>>,
  today: string,
  withSupplier: boolean,
): {
  _id: string;
  supplierId: string;
  supplierName: string;
  personnelId: string | null;
  personnelName: string | null;
  reviewerEmployeeId: string | null;
  reviewerName: string | null;
  dueDate: string;
  taskDueDateType: TaskDueType;
} {
  const due = dayOf(row.dueDate);
  return {
    _id: row.id,
    supplierId: row.supplierId,
    supplierName: names.supplier.get(row.supplierId) ?? '',
    personnelId: row.personnelId,
    personnelName: row.personnelId ? (names.personnel.get(row.personnelId) ?? null) : null,
    reviewerEmployeeId: row.reviewerEmployeeId,
    reviewerName: row.reviewerEmployeeId ? (names.reviewer.get(row.reviewerEmployeeId) ?? null) : null,
    dueDate: due,
    taskDueDateType: withSupplier ? taskDueType(due, today) : 'nodue',
  };
}

/** The ids of the organisation's supplier companies whose name contains the search (a register's search). */
export async function suppliersNamed(db: Db, companyId: string, search: string): Promise<string[]> {
  const rows = await db.supplierCompany.findMany({
    where: { companyId, name: { contains: search, mode: 'insensitive' } },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
