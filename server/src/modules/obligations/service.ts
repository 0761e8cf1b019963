import {
  obligationCompliance,
  tallyQuestions,
  taskDueType,
  type TObligationDetails,
  type TObligationOptions,
  type TObligationRow,
  type TObligationSaveParsed,
  type TReviewCompleted,
  type TReviewCompleteParsed,
  type TReviewDetails,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZObligationFilters } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, recordDelete } from '../../plugins/changeLog';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday } from '../../plugins/organisationDay';
import type { AttachmentService } from '../attachments';
import { employeeNames, findAccountHolders, servedBy } from '../employees';
import {
  attachItemFiles,
  completeItemReview,
  nextReviewAfter,
  openItemReview,
  workplaceOptions,
} from '../registerParts';
import type { ReviewService } from '../reviews';
import { dateOf, dayOf } from '../../db/days';
import { listObligations, obligationsCsv } from './list';
import { ACTS_THROUGH, findObligation, obligationVisible } from './policy';
import { saveObligation } from './save';

type Filters = z.output<typeof ZObligationFilters>;

/**
 * The Obligations register: obligations, the questions asked about them (answered by their
 * assignees from the dashboard's obligation action dialog), their files and their reviews (through
 * the shared ReviewService). Every read and write is scoped to the caller's organisation.
 */
export class ObligationService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
    private readonly reviews: ReviewService,
  ) {
    attachments.registerPolicy('obligation', (auth, ownerId) => obligationVisible(db, auth, ownerId));
  }

  // ---------- The register ----------

  list(
    auth: AuthContext,
    request: Filters & { page: number; pageSize: number },
  ): Promise<{ rows: TObligationRow[]; total: number; totalCapped?: boolean }> {
    return listObligations(this.reader, auth, request);
  }

  /** The filtered register as CSV, in the list's order. */
  exportCsv(auth: AuthContext, filters: Filters): Promise<string> {
    return obligationsCsv(this.reader, auth, filters);
  }

  async options(auth: AuthContext): Promise<TObligationOptions> {
    return { workplaces: await workplaceOptions(this.db, auth.companyId) };
  }

  /** Employees who sign in, by name; as reviewers and assignees only those their call serves. */
  async people(auth: AuthContext, request: { search?: string | undefined; role: keyof typeof ACTS_THROUGH }) {
    const call = ACTS_THROUGH[request.role];
    const only = call ? servedBy(call) : {};
    const found = await findAccountHolders(this.db, auth.companyId, request.search, { only });
    return found.map(({ id, name }) => ({ _id: id, name }));
  }

  // ---------- One obligation ----------

  async details(auth: AuthContext, id: string): Promise<TObligationDetails> {
    const obligation = await findObligation(this.db, auth.companyId, id);
    const [tasks, attachments, reviewHistory, openReview, today] = await Promise.all([
      this.db.obligationQuestionTask.findMany({
        where: { companyId: auth.companyId, obligationId: id },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
      this.attachments.listFor(auth.companyId, 'obligation', id),
      this.reviews.history(auth.companyId, 'obligation', id),
      this.db.review.findFirst({
        where: { companyId: auth.companyId, itemType: 'obligation', itemId: id, completedAt: null },
      }),
      callerToday(auth),
    ]);
    const names = await employeeNames(this.db, auth.companyId, [
      obligation.ownerEmployeeId,
      obligation.reviewerEmployeeId,
      obligation.coReviewerEmployeeId,
      ...tasks.map((task) => task.assigneeEmployeeId),
    ]);
    const person = (employeeId: string | null) =>
      employeeId ? { _id: employeeId, name: names.get(employeeId) ?? 'Former employee' } : null;
    const questions = tasks.map((task) => {
      const dueDate = dayOf(task.dueDate)!;
      const assignee = person(task.assigneeEmployeeId);
      return {
        _id: task.id,
        reference: task.reference,
        instruction: task.instruction,
        assignee,
        dueDate,
        taskDueDateType: task.isComplete ? ('nodue' as const) : taskDueType(dueDate, today),
        response: task.response ?? '',
        isComplete: task.isComplete,
        // Only the assignee can answer a question (the dashboard's dialog is theirs alone).
        answeredBy: task.isComplete ? (assignee?.name ?? null) : null,
        completedOn: dayOf(task.completedOn),
      };
    });
    const me = auth.employeeId;
    const myReview =
      openReview && me
        ? openReview.reviewerEmployeeId === me
          ? ('review' as const)
          : openReview.coReviewerEmployeeId === me && !openReview.isCoReviewed
            ? ('coReview' as const)
            : null
        : null;
    return {
      _id: obligation.id,
      name: obligation.name,
      type: obligation.type,
      authority: obligation.authority,
      reference: obligation.reference,
      description: obligation.description,
      owner: person(obligation.ownerEmployeeId),
      workplaceIds: obligation.workplaceIds,
      reviewFrequency: obligation.reviewFrequency,
      reviewer: person(obligation.reviewerEmployeeId),
      coReviewer: person(obligation.coReviewerEmployeeId),
      nextReviewDate: dayOf(obligation.nextReviewDate),
      myReview,
      compliance: obligationCompliance(tallyQuestions(questions), today),
      questions,
      attachments,
      reviewHistory,
    };
  }

  /**
   * Creates or changes an obligation with its open questions, in one transaction: the people,
   * workplaces and questions are checked first (nothing is saved when one is wrong), open
   * questions left out are removed, and the obligation's review is scheduled (or moved).
   */
  async save(auth: AuthContext, input: TObligationSaveParsed): Promise<{ _id: string }> {
    return this.db.$transaction((tx) => saveObligation(tx, this.reviews, auth, input));
  }

  /**
   * Deletes the obligation with its questions (answered ones too: each answer stays in the change
   * log under its question), the files of it and of its questions, and its open review. The
   * deletion is logged with what the obligation was.
   */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const companyId = auth.companyId;
    await this.db.$transaction(async (tx) => {
      const obligation = await findObligation(tx, companyId, id);
      const questions = await tx.obligationQuestionTask.findMany({
        where: { companyId, obligationId: id },
        select: { id: true, reference: true },
      });
      await tx.attachment.deleteMany({
        where: {
          companyId,
          OR: [
            { ownerType: 'obligation', ownerId: id },
            { ownerType: 'obligationTask', ownerId: { in: questions.map((question) => question.id) } },
          ],
        },
      });
      await this.reviews.cancel(tx, companyId, 'obligation', id);
      await tx.obligation.delete({ where: { id } });
      await recordDelete(
        tx,
        auth,
        { type: 'obligation', id },
        {
          name: obligation.name,
          type: obligation.type,
          authority: obligation.authority,
          reference: obligation.reference,
          questions: questions.map((question) => question.reference),
        },
      );
    });
  }

  async addFiles(auth: AuthContext, id: string, files: UploadedFile[]): Promise<void> {
    await findObligation(this.db, auth.companyId, id);
    const item = { ownerType: 'obligation' as const, entityType: 'obligation', id };
    await attachItemFiles(this.attachments, auth, item, files, async (tx) => {
      await findObligation(tx, auth.companyId, id);
    });
  }

  // ---------- Reviews ----------

  openReview(
    auth: AuthContext,
    input: { itemId: string; actionType: 'review' | 'coReview' },
  ): Promise<TReviewDetails> {
    return openItemReview(this.reviews, auth, 'obligation', input, () =>
      findObligation(this.db, auth.companyId, input.itemId),
    );
  }

  /**
   * Completes the caller's part of the obligation's review; the reviewer's completion moves the
   * obligation's next review date to the one the schedule takes (none when retired).
   */
  completeReview(auth: AuthContext, input: TReviewCompleteParsed): Promise<TReviewCompleted> {
    const exists = () => findObligation(this.db, auth.companyId, input.itemId);
    return completeItemReview(this.reviews, auth, 'obligation', input, exists, async (tx, review) => {
      const next = nextReviewAfter(auth, input.outcome, review.frequency);
      const before = await findObligation(tx, auth.companyId, input.itemId);
      await tx.obligation.update({
        where: { id: before.id },
        data: { nextReviewDate: next ? dateOf(next) : null },
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'obligation',
        entityId: before.id,
        action: 'reviewed',
        before: { nextReviewDate: dayOf(before.nextReviewDate) },
        after: { nextReviewDate: next, outcome: input.outcome ?? null, comments: input.comments || null },
      });
    });
  }
}
