import {
  addDays,
  personName,
  trainingAssignmentMessages as say,
  type TTrainingPositionRule,
} from '@compass/shared';
import { dateOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import { conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, type Snapshot } from '../../plugins/changeLog';
import { organisationToday } from '../../plugins/organisationDay';
import type { PositionJoin } from '../employees';
import type { Mailing } from './mails';
import { makeAssignment, openAmong, publishedVersion, type AssignTerms } from './making';
import { findCourse } from './policy';

/**
 * Standing assignments to a position (TrainingPositionRule): HR's assign to a position leaves one
 * unless told not to, and whoever joins the position later is assigned the course in the same
 * transaction, due as many days after joining as the first assign gave. One live rule per course
 * and position: a new assign replaces it; HR stops it.
 */

type Tx = Prisma.TransactionClient;
type Who = { companyId: string; userId: string | null };

const logRule = (tx: Tx, who: Who, id: string, action: string, before: Snapshot | null, after: Snapshot) =>
  recordChange(tx, { ...who, entityType: 'trainingPositionRule', entityId: id, action, before, after });

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
      frequency: terms.repeat?.frequency ?? null,
      repeatInterval: terms.repeat ? (terms.repeat.interval ?? 1) : null,
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
      repeat: rule.frequency ? { frequency: rule.frequency, interval: rule.repeatInterval ?? 1 } : null,
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

/** A course's live standing rules, newest first, with the position's and the reviewer's names. */
export async function listPositionRules(
  db: Db,
  auth: AuthContext,
  courseId: string,
): Promise<{ rows: TTrainingPositionRule[] }> {
  const { companyId } = auth;
  await findCourse(db, auth, courseId);
  const rules = await db.trainingPositionRule.findMany({
    where: { companyId, courseId, stoppedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
  const [positions, reviewers] = await Promise.all([
    db.position.findMany({
      where: { companyId, id: { in: rules.map((rule) => rule.positionId) } },
      select: { id: true, name: true },
    }),
    db.employee.findMany({
      where: { companyId, id: { in: rules.map((rule) => rule.reviewerEmployeeId) } },
      select: { id: true, firstName: true, lastName: true },
    }),
  ]);
  const positionName = new Map(positions.map((position) => [position.id, position.name]));
  const reviewerName = new Map(reviewers.map((reviewer) => [reviewer.id, personName(reviewer)]));
  return {
    rows: rules.map((rule) => ({
      _id: rule.id,
      courseId: rule.courseId,
      positionId: rule.positionId,
      positionName: positionName.get(rule.positionId) ?? '',
      reviewerEmployeeId: rule.reviewerEmployeeId,
      reviewerName: reviewerName.get(rule.reviewerEmployeeId) ?? '',
      completeWithinDays: rule.completeWithinDays,
      repeat: rule.frequency ? { frequency: rule.frequency, interval: rule.repeatInterval ?? 1 } : null,
      createdAt: rule.createdAt.toISOString(),
    })),
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
