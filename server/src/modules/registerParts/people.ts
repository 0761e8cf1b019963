import { personName, REGISTER_PEOPLE_PAGE, registerMessages as say, type TPersonRef } from '@compass/shared';
import type { z } from 'zod';
import type { ZRegisterStewardship } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { dateOf } from '../../db/days';
import { organisationToday } from '../../plugins/organisationDay';
import { findAccountHolders, servedBy } from '../employees';
import { invalid, REGISTERS, type RegisterKind, type Stewardship, type Tx } from './registers';

/**
 * Active employees by first or last name, a page at a time (one more is read to know of a next
 * page), sorted by `sortBy` first; `only` narrows them (e.g. to those a review call serves).
 */
export async function peoplePage(
  db: Db,
  companyId: string,
  request: { search?: string | undefined; page: number },
  sortBy: 'firstName' | 'lastName',
  only: Prisma.EmployeeWhereInput = {},
): Promise<{ options: TPersonRef[]; hasMore: boolean }> {
  const byName: Prisma.EmployeeOrderByWithRelationInput[] =
    sortBy === 'lastName'
      ? [{ lastName: 'asc' }, { firstName: 'asc' }]
      : [{ firstName: 'asc' }, { lastName: 'asc' }];
  const found = await db.employee.findMany({
    where: {
      companyId,
      isActive: true,
      ...only,
      ...(request.search && {
        OR: [
          { firstName: { contains: request.search, mode: 'insensitive' } },
          { lastName: { contains: request.search, mode: 'insensitive' } },
        ],
      }),
    },
    orderBy: [...byName, { id: 'asc' }],
    skip: (request.page - 1) * REGISTER_PEOPLE_PAGE,
    take: REGISTER_PEOPLE_PAGE + 1,
    select: { id: true, firstName: true, lastName: true },
  });
  return {
    options: found.slice(0, REGISTER_PEOPLE_PAGE).map((row) => ({ _id: row.id, name: personName(row) })),
    hasMore: found.length > REGISTER_PEOPLE_PAGE,
  };
}

/** Active employees who sign in (auditors, question assignees), by name. */
export async function accountHolderOptions(db: Db, companyId: string, search: string | undefined) {
  const employees = await findAccountHolders(db, companyId, search);
  return employees.map(({ id, name }) => ({ _id: id, name }));
}

/** The organisation's active workplaces by name, as the forms' pick lists offer them. */
export async function workplaceOptions(db: Db, companyId: string) {
  const rows = await db.workplace.findMany({
    where: { companyId, isActive: true },
    orderBy: { name: 'asc' },
    select: { id: true, name: true },
  });
  return rows.map((row) => ({ _id: row.id, name: row.name }));
}

/** Workplace names by id, for a change log that shows names instead of ids. */
export async function workplaceNames(
  client: Tx | Db,
  companyId: string,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await client.workplace.findMany({
    where: { companyId, id: { in: wanted } },
    select: { id: true, name: true },
  });
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The owner, reviewers and workplace of a save exist in the organisation (active people), the
 * reviewers can open the review (as the reviewer picker offers them), and the next review is not
 * before today: the columns to store.
 */
export async function checkStewardship(
  tx: Tx,
  kind: RegisterKind,
  companyId: string,
  input: z.output<typeof ZRegisterStewardship>,
): Promise<Stewardship> {
  const today = await organisationToday(tx, companyId);
  if (input.nextReviewDate < today) throw invalid('nextReviewDate', say.nextReviewPast);
  const people = [input.ownerId, input.reviewerId, input.coReviewerId].filter((id): id is string => !!id);
  const reviewers = [input.reviewerId, input.coReviewerId].filter((id): id is string => !!id);
  const [found, canReview] = await Promise.all([
    tx.employee.count({ where: { companyId, isActive: true, id: { in: [...new Set(people)] } } }),
    tx.employee.findMany({
      where: { companyId, id: { in: reviewers }, ...servedBy(REGISTERS[kind].reviewCall) },
      select: { id: true },
    }),
  ]);
  if (found !== new Set(people).size) throw invalid('ownerId', say.personMissing);
  const cannot = (id: string | null) => id !== null && !canReview.some((row) => row.id === id);
  if (cannot(input.reviewerId)) throw invalid('reviewerId', say.reviewerWithoutAccess);
  if (cannot(input.coReviewerId)) throw invalid('coReviewerId', say.reviewerWithoutAccess);
  if (input.workplaceId && (await tx.workplace.count({ where: { companyId, id: input.workplaceId } })) === 0)
    throw invalid('workplaceId', say.workplaceMissing);
  return {
    ownerEmployeeId: input.ownerId,
    workplaceId: input.workplaceId,
    reviewFrequency: input.reviewFrequency,
    reviewerEmployeeId: input.reviewerId,
    coReviewerEmployeeId: input.coReviewerId,
    nextReviewDate: dateOf(input.nextReviewDate),
  };
}
