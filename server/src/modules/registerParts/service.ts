import {
  registerMessages as say,
  type ReviewActionType,
  type TPersonRef,
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
import type { Db } from '../../db/prisma';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import { recordChange, type Snapshot } from '../../plugins/changeLog';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import { employeeNames, servedBy } from '../employees';
import type { ReviewService } from '../reviews';
import { dateOf, dayOf } from '../../db/days';
import { actionsOf, raiseAction } from './actions';
import { attachItemFiles } from './files';
import { checkStewardship, peoplePage, workplaceNames, workplaceOptions } from './people';
import { registerItemVisible } from './policy';
import { invalid, REGISTERS, type RegisterKind, type Stewardship, type Tx } from './registers';
import { completeItemReview, nextReviewAfter, openItemReview, scheduleReview } from './reviews';

type ItemParts = z.output<typeof ZRegisterItemParts>;
type Stewarded = Stewardship & { id: string; companyId: string; name: string };

/**
 * The risk and hazardous substances registers' items as the kit keeps them: the people and
 * workplaces they pick from, the checks of an item's owner and schedule, its review schedule
 * (through the ReviewService), the actions raised from it, its attachments and its history.
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
  visible(auth: AuthContext, kind: RegisterKind, id: string): Promise<boolean> {
    return registerItemVisible(this.db, auth, kind, id);
  }

  async mustExist(auth: AuthContext, kind: RegisterKind, id: string): Promise<void> {
    if (!(await this.visible(auth, kind, id))) throw notFound();
  }

  /** The caller's open review of an item; another organisation's item is not found. */
  openReview(auth: AuthContext, kind: RegisterKind, itemId: string, actionType: ReviewActionType) {
    return openItemReview(this.reviews, auth, REGISTERS[kind].reviewType, { itemId, actionType }, () =>
      this.mustExist(auth, kind, itemId),
    );
  }

  /**
   * Active employees by name, a page at a time (owner, action assignees); as reviewers only those
   * the register's review page serves (the dashboard lists a review to no one else).
   */
  people(
    auth: AuthContext,
    kind: RegisterKind,
    request: z.output<typeof ZRegisterPeopleSearch>,
  ): Promise<{ options: TPersonRef[]; hasMore: boolean }> {
    const reviewers = request.role === 'reviewer' ? servedBy(REGISTERS[kind].reviewCall) : {};
    return peoplePage(this.db, auth.companyId, request, 'lastName', reviewers);
  }

  async workplaces(auth: AuthContext) {
    return { workplaces: await workplaceOptions(this.db, auth.companyId) };
  }

  /** The checked owner, reviewers, workplace and next review of a save: the columns to store. */
  stewardship(
    tx: Tx,
    kind: RegisterKind,
    companyId: string,
    input: z.output<typeof ZRegisterStewardship>,
  ): Promise<Stewardship> {
    return checkStewardship(tx, kind, companyId, input);
  }

  /** After an item's save in `tx`: its open review follows the schedule, and the change is logged. */
  async saved<Item extends Stewarded>(
    tx: Tx,
    auth: AuthContext,
    kind: RegisterKind,
    change: { before: Item | null; after: Item },
    snapshot: (item: Item, names: Map<string, string>) => Snapshot,
  ): Promise<void> {
    await scheduleReview(this.reviews, tx, REGISTERS[kind].reviewType, change.after);
    await this.log(tx, auth, kind, { action: change.before ? 'updated' : 'created', ...change }, snapshot);
  }

  /**
   * Completes the caller's part of an item's review through the ReviewService. With the reviewer's
   * completion, `update` stores the item's next review date (one frequency after today, none when
   * retired; a retired item becomes inactive) and what the register records besides, in the same
   * transaction, logged as 'reviewed'.
   */
  completeReview<Item extends Stewardship & { id: string }>(
    auth: AuthContext,
    kind: RegisterKind,
    input: TReviewCompleteParsed,
    item: {
      find: (tx: Tx) => Promise<Item>;
      update: (tx: Tx, data: { nextReviewDate: Date | null; isActive?: false }) => Promise<Item>;
    },
    snapshot: (item: Item, names: Map<string, string>) => Snapshot,
  ): Promise<TReviewCompleted> {
    const exists = () => this.mustExist(auth, kind, input.itemId);
    return completeItemReview(
      this.reviews,
      auth,
      REGISTERS[kind].reviewType,
      input,
      exists,
      async (tx, review) => {
        const before = await item.find(tx);
        const retired = input.outcome === 'retired';
        const next = nextReviewAfter(auth, input.outcome, review.frequency);
        const after = await item.update(tx, {
          nextReviewDate: next ? dateOf(next) : null,
          ...(retired && { isActive: false as const }),
        });
        await this.log(tx, auth, kind, { action: 'reviewed', before, after }, snapshot);
      },
    );
  }

  /** The names and the open review, actions and attachments of an item, for its page. */
  async parts(
    companyId: string,
    kind: RegisterKind,
    item: Stewardship & { id: string; updatedAt: Date; isActive: boolean },
  ): Promise<ItemParts> {
    const [names, workplace, open, reviews, actions, attachments] = await Promise.all([
      employeeNames(this.db, companyId, [
        item.ownerEmployeeId,
        item.reviewerEmployeeId,
        item.coReviewerEmployeeId,
      ]),
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
      actionsOf(this.db, companyId, kind, item.id),
      this.attachments.listFor(companyId, REGISTERS[kind].owner, item.id),
    ]);
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

  /** An action raised from the item, on the assignee's dashboard at once and told by mail. */
  async raiseAction(
    auth: AuthContext,
    kind: RegisterKind,
    input: z.output<typeof ZRegisterActionAdd>,
  ): Promise<{ _id: string }> {
    await this.mustExist(auth, kind, input.itemId);
    return raiseAction(this.db, this.mail, this.options.publicUrl, auth, kind, input);
  }

  /** Files attached to the item, logged in its history. */
  async addFiles(auth: AuthContext, kind: RegisterKind, id: string, files: UploadedFile[]): Promise<void> {
    if (files.length === 0) throw invalid('files', say.filesRequired);
    await this.mustExist(auth, kind, id);
    await this.storeFiles(auth, kind, id, REGISTERS[kind].owner, files, 'files added', async () => ({}));
  }

  /** Stores files for an owner of the item with `also` (the item's own change), logged as `action`. */
  storeFiles(
    auth: AuthContext,
    kind: RegisterKind,
    id: string,
    ownerType: AttachmentOwner,
    files: UploadedFile[],
    action: string,
    also: (tx: Tx) => Promise<Record<string, unknown>>,
  ): Promise<void> {
    const item = { ownerType, entityType: REGISTERS[kind].entity, id };
    return attachItemFiles(this.attachments, auth, item, files, also, action);
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
    // One after another: a transaction runs one statement at a time.
    const people = await employeeNames(
      tx,
      auth.companyId,
      items.flatMap((item) => [item.ownerEmployeeId, item.reviewerEmployeeId, item.coReviewerEmployeeId]),
    );
    const workplaces = await workplaceNames(
      tx,
      auth.companyId,
      items.map((item) => item.workplaceId),
    );
    const names = new Map([...people, ...workplaces]);
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
