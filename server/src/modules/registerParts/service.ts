import {
  displayDay,
  hazardousReviewCalls,
  nextDueDay,
  personName,
  rateRisk,
  REGISTER_PEOPLE_PAGE,
  riskReviewCalls,
  registerMessages as say,
  type AccessKey,
  type CallAccess,
  type FrequencyUnit,
  type ReviewActionType,
  type ReviewItemType,
  type TPersonRef,
  type TRatingShown,
  type TRegisterAction,
  type TReviewCompleted,
  type TReviewCompleteParsed,
} from '@compass/shared';
import type { z } from 'zod';
import type {
  ZRegisterActionAdd,
  ZRegisterItemParts,
  ZRegisterPeopleSearch,
  ZRegisterStewardship,
} from '@compass/shared';
import type { AttachmentOwner } from '../../generated/prisma/client';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import { recordChange, type Snapshot } from '../../plugins/changeLog';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday, organisationToday } from '../../plugins/organisationDay';
import type { AttachmentService } from '../attachments';
import { employeeNames, servedBy } from '../employees';
import { registerActionMail } from '../mail';
import type { ReviewService } from '../reviews';
import { dateOf, dayOf } from '../../db/days';

type Tx = Prisma.TransactionClient;

/** The two registers that share these parts. */
export type RegisterKind = 'risk' | 'hazardous';

interface RegisterTraits {
  accessKey: AccessKey;
  reviewType: ReviewItemType;
  /** The call that opens an item's review: whom it serves may be picked as reviewer. */
  reviewCall: { access: CallAccess };
  /** The attachments of the item itself. */
  owner: AttachmentOwner;
  /** The item's change-log entity (changeLogList reads it). */
  entity: 'risk' | 'hazardousSubstance';
  /** The Action column that links an action to the item. */
  actionLink: 'riskId' | 'hazardousSubstanceId';
  /** The item as a sentence names it ("an action on the risk …"). */
  noun: string;
}

export const REGISTERS: Record<RegisterKind, RegisterTraits> = {
  risk: {
    accessKey: 'risk',
    reviewType: 'riskRegister',
    reviewCall: riskReviewCalls.details,
    owner: 'risk',
    entity: 'risk',
    actionLink: 'riskId',
    noun: 'risk',
  },
  hazardous: {
    accessKey: 'hazardous',
    reviewType: 'hazardousRegister',
    reviewCall: hazardousReviewCalls.details,
    owner: 'hazardousSubstance',
    entity: 'hazardousSubstance',
    actionLink: 'hazardousSubstanceId',
    noun: 'hazardous substance',
  },
};

/** A stored rating as the screens show it; null for an item that was never rated. */
export function ratingShown(likelihood: number | null, consequence: number | null): TRatingShown | null {
  if (likelihood === null || consequence === null) return null;
  return { likelihood, consequence, ...rateRisk({ likelihood, consequence }) };
}

/** A rating as the change log shows it: '3 × 4 = 12 (high)'. */
export function ratingText(rating: TRatingShown | null): string | null {
  return rating && `${rating.likelihood} × ${rating.consequence} = ${rating.score} (${rating.level})`;
}

/** The columns an item keeps for its owner, workplace and review schedule. */
export interface Stewardship {
  ownerEmployeeId: string | null;
  workplaceId: string | null;
  reviewFrequency: FrequencyUnit | null;
  reviewerEmployeeId: string | null;
  coReviewerEmployeeId: string | null;
  nextReviewDate: Date | null;
}

type StewardshipInput = z.output<typeof ZRegisterStewardship>;
type ItemParts = z.output<typeof ZRegisterItemParts>;

const invalid = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * What the risk and hazardous substances registers share on the server: the people and
 * workplaces they pick from, the checks of an item's owner and schedule, its review schedule
 * (through the ReviewService), the actions raised from it and its attachments.
 */
export class RegisterParts {
  constructor(
    private readonly db: Db,
    private readonly attachments: AttachmentService,
    readonly reviews: ReviewService,
    private readonly mail: MailQueue,
    private readonly options: { publicUrl: string },
  ) {
    for (const kind of Object.keys(REGISTERS) as RegisterKind[]) {
      attachments.registerPolicy(REGISTERS[kind].owner, (auth, ownerId) => this.visible(auth, kind, ownerId));
    }
  }

  /** Whether the item exists in the caller's organisation and the caller holds the register's key. */
  async visible(auth: AuthContext, kind: RegisterKind, id: string): Promise<boolean> {
    if (!auth.accessKeys.has(REGISTERS[kind].accessKey)) return false;
    const where = { id, companyId: auth.companyId };
    const count =
      kind === 'risk'
        ? await this.db.risk.count({ where })
        : await this.db.hazardousSubstance.count({ where });
    return count > 0;
  }

  async mustExist(auth: AuthContext, kind: RegisterKind, id: string): Promise<void> {
    if (!(await this.visible(auth, kind, id))) throw notFound();
  }

  /** The caller's open review of an item; another organisation's item is not found. */
  async openReview(auth: AuthContext, kind: RegisterKind, itemId: string, actionType: ReviewActionType) {
    await this.mustExist(auth, kind, itemId);
    return this.reviews.open(auth, REGISTERS[kind].reviewType, itemId, actionType);
  }

  /**
   * Active employees by name, a page at a time (owner, action assignees); as reviewers only those
   * the register's review page serves (the dashboard lists a review to no one else).
   */
  async people(
    auth: AuthContext,
    kind: RegisterKind,
    request: z.output<typeof ZRegisterPeopleSearch>,
  ): Promise<{ options: TPersonRef[]; hasMore: boolean }> {
    const found = await this.db.employee.findMany({
      where: {
        companyId: auth.companyId,
        isActive: true,
        ...(request.role === 'reviewer' && servedBy(REGISTERS[kind].reviewCall)),
        ...(request.search && {
          OR: [
            { firstName: { contains: request.search, mode: 'insensitive' } },
            { lastName: { contains: request.search, mode: 'insensitive' } },
          ],
        }),
      },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      skip: (request.page - 1) * REGISTER_PEOPLE_PAGE,
      take: REGISTER_PEOPLE_PAGE + 1,
      select: { id: true, firstName: true, lastName: true },
    });
    return {
      options: found.slice(0, REGISTER_PEOPLE_PAGE).map((row) => ({ _id: row.id, name: personName(row) })),
      hasMore: found.length > REGISTER_PEOPLE_PAGE,
    };
  }

  async workplaces(auth: AuthContext) {
    const rows = await this.db.workplace.findMany({
      where: { companyId: auth.companyId, isActive: true },
      orderBy: { name: 'asc' },
      select: { id: true, name: true },
    });
    return { workplaces: rows.map((row) => ({ _id: row.id, name: row.name })) };
  }

  /**
   * The owner, reviewers and workplace of a save exist in the organisation (active people), the
   * reviewers can open the review (as the reviewer picker offers them), and the next review is not
   * before today: the columns to store.
   */
  async stewardship(
    tx: Tx,
    kind: RegisterKind,
    companyId: string,
    input: StewardshipInput,
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
    if (
      input.workplaceId &&
      (await tx.workplace.count({ where: { companyId, id: input.workplaceId } })) === 0
    )
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

  /** Moves the item's open review to its current name, reviewers, frequency and next review date. */
  async schedule(
    tx: Tx,
    kind: RegisterKind,
    item: Stewardship & { id: string; companyId: string; name: string },
  ) {
    if (!item.reviewerEmployeeId || !item.nextReviewDate) {
      await this.reviews.cancel(tx, item.companyId, REGISTERS[kind].reviewType, item.id);
      return;
    }
    await this.reviews.schedule(tx, {
      companyId: item.companyId,
      itemType: REGISTERS[kind].reviewType,
      itemId: item.id,
      name: item.name,
      reviewerEmployeeId: item.reviewerEmployeeId,
      coReviewerEmployeeId: item.coReviewerEmployeeId,
      frequency: item.reviewFrequency,
      dueDate: dayOf(item.nextReviewDate)!,
    });
  }

  /** After an item's save in `tx`: its open review follows the schedule, and the change is logged. */
  async saved<Item extends Stewardship & { id: string; companyId: string; name: string }>(
    tx: Tx,
    auth: AuthContext,
    kind: RegisterKind,
    change: { before: Item | null; after: Item },
    snapshot: (item: Item, names: Map<string, string>) => Snapshot,
  ): Promise<void> {
    await this.schedule(tx, kind, change.after);
    await this.log(tx, auth, kind, { action: change.before ? 'updated' : 'created', ...change }, snapshot);
  }

  /**
   * Completes the caller's part of an item's review through the ReviewService. With the reviewer's
   * completion, `update` stores the item's next review date (one frequency after today, none when
   * retired; a retired item becomes inactive) and what the register records besides, in the same
   * transaction, logged as 'reviewed'.
   */
  async completeReview<Item extends Stewardship & { id: string }>(
    auth: AuthContext,
    kind: RegisterKind,
    input: TReviewCompleteParsed,
    item: {
      find: (tx: Tx) => Promise<Item>;
      update: (tx: Tx, data: { nextReviewDate: Date | null; isActive?: false }) => Promise<Item>;
    },
    snapshot: (item: Item, names: Map<string, string>) => Snapshot,
  ): Promise<TReviewCompleted> {
    await this.mustExist(auth, kind, input.itemId);
    return this.reviews.complete(auth, REGISTERS[kind].reviewType, input, async (tx, review) => {
      if (input.actionType !== 'review') return;
      const before = await item.find(tx);
      const retired = input.outcome === 'retired';
      const next = retired || !review.frequency ? null : nextDueDay(callerToday(auth), review.frequency);
      const after = await item.update(tx, {
        nextReviewDate: next ? dateOf(next) : null,
        ...(retired && { isActive: false as const }),
      });
      await this.log(tx, auth, kind, { action: 'reviewed', before, after }, snapshot);
    });
  }

  /** The names and the open review, actions and attachments of an item, for its page. */
  async parts(
    companyId: string,
    kind: RegisterKind,
    item: Stewardship & { id: string; updatedAt: Date; isActive: boolean },
  ): Promise<ItemParts> {
    const ids = [item.ownerEmployeeId, item.reviewerEmployeeId, item.coReviewerEmployeeId].filter(
      (id): id is string => !!id,
    );
    const [people, workplace, open, reviews, actions, attachments] = await Promise.all([
      this.db.employee.findMany({
        where: { companyId, id: { in: ids } },
        select: { id: true, firstName: true, lastName: true },
      }),
      item.workplaceId
        ? this.db.workplace.findFirst({
            where: { companyId, id: item.workplaceId },
            select: { id: true, name: true },
          })
        : null,
      this.db.review.findFirst({
        where: { companyId, itemType: REGISTERS[kind].reviewType, itemId: item.id, completedAt: null },
      }),
      this.reviews.history(companyId, REGISTERS[kind].reviewType, item.id),
      this.actionsOf(companyId, kind, item.id),
      this.attachments.listFor(companyId, REGISTERS[kind].owner, item.id),
    ]);
    const names = new Map(people.map((person) => [person.id, personName(person)]));
    const person = (id: string | null) => (id ? { _id: id, name: names.get(id) ?? '' } : null);
    return {
      isActive: item.isActive,
      owner: person(item.ownerEmployeeId),
      workplace: workplace && { _id: workplace.id, name: workplace.name },
      reviewFrequency: item.reviewFrequency,
      reviewer: person(item.reviewerEmployeeId),
      coReviewer: person(item.coReviewerEmployeeId),
      nextReviewDate: dayOf(item.nextReviewDate),
      openReview: open && {
        dueDate: dayOf(open.dueDate)!,
        badge:
          open.coReviewerEmployeeId && !open.isCoReviewed
            ? 'Pending For Review by co-Reviewer'
            : 'Pending For Review',
        reviewerId: open.reviewerEmployeeId,
        coReviewerId: open.coReviewerEmployeeId,
        isCoReviewed: open.isCoReviewed,
      },
      reviews,
      actions,
      attachments,
      updatedAt: item.updatedAt.toISOString(),
    };
  }

  private async actionsOf(companyId: string, kind: RegisterKind, itemId: string): Promise<TRegisterAction[]> {
    const actions = await this.db.action.findMany({
      where: { companyId, [REGISTERS[kind].actionLink]: itemId },
      orderBy: { taskNumber: 'asc' },
    });
    const assignees = await this.db.employee.findMany({
      where: {
        companyId,
        id: {
          in: actions.flatMap((action) => (action.assigneeEmployeeId ? [action.assigneeEmployeeId] : [])),
        },
      },
      select: { id: true, firstName: true, lastName: true },
    });
    const names = new Map(assignees.map((person) => [person.id, personName(person)]));
    return actions.map((action) => ({
      _id: action.id,
      taskNumber: action.taskNumber,
      instruction: action.instruction,
      assignee: action.assigneeEmployeeId
        ? { _id: action.assigneeEmployeeId, name: names.get(action.assigneeEmployeeId) ?? '' }
        : null,
      dueDate: dayOf(action.dueDate)!,
      isComplete: action.isComplete,
      completedOn: dayOf(action.completedOn),
      response: action.response,
    }));
  }

  /**
   * An action raised from the item: an Action row linked to it, numbered after its others, for an
   * active employee; it is on the assignee's dashboard (Assigned Actions) at once, and a mail
   * tells them (queued in the same transaction, as an audit finding's is).
   */
  async raiseAction(
    auth: AuthContext,
    kind: RegisterKind,
    input: z.output<typeof ZRegisterActionAdd>,
  ): Promise<{ _id: string }> {
    await this.mustExist(auth, kind, input.itemId);
    const { actionLink, entity } = REGISTERS[kind];
    return this.db.$transaction(async (tx) => {
      if (input.dueDate < callerToday(auth)) throw invalid('dueDate', say.dueBeforeToday);
      const assignee = await tx.employee.findFirst({
        where: { companyId: auth.companyId, id: input.assigneeId, isActive: true },
        include: { user: { select: { id: true } } },
      });
      if (!assignee) throw invalid('assigneeId', say.personMissing);
      // Locks the item's actions' numbering: two actions raised at once get two numbers.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${input.itemId}))`;
      const last = await tx.action.aggregate({
        where: { companyId: auth.companyId, [actionLink]: input.itemId },
        _max: { taskNumber: true },
      });
      const action = await tx.action.create({
        data: {
          companyId: auth.companyId,
          [actionLink]: input.itemId,
          taskNumber: (last._max.taskNumber ?? 0) + 1,
          instruction: input.instruction,
          actionType: 'internal',
          assigneeEmployeeId: assignee.id,
          dueDate: dateOf(input.dueDate),
          createdByUserId: auth.userId,
        },
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: entity,
        entityId: input.itemId,
        action: 'action raised',
        before: null,
        after: {
          action: `#${action.taskNumber} ${action.instruction}`,
          assignee: personName(assignee),
          due: input.dueDate,
        },
      });
      if (assignee.email) {
        const item =
          kind === 'risk'
            ? await tx.risk.findUniqueOrThrow({ where: { id: input.itemId }, select: { name: true } })
            : await tx.hazardousSubstance.findUniqueOrThrow({
                where: { id: input.itemId },
                select: { name: true },
              });
        const raisedBy = await employeeNames(tx, auth.companyId, [auth.employeeId]);
        await this.mail.enqueue(tx, {
          companyId: auth.companyId,
          to: assignee.email,
          userId: assignee.user?.id ?? null,
          category: 'registerAction',
          content: registerActionMail({
            name: personName(assignee),
            itemKind: REGISTERS[kind].noun,
            itemName: item.name,
            raisedBy: raisedBy.get(auth.employeeId ?? '') ?? '',
            instruction: input.instruction,
            due: displayDay(input.dueDate),
            link: `${this.options.publicUrl.replace(/\/$/, '')}/dashboard`,
          }),
        });
      }
      return { _id: action.id };
    });
  }

  /** Files attached to the item, logged in its history. */
  async addFiles(auth: AuthContext, kind: RegisterKind, id: string, files: UploadedFile[]): Promise<void> {
    if (files.length === 0) throw invalid('files', say.filesRequired);
    await this.mustExist(auth, kind, id);
    await this.storeFiles(auth, kind, id, REGISTERS[kind].owner, files, 'files added', async () => ({}));
  }

  /**
   * Stores files for an owner of the item and records them with `also` (the item's own change) in
   * one transaction; the files are removed again if it does not commit.
   */
  async storeFiles(
    auth: AuthContext,
    kind: RegisterKind,
    id: string,
    ownerType: AttachmentOwner,
    files: UploadedFile[],
    action: string,
    also: (tx: Tx) => Promise<Record<string, unknown>>,
  ): Promise<void> {
    const stored = await this.attachments.store(files);
    try {
      await this.db.$transaction(async (tx) => {
        await this.attachments.record(
          tx,
          { companyId: auth.companyId, ownerType, ownerId: id, uploadedById: auth.userId },
          stored,
        );
        const changes = await also(tx);
        await recordChange(tx, {
          companyId: auth.companyId,
          userId: auth.userId,
          entityType: REGISTERS[kind].entity,
          entityId: id,
          action,
          before: null,
          after: { files: stored.map((file) => file.name), ...changes },
        });
      });
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
  }

  /**
   * One change-log row of the item: `snapshot` shows it with the names of its people and
   * workplace (looked up here) instead of their ids.
   */
  async log<Item extends Stewardship & { id: string }>(
    tx: Tx,
    auth: AuthContext,
    kind: RegisterKind,
    change: { action: string; before: Item | null; after: Item | null },
    snapshot: (item: Item, names: Map<string, string>) => Snapshot,
  ): Promise<void> {
    const items = [change.before, change.after].filter((item): item is Item => item !== null);
    const ids = (pick: (item: Item) => (string | null)[]) =>
      [...new Set(items.flatMap(pick))].filter((id): id is string => !!id);
    // One after another: a transaction runs one statement at a time.
    const people = await tx.employee.findMany({
      where: {
        companyId: auth.companyId,
        id: { in: ids((item) => [item.ownerEmployeeId, item.reviewerEmployeeId, item.coReviewerEmployeeId]) },
      },
    });
    const workplaces = await tx.workplace.findMany({
      where: { companyId: auth.companyId, id: { in: ids((item) => [item.workplaceId]) } },
    });
    const names = new Map([
      ...people.map((person) => [person.id, personName(person)] as const),
      ...workplaces.map((workplace) => [workplace.id, workplace.name] as const),
    ]);
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: REGISTERS[kind].entity,
      entityId: items[0]!.id,
      action: change.action,
      before: change.before && snapshot(change.before, names),
      after: change.after && snapshot(change.after, names),
    });
  }

  /** Removes an item's attachments and open review before the item itself is deleted. */
  async beforeDelete(tx: Tx, companyId: string, kind: RegisterKind, id: string, owners: AttachmentOwner[]) {
    await tx.attachment.deleteMany({ where: { companyId, ownerId: id, ownerType: { in: owners } } });
    await this.reviews.cancel(tx, companyId, REGISTERS[kind].reviewType, id);
  }
}
