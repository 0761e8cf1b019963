import {
  performanceReviewMessages as say,
  performanceReviewTitle,
  personName,
  type TPerformanceObjectiveInput,
  type TPerformanceReviewDetails,
  type TPerformanceReviewHistory,
  type TPerformanceReviewPerson,
  type TPerformanceReviewSaved,
  type TPerformanceReviewStart,
} from '@compass/shared';
import { dateOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import { timestampOf, type Reader } from '../../db/reader';
import { emptySql, sql, uuid } from '../../db/sql';
import { conflict, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import { callerToday, organisationToday } from '../../plugins/organisationDay';
import { historyOf } from '../changeLog';
import { employeeNames, employeeSearch, namesReviewer } from '../employees';
import { agreedActionsOf, check, claimVersion, isOpen, recordStep, wrongStep } from './steps';
import { mailAboutReview } from './mails';
import {
  cancels,
  editsObjectives,
  holdsReviewRegister,
  readsRemarks,
  reviewForCaller,
  shownParts,
  sideOf,
  startsFor,
} from './policy';
import { rowOf, type PerformanceReviewRegister } from './register';

/**
 * Performance reviews: the people to start one for, starting, one review as its caller may see it,
 * an employee's history, the objectives while the self-assessment is open, and cancelling. The two
 * sides' assessments and the sign-off are `ReviewAssessments` (assessments.ts).
 */
export class PerformanceReviewService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly mail: MailQueue,
    readonly register: PerformanceReviewRegister,
    private readonly publicUrl: string,
  ) {}

  /**
   * Active employees matching a search: role employee — anyone for HR, a manager's direct reports
   * otherwise — with their manager; role reviewer — those who sign in. Neither HR nor a manager: 403.
   */
  async people(auth: AuthContext, search: string | undefined, role: 'employee' | 'reviewer') {
    const company = uuid(auth.companyId);
    const hr = holdsReviewRegister(auth);
    if (!hr) {
      const reports = auth.employeeId
        ? await this.db.employee.count({
            where: { companyId: auth.companyId, managerEmployeeId: auth.employeeId, isActive: true },
          })
        : 0;
      if (reports === 0) throw forbidden();
    }
    const words = search?.trim();
    const whom =
      role === 'reviewer'
        ? sql`AND EXISTS (SELECT 1 FROM "User" u WHERE u."employeeId" = e.id AND u."companyId" = e."companyId")`
        : hr
          ? emptySql
          : sql`AND e."managerEmployeeId" = ${uuid(auth.employeeId!)}`;
    const rows = await this.reader.rows<{
      id: string;
      firstName: string;
      lastName: string;
      positionName: string | null;
      managerId: string | null;
      managerFirstName: string | null;
      managerLastName: string | null;
    }>(
      sql`SELECT e.id, e."firstName", e."lastName", p.name AS "positionName", m.id AS "managerId",
          m."firstName" AS "managerFirstName", m."lastName" AS "managerLastName"
        FROM "Employee" e
        LEFT JOIN "Position" p ON p.id = e."positionId" AND p."companyId" = e."companyId"
        LEFT JOIN "Employee" m ON m.id = e."managerEmployeeId" AND m."companyId" = e."companyId"
        WHERE e."companyId" = ${company} AND e."isActive" ${whom}
          ${words ? sql`AND ${employeeSearch(words, () => [sql`false`])}` : emptySql}
        ORDER BY e."firstName", e."lastName", e.id LIMIT 20`,
    );
    return rows.map((row): TPerformanceReviewPerson => ({
      _id: row.id,
      name: personName(row),
      positionName: row.positionName,
      managerEmployeeId: row.managerId,
      managerName:
        row.managerId && row.managerFirstName !== null
          ? personName({ firstName: row.managerFirstName, lastName: row.managerLastName ?? '' })
          : null,
    }));
  }

  /** Starts a review (HR, or the employee's manager); the employee and the reviewer are mailed. */
  async start(auth: AuthContext, input: TPerformanceReviewStart): Promise<{ _id: string }> {
    const companyId = auth.companyId;
    const [employee, reviewer, today] = await Promise.all([
      this.db.employee.findFirst({
        where: { id: input.employeeId, companyId, isActive: true },
        select: { id: true, managerEmployeeId: true },
      }),
      this.db.employee.findFirst({
        where: { id: input.reviewerEmployeeId, companyId, isActive: true, user: { isNot: null } },
        select: { id: true },
      }),
      organisationToday(this.db, companyId),
    ]);
    if (!startsFor(auth, employee?.managerEmployeeId ?? null)) throw forbidden(say.notYourReport);
    check(employee !== null, 'employeeId', say.employeeUnknown);
    check(reviewer !== null, 'reviewerEmployeeId', say.reviewerUnknown);
    check(
      namesReviewer(auth, input.reviewerEmployeeId, [employee!.managerEmployeeId]),
      'reviewerEmployeeId',
      say.reviewerNotManager,
    );
    check(input.dueDate >= today, 'dueDate', say.dueInPast);
    const title = input.title?.trim() || performanceReviewTitle(input.periodStart, input.periodEnd);
    return this.db.$transaction(async (tx) => {
      const review = await tx.performanceReview.create({
        data: {
          companyId,
          employeeId: input.employeeId,
          reviewerEmployeeId: input.reviewerEmployeeId,
          title,
          periodStart: dateOf(input.periodStart),
          periodEnd: dateOf(input.periodEnd),
          dueDate: dateOf(input.dueDate),
          createdById: auth.userId,
          objectives: { create: objectiveRows(companyId, input.objectives) },
        },
      });
      const names = await employeeNames(tx, companyId, [input.employeeId, input.reviewerEmployeeId]);
      await recordStep(tx, auth, review.id, 'started', null, {
        title,
        employee: names.get(input.employeeId) ?? '',
        reviewer: names.get(input.reviewerEmployeeId) ?? '',
        period: `${input.periodStart} – ${input.periodEnd}`,
        dueDate: input.dueDate,
      });
      await mailAboutReview(tx, this.mail, this.publicUrl, review, 'employee', 'started');
      if (input.reviewerEmployeeId !== auth.employeeId)
        await mailAboutReview(tx, this.mail, this.publicUrl, review, 'reviewer', 'toReview');
      return { _id: review.id };
    });
  }

  /** One review as the caller may see it, what they may do with it, and its history. */
  async details(auth: AuthContext, id: string): Promise<TPerformanceReviewDetails> {
    const { review, side } = await reviewForCaller(this.db, auth, id);
    const shows = shownParts(auth, side, review);
    const remarks = readsRemarks(auth, side);
    const [[facts], objectives, actions, history] = await Promise.all([
      this.register.rows(sql`SELECT r.* FROM "PerformanceReview" r
        WHERE r."companyId" = ${uuid(auth.companyId)} AND r.id = ${uuid(id)}`),
      this.db.performanceReviewObjective.findMany({
        where: { reviewId: id, companyId: auth.companyId },
        orderBy: { position: 'asc' },
      }),
      shows.manager ? agreedActionsOf(this.db, review) : Promise.resolve([]),
      historyOf(this.reader, auth.companyId, { type: 'performanceReview', id }, (_, changes) =>
        remarks ? String(changes.comment?.[1] ?? '') || null : null,
      ),
    ]);
    const open = isOpen(review.status);
    const lastReturn = [...history].reverse().find((event) => event.action === 'returned');
    const signed = side === 'employee' ? review.employeeSignedAt : review.reviewerSignedAt;
    const at = (value: Date | null) => value?.toISOString() ?? null;
    return {
      ...rowOf(facts!, callerToday(auth)),
      version: review.version,
      side,
      shows,
      objectives: objectives.map((objective) => ({
        _id: objective.id,
        position: objective.position,
        title: objective.title,
        description: objective.description,
        weight: objective.weight,
        selfRating: shows.self ? objective.selfRating : null,
        selfComment: shows.self ? objective.selfComment : null,
        managerRating: shows.manager ? objective.managerRating : null,
        managerComment: shows.manager ? objective.managerComment : null,
      })),
      selfAssessment: shows.self ? review.selfAssessment : null,
      managerAssessment: shows.manager ? review.managerAssessment : null,
      overallRating: shows.manager ? review.overallRating : null,
      agreedActions: actions,
      returnComment: review.status === 'selfAssessment' ? (lastReturn?.comment ?? null) : null,
      selfSubmittedAt: at(review.selfSubmittedAt),
      managerSubmittedAt: at(review.managerSubmittedAt),
      employeeSignedAt: at(review.employeeSignedAt),
      reviewerSignedAt: at(review.reviewerSignedAt),
      cancelledAt: at(review.cancelledAt),
      employeeComment: remarks ? review.employeeComment : null,
      reviewerComment: remarks ? review.reviewerComment : null,
      canEditObjectives: review.status === 'selfAssessment' && editsObjectives(auth, review),
      canSelfAssess: review.status === 'selfAssessment' && side === 'employee',
      canManagerAssess: review.status === 'managerAssessment' && side === 'reviewer',
      canReturn: review.status === 'managerAssessment' && side === 'reviewer',
      canSignOff: review.status === 'signOff' && (side === 'employee' || side === 'reviewer') && !signed,
      canCancel: open && cancels(auth, review),
      history,
    };
  }

  /**
   * One employee's reviews, latest period first: all of them for the employee, their manager and
   * HR; a reviewer sees the ones they review; anyone else 403.
   */
  async employeeHistory(auth: AuthContext, employeeId: string): Promise<TPerformanceReviewHistory> {
    const employee = await this.db.employee.findFirst({
      where: { id: employeeId, companyId: auth.companyId },
      select: { id: true, firstName: true, lastName: true, managerEmployeeId: true, position: true },
    });
    const manager = employee?.managerEmployeeId
      ? await this.db.employee.findFirst({
          where: { id: employee.managerEmployeeId, companyId: auth.companyId },
          select: { firstName: true, lastName: true },
        })
      : null;
    if (!employee) throw notFound();
    if (auth.userType !== 'employee' || !auth.employeeId) throw forbidden();
    const managerId = employee.managerEmployeeId;
    // The caller's side of every review of the employee, the reviewer aside (null: only those).
    const whole = sideOf(auth, { employeeId, reviewerEmployeeId: '' }, managerId);
    const rows = await this.register.rows(
      sql`SELECT r.* FROM "PerformanceReview" r
        WHERE r."companyId" = ${uuid(auth.companyId)} AND r."employeeId" = ${uuid(employeeId)}
          ${whole ? emptySql : sql`AND r."reviewerEmployeeId" = ${uuid(auth.employeeId)}`}
        ORDER BY r."periodEnd" DESC, r.id LIMIT 100`,
      undefined,
      sql`r."periodEnd" DESC, r.id`,
    );
    if (!whole && rows.length === 0) throw forbidden();
    const today = callerToday(auth);
    return {
      employee: {
        _id: employee.id,
        name: personName(employee),
        positionName: employee.position?.name ?? null,
        managerEmployeeId: manager ? managerId : null,
        managerName: manager ? personName(manager) : null,
      },
      canStart: employee.id !== auth.employeeId && startsFor(auth, managerId),
      rows: rows.map((row) => {
        const side = sideOf(auth, row, managerId)!;
        const shows = shownParts(auth, side, {
          selfSubmittedAt: row.selfSubmittedAt === null ? null : timestampOf(row.selfSubmittedAt),
          managerSubmittedAt: row.managerSubmittedAt === null ? null : timestampOf(row.managerSubmittedAt),
        });
        return { ...rowOf(row, today), overallRating: shows.manager ? row.overallRating : null };
      }),
    };
  }

  /**
   * The reviewer, the starter or HR changes the objectives while the self-assessment is open: kept
   * objectives (by id) keep what both sides drafted of them; removed ones go with their drafts.
   */
  async saveObjectives(
    auth: AuthContext,
    id: string,
    version: number,
    objectives: TPerformanceObjectiveInput[],
  ): Promise<TPerformanceReviewSaved> {
    return this.db.$transaction(async (tx) => {
      const { review } = await reviewForCaller(tx, auth, id);
      if (!editsObjectives(auth, review)) throw forbidden(say.notYours);
      if (review.status !== 'selfAssessment') throw wrongStep(review, say.notSelfStep);
      const saved = await claimVersion(tx, review, version, {});
      const kept = await tx.performanceReviewObjective.findMany({
        where: { reviewId: id, companyId: auth.companyId },
      });
      const byId = new Map(kept.map((objective) => [objective.id, objective]));
      objectives.forEach((objective, index) =>
        check(!objective._id || byId.has(objective._id), `objectives.${index}._id`, say.objectiveUnknown),
      );
      await tx.performanceReviewObjective.deleteMany({ where: { reviewId: id, companyId: auth.companyId } });
      await tx.performanceReviewObjective.createMany({
        data: objectives.map((objective, index) => {
          const before = objective._id ? byId.get(objective._id) : undefined;
          return {
            ...objectiveRows(auth.companyId, [objective])[0]!,
            ...(before && {
              id: before.id,
              selfRating: before.selfRating,
              selfComment: before.selfComment,
              managerRating: before.managerRating,
              managerComment: before.managerComment,
            }),
            reviewId: id,
            position: index + 1,
          };
        }),
      });
      await recordStep(
        tx,
        auth,
        id,
        'objectives changed',
        { objectives: kept.map((objective) => `${objective.title} (${objective.weight}%)`) },
        { objectives: objectives.map((objective) => `${objective.title} (${objective.weight}%)`) },
      );
      return saved;
    });
  }

  /** HR or the starter cancels a review before it is completed. */
  async cancel(auth: AuthContext, id: string, version: number): Promise<TPerformanceReviewSaved> {
    return this.db.$transaction(async (tx) => {
      const { review } = await reviewForCaller(tx, auth, id);
      if (!cancels(auth, review)) throw forbidden();
      if (!isOpen(review.status)) throw conflict(say.finished);
      const saved = await claimVersion(tx, review, version, { status: 'cancelled', cancelledAt: new Date() });
      await recordStep(tx, auth, id, 'cancelled', { status: review.status }, { status: 'cancelled' });
      return saved;
    });
  }
}

/** The rows of new objectives, numbered from 1 in the order given. */
function objectiveRows(
  companyId: string,
  objectives: TPerformanceObjectiveInput[],
): Omit<Prisma.PerformanceReviewObjectiveCreateManyInput, 'reviewId'>[] {
  return objectives.map((objective, index) => ({
    companyId,
    position: index + 1,
    title: objective.title.trim(),
    description: objective.description?.trim() || null,
    weight: objective.weight,
  }));
}
