import {
  performanceReviewMessages as say,
  performanceReviewTitle,
  personName,
  type TPerformanceObjectiveInput,
  type TPerformanceReviewDetails,
  type TPerformanceReviewHistory,
  type TPerformanceReviewHistoryRequestParsed,
  type TPerformanceReviewPerson,
  type TPerformanceReviewSaved,
  type TPerformanceReviewStart,
} from '@compass/shared';
import { dateOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { emptySql, sql, uuid } from '../../db/sql';
import { conflict, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import { callerToday, organisationToday } from '../../plugins/organisationDay';
import { historyOf } from '../changeLog';
import { employeeNames, employeeSearch, namesReviewer } from '../employees';
import { agreedActionsOf, reviewDetailsRow } from './details';
import { check, claimVersion, isOpen, recordStep, wrongStep } from './steps';
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
    const rows = await this.reader.rows<PersonRow>(
      sql`SELECT ${PERSON_COLUMNS} FROM "Employee" e ${PERSON_JOINS}
        WHERE e."companyId" = ${company} AND e."isActive" ${whom}
          ${words ? sql`AND ${employeeSearch(words, () => [sql`false`])}` : emptySql}
        ORDER BY e."firstName", e."lastName", e.id LIMIT 20`,
    );
    return rows.map(personOf);
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
    // The history is read alongside: its remarks are dropped below when the caller may not read them.
    const [review, steps] = await Promise.all([
      reviewDetailsRow(this.reader, auth.companyId, id),
      historyOf(
        this.reader,
        auth.companyId,
        { type: 'performanceReview', id },
        (_, changes) => String(changes.comment?.[1] ?? '') || null,
      ),
    ]);
    if (!review) throw notFound();
    const side = sideOf(auth, review, review.managerId);
    if (!side) throw forbidden();
    const shows = shownParts(auth, side, review);
    const remarks = readsRemarks(auth, side);
    const history = remarks ? steps : steps.map((step) => ({ ...step, comment: null }));
    const lastReturn = [...history].reverse().find((event) => event.action === 'returned');
    const signed = side === 'employee' ? review.employeeSignedAt : review.reviewerSignedAt;
    return {
      ...rowOf(review, callerToday(auth)),
      version: review.version,
      side,
      shows,
      objectives: review.objectives.map((objective) => ({
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
      agreedActions: shows.manager ? agreedActionsOf(review) : [],
      returnComment: review.status === 'selfAssessment' ? (lastReturn?.comment ?? null) : null,
      selfSubmittedAt: review.selfSubmittedAt,
      managerSubmittedAt: review.managerSubmittedAt,
      employeeSignedAt: review.employeeSignedAt,
      reviewerSignedAt: review.reviewerSignedAt,
      cancelledAt: review.cancelledAt,
      employeeComment: remarks ? review.employeeComment : null,
      reviewerComment: remarks ? review.reviewerComment : null,
      canEditObjectives: review.status === 'selfAssessment' && editsObjectives(auth, review),
      canSelfAssess: review.status === 'selfAssessment' && side === 'employee',
      canManagerAssess: review.status === 'managerAssessment' && side === 'reviewer',
      canReturn: review.status === 'managerAssessment' && side === 'reviewer',
      canSignOff: review.status === 'signOff' && (side === 'employee' || side === 'reviewer') && !signed,
      canCancel: isOpen(review.status) && cancels(auth, review),
      history,
    };
  }

  /**
   * One employee's reviews, latest period first: all of them for the employee, their manager and
   * HR; a reviewer sees the ones they review; anyone else 403.
   */
  async employeeHistory(
    auth: AuthContext,
    { employeeId, page, pageSize }: TPerformanceReviewHistoryRequestParsed,
  ): Promise<TPerformanceReviewHistory> {
    if (auth.userType !== 'employee' || !auth.employeeId) throw forbidden();
    const company = uuid(auth.companyId);
    const me = uuid(auth.employeeId);
    // Whether the caller sees every review of the employee whoever their manager is (the employee,
    // HR); otherwise the statements keep those the caller reviews or, as the manager, all of them,
    // and the employee's statement below tells which: all three are read at once.
    const byCaller = sideOf(auth, { employeeId, reviewerEmployeeId: '' }, null) !== null;
    const reviews = sql`r."companyId" = ${company} AND r."employeeId" = ${uuid(employeeId)}
      ${
        byCaller
          ? emptySql
          : sql`AND (r."reviewerEmployeeId" = ${me} OR EXISTS (SELECT 1 FROM "Employee" x
              WHERE x.id = r."employeeId" AND x."companyId" = r."companyId" AND x."managerEmployeeId" = ${me}))`
      }`;
    const [[employee], rows, [counted]] = await Promise.all([
      this.reader.rows<PersonRow & { managerEmployeeId: string | null }>(
        sql`SELECT ${PERSON_COLUMNS}, e."managerEmployeeId" FROM "Employee" e ${PERSON_JOINS}
          WHERE e."companyId" = ${company} AND e.id = ${uuid(employeeId)}`,
      ),
      this.register.rows(
        sql`SELECT r.* FROM "PerformanceReview" r WHERE ${reviews}
          ORDER BY r."periodEnd" DESC, r.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        undefined,
        sql`r."periodEnd" DESC, r.id`,
      ),
      this.reader.rows<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM "PerformanceReview" r WHERE ${reviews}`,
      ),
    ]);
    if (!employee) throw notFound();
    const managerId = employee.managerEmployeeId;
    // Without a side of every review (the employee, HR, the manager), only those the caller reviews:
    // the statements kept just those.
    const whole = byCaller || managerId === auth.employeeId;
    const total = counted?.total ?? 0;
    if (!whole && total === 0) throw forbidden();
    const today = callerToday(auth);
    return {
      employee: personOf(employee),
      canStart: employee.id !== auth.employeeId && startsFor(auth, managerId),
      rows: rows.map((row) => {
        const shows = shownParts(auth, sideOf(auth, row, managerId)!, row);
        return { ...rowOf(row, today), overallRating: shows.manager ? row.overallRating : null };
      }),
      total,
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

/** An employee with their position and manager (a statement of the Reader: PERSON_COLUMNS). */
interface PersonRow {
  id: string;
  firstName: string;
  lastName: string;
  positionName: string | null;
  managerId: string | null;
  managerFirstName: string | null;
  managerLastName: string | null;
}

/** The columns of PersonRow on the employee `e` and PERSON_JOINS. */
const PERSON_COLUMNS = sql`e.id, e."firstName", e."lastName", p.name AS "positionName", m.id AS "managerId",
  m."firstName" AS "managerFirstName", m."lastName" AS "managerLastName"`;
const PERSON_JOINS = sql`LEFT JOIN "Position" p ON p.id = e."positionId" AND p."companyId" = e."companyId"
  LEFT JOIN "Employee" m ON m.id = e."managerEmployeeId" AND m."companyId" = e."companyId"`;

function personOf(row: PersonRow): TPerformanceReviewPerson {
  return {
    _id: row.id,
    name: personName(row),
    positionName: row.positionName,
    managerEmployeeId: row.managerId,
    managerName:
      row.managerId && row.managerFirstName !== null
        ? personName({ firstName: row.managerFirstName, lastName: row.managerLastName ?? '' })
        : null,
  };
}
