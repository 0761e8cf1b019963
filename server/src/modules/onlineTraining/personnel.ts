import {
  personName,
  trainingAssignmentMessages as say,
  type TTrainingAssign,
  type TTrainingPersonnelOptions,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { containing, join, sql, uuid } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { checkField } from '../employees';
import { mailAboutTraining, registeredMailing, type Mailing } from './mails';
import type { Repeat } from '../employees';
import { assignEach, assignRacing, checkedTerms, openAmong, OPEN_STATUSES, refuseOpen } from './making';

/**
 * Supplier personnel as trainees (a site induction): HR assigns them a course, or External
 * Parties does when it asks a person for a requirement a course meets. They do not sign in to the
 * screens of employees: each assignment's mail carries a link of its own (mails.ts).
 */

type Tx = Prisma.TransactionClient;

export interface PersonnelAssignInput {
  companyId: string;
  createdById: string | null;
  courseId: string;
  personnelIds: string[];
  reviewerEmployeeId: string;
  /** yyyy-MM-dd */
  completeBy: string;
  message?: string | null;
  repeat?: Repeat | null;
}

const ACTIVE_PERSON = (companyId: string) => ({ companyId, isActive: true, supplier: { companyId } });

/** The chosen persons, every one active personnel of a supplier of the organisation (else 400). */
async function chosenPersonnel(tx: Db | Tx, companyId: string, ids: string[]) {
  const people = await tx.personnel.findMany({
    where: { ...ACTIVE_PERSON(companyId), id: { in: ids } },
    select: { id: true, firstName: true, lastName: true },
    orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }, { id: 'asc' }],
  });
  checkField(people.length === ids.length, 'personnelIds', say.personnelUnknown);
  return people;
}

/**
 * Assigns a published course to persons in the caller's transaction: someone with it open is
 * refused (400 on personnelIds); each is logged and mailed a link.
 */
export async function assignPersonnel(
  tx: Tx,
  mailing: Mailing,
  input: PersonnelAssignInput,
): Promise<{ ids: string[]; mailsQueued: number }> {
  const { companyId } = input;
  const { terms, reviewer } = await checkedTerms(tx, { companyId, createdById: input.createdById }, input);
  const wanted = [...new Set(input.personnelIds)];
  const people = await chosenPersonnel(tx, companyId, wanted);
  refuseOpen(await openAmong(tx, companyId, input.courseId, 'personnelId', wanted), people, 'personnelIds');
  return assignEach(tx, mailing, terms, 'personnelId', people, reviewer);
}

/** assignPersonnel for other areas (External Parties' site inductions), through the app's mail queue. */
export const assignPersonnelTraining = (tx: Tx, input: PersonnelAssignInput) =>
  assignPersonnel(tx, registeredMailing(), input);

/** HR's assign to supplier personnel (`personnelIds`), in a transaction of its own. */
export async function assignPersonnelCourse(
  db: Db,
  mailing: Mailing,
  auth: AuthContext,
  input: TTrainingAssign & { personnelIds: string[] },
): Promise<{ count: number; ids: string[]; mailsQueued: number }> {
  const request = { ...input, companyId: auth.companyId, createdById: auth.userId };
  const assigned = await assignRacing(
    db,
    (tx) => assignPersonnel(tx, mailing, request),
    async () => {
      const people = await chosenPersonnel(db, auth.companyId, [...new Set(input.personnelIds)]);
      const ids = people.map((person) => person.id);
      refuseOpen(
        await openAmong(db, auth.companyId, input.courseId, 'personnelId', ids),
        people,
        'personnelIds',
      );
    },
  );
  return { count: assigned.ids.length, ...assigned };
}

/**
 * A new link and mail for an open assignment (External Parties' "Send again"): 1 when a mail was
 * queued, 0 when the assignment is not open or its trainee has no e-mail address.
 */
export async function mailTrainingLink(
  tx: Tx,
  companyId: string,
  assignmentId: string,
  createdById: string | null,
): Promise<number> {
  const assignment = await tx.onlineTrainingAssignment.findFirst({
    where: { id: assignmentId, companyId, status: { in: OPEN_STATUSES } },
  });
  if (!assignment) return 0;
  const { mail, publicUrl } = registeredMailing();
  const mailed = await mailAboutTraining(tx, mail, publicUrl, assignment, { kind: 'assigned' }, createdById);
  return mailed ? 1 : 0;
}

/**
 * Active supplier personnel whose name or company holds every word searched: 20, by name. One
 * statement on the read pool (Prisma's, with the company's name as a relation filter, took 11 ms).
 */
export async function personnelOptions(
  reader: Reader,
  auth: AuthContext,
  search: string,
): Promise<TTrainingPersonnelOptions> {
  const words = search.split(/\s+/).filter(Boolean);
  const matching = words.map(
    (word) => sql`(p."firstName" ILIKE ${containing(word)} OR p."lastName" ILIKE ${containing(word)}
      OR s.name ILIKE ${containing(word)})`,
  );
  const rows = await reader.rows<{
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    supplierName: string;
  }>(
    sql`SELECT p.id, p."firstName", p."lastName", p.email, s.name AS "supplierName"
      FROM "Personnel" p
      JOIN "SupplierCompany" s ON s.id = p."supplierId" AND s."companyId" = p."companyId"
      WHERE ${join([sql`p."companyId" = ${uuid(auth.companyId)} AND p."isActive"`, ...matching], ' AND ')}
      ORDER BY p."firstName", p."lastName", p.id
      LIMIT 20`,
  );
  return {
    rows: rows.map((row) => ({
      _id: row.id,
      name: personName(row),
      supplierName: row.supplierName,
      email: row.email,
    })),
  };
}
