import { localDateOf, nextDueDay, reviewMessages as say, ZReviewComplete } from '@compass/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/plugins/auth';
import { ReviewService, type ReviewedItem } from '../src/modules/reviews/service';
import { openReviewId, setupTestApp, type TestContext } from './helpers';

/** The review schedule every register shares: scheduling, the co-reviewer first, history, the next one. */
let ctx: TestContext;
let reviews: ReviewService;
let people: { companyId: string; ethan: string; mia: string; olivia: string; southbank: string };
const today = localDateOf(new Date(), 'UTC');

const as = (employeeId: string, companyId = people.companyId) => ({ companyId, employeeId }) as AuthContext;
const complete = async (auth: AuthContext, input: Record<string, unknown>) =>
  reviews.complete(
    auth,
    'obligation',
    ZReviewComplete.parse({ reviewId: await openReviewId(ctx.db, String(input.itemId)), ...input }),
  );

async function scheduled(overrides: Partial<ReviewedItem> = {}): Promise<ReviewedItem> {
  const item: ReviewedItem = {
    companyId: people.companyId,
    itemType: 'obligation',
    itemId: randomUUID(),
    name: 'Work Health and Safety Act s.19',
    reviewerEmployeeId: people.ethan,
    coReviewerEmployeeId: null,
    frequency: 'quarterly',
    dueDate: today,
    ...overrides,
  };
  await ctx.db.$transaction((tx) => reviews.schedule(tx, item));
  return item;
}

beforeAll(async () => {
  ctx = await setupTestApp();
  reviews = new ReviewService(ctx.db);
  const employee = async (username: string) =>
    (await ctx.db.user.findUniqueOrThrow({ where: { username }, include: { employee: true } })).employee!;
  const ethan = await employee('ethan.coordinator');
  people = {
    companyId: ethan.companyId,
    ethan: ethan.id,
    mia: (await employee('mia.employee')).id,
    olivia: (await employee('olivia.admin')).id,
    southbank: (await employee('sam.southbank')).id,
  };
});

describe('scheduling', () => {
  it('keeps one open review per item, moved to the item’s reviewers and date', async () => {
    const item = await scheduled({ coReviewerEmployeeId: people.mia });
    await complete(as(people.mia), { itemId: item.itemId, actionType: 'coReview', comments: 'Fine' });
    await ctx.db.$transaction((tx) =>
      reviews.schedule(tx, { ...item, dueDate: '2030-01-31', name: 'Renamed' }),
    );
    let open = await ctx.db.review.findMany({ where: { itemId: item.itemId } });
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ name: 'Renamed', isCoReviewed: true });
    expect(open[0]!.dueDate.toISOString().slice(0, 10)).toBe('2030-01-31');

    // A new co-reviewer has reviewed nothing yet.
    await ctx.db.$transaction((tx) => reviews.schedule(tx, { ...item, coReviewerEmployeeId: people.olivia }));
    open = await ctx.db.review.findMany({ where: { itemId: item.itemId } });
    expect(open[0]).toMatchObject({
      coReviewerEmployeeId: people.olivia,
      isCoReviewed: false,
      coReviewComments: null,
    });
  });

  it('takes a cancelled item off the schedule', async () => {
    const item = await scheduled();
    await ctx.db.$transaction((tx) => reviews.cancel(tx, item.companyId, item.itemType, item.itemId));
    expect(await ctx.db.review.count({ where: { itemId: item.itemId } })).toBe(0);
  });
});

describe('opening a review', () => {
  it('shows the reviewer their review, and the co-reviewer theirs until they have co-reviewed', async () => {
    const item = await scheduled({ coReviewerEmployeeId: people.mia });
    const asReviewer = await reviews.open(as(people.ethan), 'obligation', item.itemId, 'review');
    expect(asReviewer).toMatchObject({
      name: item.name,
      reviewer: { _id: people.ethan, name: 'Ethan Clarke' },
      coReviewer: { _id: people.mia },
      waitingForCoReviewer: true,
      taskDueDateType: 'due',
      frequency: 'quarterly',
      history: [],
    });
    await expect(reviews.open(as(people.mia), 'obligation', item.itemId, 'coReview')).resolves.toMatchObject({
      waitingForCoReviewer: false,
    });
    await complete(as(people.mia), { itemId: item.itemId, actionType: 'coReview' });
    await expect(reviews.open(as(people.mia), 'obligation', item.itemId, 'coReview')).rejects.toMatchObject({
      statusCode: 403,
      message: say.notYours,
    });
  });

  it('refuses someone else, another organisation and another register', async () => {
    const item = await scheduled();
    for (const [auth, itemType] of [
      [as(people.mia), 'obligation'],
      [as(people.southbank, randomUUID()), 'obligation'],
      [as(people.ethan), 'riskRegister'],
    ] as const) {
      await expect(reviews.open(auth, itemType, item.itemId, 'review')).rejects.toMatchObject({
        statusCode: 403,
      });
    }
  });
});

describe('completing a review', () => {
  it('waits for the co-reviewer, then keeps the history and schedules the next review', async () => {
    const item = await scheduled({ coReviewerEmployeeId: people.mia });
    await expect(
      complete(as(people.ethan), { itemId: item.itemId, actionType: 'review', outcome: 'noChange' }),
    ).rejects.toMatchObject({ statusCode: 409, message: say.waitingForCoReviewer });

    await complete(as(people.mia), {
      itemId: item.itemId,
      actionType: 'coReview',
      comments: 'Checked the register',
    });
    const done = await complete(as(people.ethan), {
      itemId: item.itemId,
      actionType: 'review',
      outcome: 'updated',
      comments: 'Clause 4 reworded',
    });
    expect(done.nextDueDate).toBe(nextDueDay(today, 'quarterly'));

    const next = await reviews.open(as(people.ethan), 'obligation', item.itemId, 'review');
    expect(next.dueDate).toBe(done.nextDueDate);
    expect(next).toMatchObject({ isCoReviewed: false, waitingForCoReviewer: true });
    expect(next.history).toEqual([
      expect.objectContaining({
        outcome: 'updated',
        comments: 'Clause 4 reworded',
        completedBy: 'Ethan Clarke',
        coReviewComments: 'Checked the register',
        dueDate: today,
      }),
    ]);
  });

  it('schedules nothing after a retirement or without a frequency', async () => {
    const retired = await scheduled();
    expect(
      await complete(as(people.ethan), { itemId: retired.itemId, actionType: 'review', outcome: 'retired' }),
    ).toEqual({ nextDueDate: null });
    const once = await scheduled({ frequency: null });
    expect(
      await complete(as(people.ethan), { itemId: once.itemId, actionType: 'review', outcome: 'noChange' }),
    ).toEqual({ nextDueDate: null });
    for (const item of [retired, once])
      expect(await ctx.db.review.count({ where: { itemId: item.itemId, completedAt: null } })).toBe(0);
  });

  it('completes once when two completions race, and not the next one after it', async () => {
    const item = await scheduled();
    const input = {
      itemId: item.itemId,
      reviewId: await openReviewId(ctx.db, item.itemId),
      actionType: 'review',
    };
    const results = await Promise.allSettled([
      complete(as(people.ethan), { ...input, outcome: 'noChange' }),
      complete(as(people.ethan), { ...input, outcome: 'noChange' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    // A tab still showing the completed review: refused, whenever it comes.
    await expect(complete(as(people.ethan), { ...input, outcome: 'retired' })).rejects.toMatchObject({
      statusCode: 403,
      message: say.notYours,
    });
    const stored = await ctx.db.review.findMany({
      where: { itemId: item.itemId },
      orderBy: { dueDate: 'asc' },
    });
    expect(stored.map((review) => [review.outcome, review.completedAt === null])).toEqual([
      ['noChange', false],
      [null, true],
    ]);
  });

  it('completes only the caller’s own review when an item has several open', async () => {
    // Seeded by hand, not by schedule: someone else's review and the caller's.
    const itemId = randomUUID();
    const [mias, ethans] = await Promise.all(
      [people.mia, people.ethan].map((reviewerEmployeeId) =>
        ctx.db.review.create({
          data: {
            companyId: people.companyId,
            itemType: 'obligation',
            itemId,
            name: 'Shared item',
            reviewerEmployeeId,
            dueDate: new Date(`${today}T00:00:00Z`),
          },
        }),
      ),
    );
    const input = { itemId, actionType: 'review', outcome: 'noChange' };
    await expect(complete(as(people.ethan), { ...input, reviewId: mias!.id })).rejects.toMatchObject({
      statusCode: 403,
    });
    await complete(as(people.ethan), { ...input, reviewId: ethans!.id });
    const done = await ctx.db.review.findMany({ where: { itemId, completedAt: { not: null } } });
    expect(done.map((review) => review.reviewerEmployeeId)).toEqual([people.ethan]);
  });

  it('refuses a review of another item or another organisation', async () => {
    const [first, second] = [await scheduled(), await scheduled()];
    const input = {
      actionType: 'review',
      outcome: 'noChange',
      reviewId: await openReviewId(ctx.db, first.itemId),
    };
    for (const [auth, itemId] of [
      [as(people.ethan), second.itemId],
      [as(people.ethan, randomUUID()), first.itemId],
    ] as const)
      await expect(complete(auth, { ...input, itemId })).rejects.toMatchObject({ statusCode: 403 });
    expect(await ctx.db.review.count({ where: { itemId: first.itemId, completedAt: { not: null } } })).toBe(
      0,
    );
  });

  it('saves nothing when the register’s own part fails', async () => {
    const item = await scheduled();
    await expect(
      reviews.complete(
        as(people.ethan),
        'obligation',
        ZReviewComplete.parse({
          itemId: item.itemId,
          reviewId: await openReviewId(ctx.db, item.itemId),
          actionType: 'review',
          outcome: 'noChange',
        }),
        async () => {
          throw new Error('rating refused');
        },
      ),
    ).rejects.toThrow('rating refused');
    expect(await ctx.db.review.findMany({ where: { itemId: item.itemId } })).toEqual([
      expect.objectContaining({ completedAt: null }),
    ]);
  });
});

describe('the completion body', () => {
  it('asks the reviewer for an outcome, and for comments when something changed', () => {
    const itemId = randomUUID();
    const issues = (input: Record<string, unknown>) =>
      ZReviewComplete.safeParse({ itemId, reviewId: randomUUID(), ...input }).error?.issues.map(
        (issue) => issue.message,
      ) ?? [];
    expect(issues({ actionType: 'review' })).toEqual([say.outcomeRequired]);
    expect(issues({ actionType: 'review', outcome: 'updated', comments: '  ' })).toEqual([
      say.commentsRequired,
    ]);
    expect(issues({ actionType: 'coReview' })).toEqual([]);
  });
});
