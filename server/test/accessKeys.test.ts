import { beforeAll, describe, expect, it } from 'vitest';
import { setRoleKeys, setupTestApp, signIn, type TestContext } from './helpers';

/** Access keys are kept by the server: a role without a key gets nothing of its area in any answer. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await setupTestApp();
});

const call = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: { authtoken: token }, payload });

const setKeys = (username: string, keys: Record<string, boolean>) => setRoleKeys(ctx.db, username, keys);

describe('the risk key', () => {
  it('without it, no risk of the register reaches the caller through the pick lists or their search', async () => {
    const olivia = await signIn(ctx.app, 'olivia.admin');
    const mia = await signIn(ctx.app, 'mia.employee');
    const searchRisks = async (token: string) =>
      (await call(token, '/relatedOptionSearch', { kind: 'risk', search: '' })).json().response_data.options;
    expect((await searchRisks(olivia)).length).toBeGreaterThan(0);
    expect(await searchRisks(mia)).toEqual([]);
    const withoutRisk = (await call(mia, '/formSubmissionRelatedLists', {})).json().response_data;
    expect(withoutRisk.listRisk).toEqual({ allRiskList: [], masterRiskList: [] });
  });
});

describe('HR forms and hrEmployeePrivateInfo', () => {
  it("a role with Records access but without the key reads no one else's performance review", async () => {
    const user = await setKeys('mia.employee', {
      formSubmissionAllRecord: true,
      formSubmissionRecord: true,
      hrEmployeePrivateInfo: false,
    });
    const others = await ctx.db.formSubmission.findMany({
      where: {
        companyId: user.companyId,
        formType: 'hr',
        isDraft: false,
        recordedByEmployeeId: { not: user.employeeId },
        coordinators: { none: { employeeId: user.employeeId! } },
      },
    });
    expect(others.length).toBeGreaterThan(0);
    const mia = await signIn(ctx.app, 'mia.employee');

    const details = await call(mia, '/formSubmissionDetails', { formSubmissionId: others[0]!.id });
    expect(details.statusCode).toBe(404);
    const pdf = await call(mia, '/formSubmissionPdf', { formSubmissionId: others[0]!.id });
    expect(pdf.statusCode).toBe(404);
    const history = await call(mia, '/formSubmissionHistory', { formSubmissionId: others[0]!.id });
    expect(history.statusCode).toBe(404);
    const records = (await call(mia, '/formSubmissionList', { scope: 'all', pageSize: 100 })).json()
      .response_data;
    const listed = new Set(records.rows.map((row: { _id: string }) => row._id));
    for (const review of others) expect(listed.has(review.id)).toBe(false);
    // The other forms of Records stay open to her.
    expect(records.total).toBeGreaterThan(0);

    await setKeys('mia.employee', { hrEmployeePrivateInfo: true });
    expect((await call(mia, '/formSubmissionDetails', { formSubmissionId: others[0]!.id })).statusCode).toBe(
      200,
    );
    const all = (await call(mia, '/formSubmissionList', { scope: 'all', pageSize: 100 })).json()
      .response_data;
    expect(all.rows.map((row: { _id: string }) => row._id)).toContain(others[0]!.id);
  });
});

describe('the Records keys', () => {
  it('without formSubmissionAllRecord and formSubmissionRecord the organisation’s Records are refused, My Records are not', async () => {
    await setKeys('mia.employee', { formSubmissionAllRecord: false, formSubmissionRecord: false });
    const mia = await signIn(ctx.app, 'mia.employee');
    const all = await call(mia, '/formSubmissionList', { scope: 'all' });
    expect(all.statusCode).toBe(403);
    const searched = await call(mia, '/formSubmissionList', { scope: 'all', search: 'a', sort: 'number' });
    expect(searched.statusCode).toBe(403);
    const mine = await call(mia, '/formSubmissionList', { scope: 'my' });
    expect(mine.statusCode, mine.body).toBe(200);
    await setKeys('mia.employee', { formSubmissionRecord: true });
    expect((await call(mia, '/formSubmissionList', { scope: 'all' })).statusCode).toBe(200);
  });
});
