import {
  addDays,
  personName,
  trainingAssignmentMessages as say,
  type FrequencyUnit,
  type TTrainingPositionRule,
} from '@compass/shared';
import { dateOf } from '../../db/days';
import { timestampOf, type Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import type { Db, Prisma } from '../../db/prisma';
import { conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { organisationToday } from '../../plugins/organisationDay';
import { repeatColumns, storedRepeat, type PositionJoin } from '../employees';
import type { Mailing } from './mails';
import { makeAssignment, openAmong, publishedVersion, trainingChangeLog, type AssignTerms } from './making';

/**
 * Standing assignments to a position (TrainingPositionRule): HR's assign to a position leaves one
 * unless told not to, and whoever joins the position later is assigned the course in the same
 * transaction, due as many days after joining as the first assign gave. One live rule per course
 * and position: a new assign replaces it; HR stops it.
 */

type Tx = Prisma.TransactionClient;

const logRule = trainingChangeLog('trainingPositionRule');

const DAY_MS = 86_400_000;

/**
 * Leaves the standing rule of an assign to a position (the live one of the course and position
 * stopped, replaced): its id, which the assign's assignments carry.
 */
export async function standPositionRule(
  tx: Tx,
  auth: AuthContext,
  terms: AssignTerms,
  positionId: string,
  today: string,
): Promise<string> {
  const { companyId } = auth;
  const courseId = terms.published.course.id;
  const live = await tx.trainingPositionRule.findFirst({
    where: { companyId, courseId, positionId, stoppedAt: null },
    select: { id: true },
  });
  if (live) {
    await tx.trainingPositionRule.update({ where: { id: live.id }, data: { stoppedAt: new Date() } });
    await logRule(tx, auth, live.id, 'replaced', { live: true }, { live: false });
  }
  const completeWithinDays = Math.max(
    1,
    Math.round((dateOf(terms.completeBy).getTime() - dateOf(today).getTime()) / DAY_MS),
  );
  const rule = await tx.trainingPositionRule.create({
    data: {
      companyId,
      courseId,
      positionId,
      reviewerEmployeeId: terms.reviewerEmployeeId!,
      completeWithinDays,
      message: terms.message,
      ...repeatColumns(terms.repeat),
      createdById: auth.userId,
    },
  });
  await logRule(tx, auth, rule.id, 'created', null, {
    course: terms.published.course.name,
    positionId,
    completeWithinDays,
    repeat: terms.repeat,
  });
  return rule.id;
}

/**
 * Someone joined a position: each live rule of it assigns its course to them, unless they have it
 * open, they are its reviewer, the course is out of use or the reviewer has gone.
 */
export async function assignOnJoin(tx: Tx, mailing: Mailing, join: PositionJoin): Promise<void> {
  const { companyId, employeeId } = join;
  const rules = await tx.trainingPositionRule.findMany({
    where: {
      companyId,
      positionId: join.positionId,
      stoppedAt: null,
      reviewerEmployeeId: { not: employeeId },
    },
    orderBy: { createdAt: 'asc' },
  });
  if (rules.length === 0) return;
  const today = await organisationToday(tx, companyId);
  for (const rule of rules) {
    const [published, reviewer, open] = await Promise.all([
      publishedVersion(tx, companyId, rule.courseId),
      tx.employee.count({
        where: { id: rule.reviewerEmployeeId, companyId, isActive: true, user: { isNot: null } },
      }),
      openAmong(tx, companyId, rule.courseId, 'employeeId', [employeeId]),
    ]);
    if (!published || reviewer === 0 || open.size > 0) continue;
    const completeBy = addDays(today, rule.completeWithinDays);
    const terms: AssignTerms = {
      companyId,
      createdById: join.userId,
      published,
      reviewerEmployeeId: rule.reviewerEmployeeId,
      completeBy,
      message: rule.message,
      repeat: storedRepeat(rule),
      positionRuleId: rule.id,
    };
    await makeAssignment(
      tx,
      mailing,
      terms,
      { employeeId },
      {
        course: published.course.name,
        joinedPosition: join.positionId,
        positionRuleId: rule.id,
        completeBy,
      },
    );
  }
}

/**
 * A course's live standing rules, newest first, with the position's and the reviewer's names: one
 * statement on the read pool (the course's own row says it is the organisation's: none, 404).
 */
export async function listPositionRules(
  reader: Reader,
  auth: AuthContext,
  courseId: string,
): Promise<{ rows: TTrainingPositionRule[] }> {
  const found = await reader.rows<{
    id: string | null;
    positionId: string;
    positionName: string | null;
    reviewerEmployeeId: string;
    reviewerFirst: string | null;
    reviewerLast: string | null;
    completeWithinDays: number;
    frequency: FrequencyUnit | null;
    repeatInterval: number | null;
    createdAt: string;
  }>(sql`SELECT r.id, r."positionId", p.name AS "positionName", r."reviewerEmployeeId",
      e."firstName" AS "reviewerFirst", e."lastName" AS "reviewerLast", r."completeWithinDays",
      r.frequency, r."repeatInterval", r."createdAt"
    FROM "TrainingCourse" c
    LEFT JOIN "TrainingPositionRule" r
      ON r."courseId" = c.id AND r."companyId" = c."companyId" AND r."stoppedAt" IS NULL
    LEFT JOIN "Position" p ON p.id = r."positionId" AND p."companyId" = r."companyId"
    LEFT JOIN "Employee" e ON e.id = r."reviewerEmployeeId" AND e."companyId" = r."companyId"
    WHERE c.id = ${uuid(courseId)} AND c."companyId" = ${uuid(auth.companyId)}
    ORDER BY r."createdAt" DESC, r.id`);
  if (found.length === 0) throw notFound();
  return {
    rows: found.flatMap((rule) =>
      rule.id === null
        ? []
        : [
            {
              _id: rule.id,
              courseId,
              positionId: rule.positionId,
              positionName: rule.positionName ?? '',
              reviewerEmployeeId: rule.reviewerEmployeeId,
              reviewerName:
                rule.reviewerFirst === null
                  ? ''
                  : personName({ firstName: rule.reviewerFirst, lastName: rule.reviewerLast ?? '' }),
              completeWithinDays: rule.completeWithinDays,
              repeat: storedRepeat(rule),
              createdAt: timestampOf(rule.createdAt).toISOString(),
            },
          ],
    ),
  };
}

/** HR stops a standing rule: who joins the position from now on is not assigned (409 when stopped). */
export function stopPositionRule(db: Db, auth: AuthContext, id: string): Promise<void> {
  return db.$transaction(async (tx) => {
    const claimed = await tx.trainingPositionRule.updateMany({
      where: { id, companyId: auth.companyId, stoppedAt: null },
      data: { stoppedAt: new Date() },
    });
    if (claimed.count !== 1) {
      const found = await tx.trainingPositionRule.count({ where: { id, companyId: auth.companyId } });
      throw found ? conflict(say.ruleNotLive) : notFound();
    }
    await logRule(tx, auth, id, 'stopped', { live: true }, { live: false });
  });
}
