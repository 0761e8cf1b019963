import {
  externalPartiesMessages as say,
  personName,
  taskDueType,
  type TaskDueType,
  type TValidationError,
} from '@compass/shared';
import { dateOf } from '../../db/days';
import type { Db } from '../../db/prisma';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { badRequest } from '../../errors';
import { organisationToday } from '../../plugins/organisationDay';

// What supplier form assignments and document requirements share: the party they are asked of,
// its reviewer and due date, checked on the way in and named on the way out.

type Person = { firstName: string; lastName: string };

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

/**
 * What a request (an assignment or a requirement) keeps of its checked party: its columns, and the
 * names its change log records.
 */
export function partyRequested(
  party: {
    supplier: { id: string; name: string };
    person: (Person & { id: string }) | null;
    reviewer: Person & { id: string };
  },
  input: PartyInput & { message?: string | undefined },
  createdById: string,
) {
  return {
    columns: {
      supplierId: party.supplier.id,
      personnelId: party.person?.id ?? null,
      reviewerEmployeeId: party.reviewer.id,
      dueDate: dateOf(input.dueDate),
      message: input.message || null,
      createdById,
    },
    named: {
      supplier: party.supplier.name,
      personnel: party.person ? personName(party.person) : null,
      reviewer: personName(party.reviewer),
      dueDate: input.dueDate,
    },
  };
}

/** The first problem as the message, all of them as validation errors; nothing when there are none. */
export function refuseProblems(problems: (TValidationError | null)[]): void {
  const found = problems.filter((problem) => problem !== null);
  if (found.length > 0) throw badRequest(found[0]!.message, found);
}

/**
 * The party columns of a register row `r` (an assignment or a requirement) with the names of its
 * company, person and reviewer in the organisation, for a statement of the Reader.
 */
export const partyColumns = sql`r.id, r."supplierId", r."personnelId", r."reviewerEmployeeId", r."dueDate",
  (SELECT s.name FROM "SupplierCompany" s WHERE s.id = r."supplierId" AND s."companyId" = r."companyId")
    AS "supplierName",
  (SELECT json_build_object('firstName', p."firstName", 'lastName', p."lastName") FROM "Personnel" p
    WHERE p.id = r."personnelId" AND p."companyId" = r."companyId") AS personnel,
  (SELECT json_build_object('firstName', e."firstName", 'lastName', e."lastName") FROM "Employee" e
    WHERE e.id = r."reviewerEmployeeId" AND e."companyId" = r."companyId") AS reviewer`;

export interface PartyColumns {
  id: string;
  supplierId: string;
  personnelId: string | null;
  reviewerEmployeeId: string | null;
  /** yyyy-MM-dd (the Reader hands dates over as text). */
  dueDate: string;
  supplierName: string | null;
  personnel: Person | null;
  reviewer: Person | null;
}

/**
 * A register's search (SQL on `r`): the name of its company, or another of its names (`alsoNamed`,
 * given the ILIKE pattern), contains the text.
 */
export function partySearch(companyId: string, search: string, alsoNamed: (pattern: string) => Sql[]): Sql {
  const pattern = containing(search);
  return sql`(r."supplierId" IN (SELECT s.id FROM "SupplierCompany" s
      WHERE s."companyId" = ${uuid(companyId)} AND s.name ILIKE ${pattern})
    OR ${join(alsoNamed(pattern), ' OR ')})`;
}

/** The party fields of a register row; its due date coloured only while it is the supplier's to act on. */
export function partyFields(
  row: PartyColumns,
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
  return {
    _id: row.id,
    supplierId: row.supplierId,
    supplierName: row.supplierName ?? '',
    personnelId: row.personnelId,
    personnelName: row.personnelId && row.personnel ? personName(row.personnel) : null,
    reviewerEmployeeId: row.reviewerEmployeeId,
    reviewerName: row.reviewerEmployeeId && row.reviewer ? personName(row.reviewer) : null,
    dueDate: row.dueDate,
    taskDueDateType: withSupplier ? taskDueType(row.dueDate, today) : 'nodue',
  };
}
