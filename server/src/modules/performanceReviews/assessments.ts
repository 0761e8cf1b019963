import {
  displayDay,
  performanceReviewMessages as say,
  personName,
  type TPerformanceReviewSaved,
  type ZPerformanceManagerSave,
  type ZPerformanceSelfSave,
} from '@compass/shared';
import type { z } from 'zod';
import { dateOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import { conflict, forbidden } from '../../errors';
import type { PerformanceReview } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import { callerToday } from '../../plugins/organisationDay';
import { registerActionMail } from '../mail';
import { activeAssignee, mailAssignee } from '../registerParts';
import { employeesReview, reviewForCaller, reviewersReview } from './policy';
import { mailAboutReview } from './mails';
import { check, claimVersion, recordStep, storedActions, wrongStep, type StoredAction } from './steps';

type Tx = Prisma.TransactionClient;
type SelfSave = z.output<typeof ZPerformanceSelfSave>;
type ManagerSave = z.output<typeof ZPerformanceManagerSave>;
type Assessed = SelfSave['objectives'];

/**
 * Writes one side's ratings and comments of the objectives (`side` names its columns). Every id
 * must be an objective of the review; on submit every objective must then be rated.
 */
async function rateObjectives(
  tx: Tx,
  review: PerformanceReview,
  assessed: Assessed,
  side: 'self' | 'manager',
  submit: boolean,
): Promise<void> {
  const objectives = await tx.performanceReviewObjective.findMany({
    where: { reviewId: review.id, companyId: review.companyId },
  });
  const ids = new Set(objectives.map((objective) => objective.id));
  assessed.forEach((one, index) => check(ids.has(one._id), `objectives.${index}._id`, say.objectiveUnknown));
  const given = new Map(assessed.map((one) => [one._id, one]));
  const ratingOf = (id: string, stored: number | null) => {
    const one = given.get(id);
    return one ? (one.rating ?? null) : stored;
  };
  if (submit)
    check(
      objectives.every((objective) =>
        ratingOf(objective.id, side === 'self' ? objective.selfRating : objective.managerRating),
      ),
      'objectives',
      say.objectivesAllRated,
    );
  for (const one of assessed) {
    const written = { rating: one.rating ?? null, comment: one.comment?.trim() || null };
    await tx.performanceReviewObjective.update({
      where: { id: one._id },
      data:
        side === 'self'
          ? { selfRating: written.rating, selfComment: written.comment }
          : { managerRating: written.rating, managerComment: written.comment },
    });
  }
}

/**
 * The two sides' assessments and the sign-off: the employee's self-assessment, the reviewer's
 * assessment (or return), each side's signature; the second signature completes the review and
 * makes its agreed actions actions, each mailed to its assignee.
 */
export class ReviewAssessments {
  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly publicUrl: string,
  ) {}

  /** The employee saves their self-assessment, or submits it (to the reviewer, who is mailed). */
  saveSelf(auth: AuthContext, input: SelfSave): Promise<TPerformanceReviewSaved> {
    const submit = input.submit;
    return this.db.$transaction(async (tx) => {
      const review = await employeesReview(tx, auth, input._id);
      if (review.status !== 'selfAssessment') throw wrongStep(review, say.notSelfStep);
      const selfAssessment = input.selfAssessment?.trim() || null;
      if (submit) check(selfAssessment !== null, 'selfAssessment', say.selfAssessmentRequired);
      const saved = await claimVersion(tx, review, input.version, {
        selfAssessment,
        ...(submit && { status: 'managerAssessment', selfSubmittedAt: new Date() }),
      });
      await rateObjectives(tx, review, input.objectives, 'self', submit);
      if (submit) {
        await recordStep(
          tx,
          auth,
          review.id,
          'self-assessment submitted',
          { status: review.status },
          {
            status: saved.status,
          },
        );
        await mailAboutReview(tx, this.mail, this.publicUrl, review, 'reviewer', 'selfSubmitted');
      }
      return saved;
    });
  }

  /**
   * The reviewer saves their assessment, or submits it for sign-off (the employee is mailed). The
   * agreed actions' assignees are active employees; on submit their due dates are not past.
   */
  saveManager(auth: AuthContext, input: ManagerSave): Promise<TPerformanceReviewSaved> {
    const submit = input.submit;
    return this.db.$transaction(async (tx) => {
      const review = await reviewersReview(tx, auth, input._id);
      if (review.status !== 'managerAssessment') throw wrongStep(review, say.notManagerStep);
      const managerAssessment = input.managerAssessment?.trim() || null;
      const actions = await this.checkedActions(tx, auth, input.agreedActions, submit);
      if (submit) {
        check(managerAssessment !== null, 'managerAssessment', say.managerAssessmentRequired);
        check(input.overallRating != null, 'overallRating', say.overallRatingRequired);
      }
      const saved = await claimVersion(tx, review, input.version, {
        managerAssessment,
        overallRating: input.overallRating ?? null,
        agreedActions: actions as unknown as Prisma.InputJsonValue,
        ...(submit && { status: 'signOff', managerSubmittedAt: new Date() }),
      });
      await rateObjectives(tx, review, input.objectives, 'manager', submit);
      if (submit) {
        await recordStep(
          tx,
          auth,
          review.id,
          'assessment submitted',
          { status: review.status },
          {
            status: saved.status,
          },
        );
        await mailAboutReview(tx, this.mail, this.publicUrl, review, 'employee', 'toSign');
      }
      return saved;
    });
  }

  /** The agreed actions as stored: each assignee an active employee, each due date not past on submit. */
  private async checkedActions(
    tx: Tx,
    auth: AuthContext,
    actions: StoredAction[],
    submit: boolean,
  ): Promise<StoredAction[]> {
    const wanted = [...new Set(actions.map((action) => action.assigneeEmployeeId))];
    const found = await tx.employee.findMany({
      where: { companyId: auth.companyId, id: { in: wanted }, isActive: true },
      select: { id: true },
    });
    const active = new Set(found.map((employee) => employee.id));
    const today = callerToday(auth);
    return actions.map((action, index) => {
      check(
        active.has(action.assigneeEmployeeId),
        `agreedActions.${index}.assigneeEmployeeId`,
        say.actionAssigneeUnknown,
      );
      if (submit) check(action.dueDate >= today, `agreedActions.${index}.dueDate`, say.actionDueInPast);
      return {
        instruction: action.instruction.trim(),
        assigneeEmployeeId: action.assigneeEmployeeId,
        dueDate: action.dueDate,
      };
    });
  }

  /** The reviewer returns the self-assessment with a comment: the employee's again, and mailed it. */
  returnToEmployee(auth: AuthContext, id: string, version: number, comment: string) {
    return this.db.$transaction(async (tx) => {
      const review = await reviewersReview(tx, auth, id);
      if (review.status !== 'managerAssessment') throw wrongStep(review, say.notManagerStep);
      const saved = await claimVersion(tx, review, version, {
        status: 'selfAssessment',
        selfSubmittedAt: null,
      });
      await recordStep(
        tx,
        auth,
        id,
        'returned',
        { status: review.status, comment: null },
        {
          status: saved.status,
          comment,
        },
      );
      await mailAboutReview(tx, this.mail, this.publicUrl, review, 'employee', 'returned', comment);
      return saved;
    });
  }

  /**
   * The employee or the reviewer signs, once, with an optional comment (signing says they have read
   * it, not that they agree). The second signature completes the review.
   */
  signOff(auth: AuthContext, id: string, version: number, comment: string | null | undefined) {
    return this.db.$transaction(async (tx) => {
      const { review, side } = await reviewForCaller(tx, auth, id);
      if (side !== 'employee' && side !== 'reviewer') throw forbidden(say.notYours);
      if (review.status !== 'signOff') throw wrongStep(review, say.notSignOffStep);
      const employee = side === 'employee';
      if (employee ? review.employeeSignedAt : review.reviewerSignedAt) throw conflict(say.alreadySigned);
      const now = new Date();
      const completes = employee ? review.reviewerSignedAt !== null : review.employeeSignedAt !== null;
      const remark = comment?.trim() || null;
      const saved = await claimVersion(tx, review, version, {
        ...(employee
          ? { employeeSignedAt: now, employeeComment: remark }
          : { reviewerSignedAt: now, reviewerComment: remark }),
        ...(completes && { status: 'completed', completedAt: now }),
      });
      await recordStep(tx, auth, id, employee ? 'signed by the employee' : 'signed by the reviewer', null, {
        comment: remark,
      });
      if (completes) {
        await this.assignAgreedActions(tx, auth, review);
        await recordStep(tx, auth, id, 'completed', { status: review.status }, { status: saved.status });
      }
      return saved;
    });
  }

  /**
   * The agreed actions become actions of the review (numbered from 1, raised by its reviewer), each
   * on its assignee's dashboard and mailed to them as an action raised on a register's item is.
   */
  private async assignAgreedActions(tx: Tx, auth: AuthContext, review: PerformanceReview) {
    const actions = storedActions(review);
    if (actions.length === 0) return;
    const reviewer = await tx.employee.findFirst({
      where: { id: review.reviewerEmployeeId, companyId: review.companyId },
      select: { firstName: true, lastName: true, user: { select: { id: true } } },
    });
    const raisedBy = personName(reviewer);
    for (const [index, action] of actions.entries()) {
      await tx.action.create({
        data: {
          companyId: review.companyId,
          performanceReviewId: review.id,
          taskNumber: index + 1,
          instruction: action.instruction,
          actionType: 'internal',
          assigneeEmployeeId: action.assigneeEmployeeId,
          dueDate: dateOf(action.dueDate),
          createdByUserId: reviewer?.user?.id ?? auth.userId,
        },
      });
      const assignee = await activeAssignee(tx, review.companyId, action.assigneeEmployeeId);
      if (!assignee) continue;
      await mailAssignee(this.mail, tx, review.companyId, assignee, 'registerAction', async () =>
        registerActionMail({
          name: personName(assignee),
          itemKind: 'performance review',
          itemName: review.title,
          raisedBy,
          instruction: action.instruction,
          due: displayDay(action.dueDate),
          link: `${this.publicUrl.replace(/\/$/, '')}/dashboard`,
        }),
      );
    }
  }
}
