import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * The HR Forms register searched: one statement gives the page and its count (register.ts
 * `searched`), so its pages, totals and cap must agree with the whole list of the same search.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
const { data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  ctx = await setupTestApp();
  await setRoleKeys(ctx.db, 'olivia.admin', { hrForm: true, hrAdmin: true, hrEmployeePrivateInfo: false });
  tokens = await signInAll(ctx.app);
});

type Row = { _id: string };

describe('hrFormList searched', () => {
  it('pages through the matches in the list’s order, counting four pages ahead', async () => {
    const search = 'wellbeing';
    const whole = await data('olivia.admin', 'hrFormList', { search, pageSize: 100 });
    expect(whole.total).toBeGreaterThanOrEqual(6);
    expect(whole.totalCapped).toBeUndefined();
    const ids = whole.rows.map((row: Row) => row._id);
    for (const page of [1, 2, ids.length]) {
      const one = await data('olivia.admin', 'hrFormList', { search, page, pageSize: 1 });
      expect(one.rows.map((row: Row) => row._id)).toEqual([ids[page - 1]]);
      // A search counts to four pages past the one shown.
      const cap = page + 4;
      expect(one.total).toBe(Math.min(ids.length, cap));
      expect(one.totalCapped).toBe(ids.length > cap ? true : undefined);
    }
    const past = await data('olivia.admin', 'hrFormList', { search, page: ids.length + 1, pageSize: 1 });
    expect(past).toMatchObject({ rows: [], total: ids.length });
  });

  it('finds nothing for a word nobody’s row has', async () => {
    expect(await data('olivia.admin', 'hrFormList', { search: 'zzqx' })).toMatchObject({
      rows: [],
      total: 0,
    });
  });
});
