import { randomUUID } from 'node:crypto';
import {
  VISITOR_KIOSK_PATH,
  messages,
  VISITOR_RETENTION_DEFAULT_DAYS,
  visitorMessages as say,
  type TVisitorSetupSave,
} from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCalls,
  DEMO_USERS,
  employeeOf,
  multipartPayload,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/** Vismate's setup (issue 45): per workplace, what its kiosk asks and shows, its documents and kiosks. */
let ctx: TestContext;
let tokens: Record<string, string>;
let ids: Record<'companyId' | 'workplace' | 'branch' | 'otherWorkplace' | 'southbankWorkplace', string>;

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  const mia = await employeeOf(ctx.db, 'mia.employee');
  const sam = await employeeOf(ctx.db, 'sam.southbank');
  const workplaces = await ctx.db.workplace.findMany({
    where: { companyId: mia.companyId, isActive: true },
    include: { branches: { where: { isActive: true } } },
    orderBy: { name: 'asc' },
  });
  const setUp = new Set(
    (await ctx.db.visitorSetup.findMany({ where: { companyId: mia.companyId } })).map(
      (row) => row.workplaceId,
    ),
  );
  // A workplace with branches and no setup yet (the demo's Riverside Depot has one).
  const fresh = workplaces.find((workplace) => workplace.branches.length > 0 && !setUp.has(workplace.id))!;
  const other = workplaces.find((workplace) => workplace.id !== fresh.id)!;
  ids = {
    companyId: mia.companyId,
    workplace: fresh.id,
    branch: fresh.branches[0]!.id,
    otherWorkplace: other.id,
    southbankWorkplace: (await ctx.db.workplace.findFirstOrThrow({ where: { companyId: sam.companyId } })).id,
  };
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const messageOf = async (answer: ReturnType<typeof call>) => {
  const response = await answer;
  return [response.statusCode, response.json().response_message] as const;
};
const setup = (extra: Partial<TVisitorSetupSave> = {}): TVisitorSetupSave => ({
  workplaceId: ids.workplace,
  questions: [],
  siteRules: '',
  takeSignature: true,
  takePhoto: false,
  notifyHost: true,
  retentionDays: 90,
  ...extra,
});

describe('the setup', () => {
  it('answers the defaults until a workplace is set up, then what was saved, logged', async () => {
    const before = await data('mia.employee', 'visitorSetupDetails', { workplaceId: ids.workplace });
    expect(before).toMatchObject({
      workplaceId: ids.workplace,
      configured: 'no',
      questions: [],
      siteRules: '',
      takeSignature: true,
      takePhoto: false,
      notifyHost: true,
      retentionDays: VISITOR_RETENTION_DEFAULT_DAYS,
      kiosks: [],
      documents: [],
    });
    const listed = await data('mia.employee', 'visitorSetupList');
    expect(listed.rows.find((row: { workplaceId: string }) => row.workplaceId === ids.workplace)).toEqual({
      workplaceId: ids.workplace,
      workplace: before.workplace,
      configured: 'no',
      kiosks: 0,
      onSite: 0,
    });

    const question = {
      _id: randomUUID(),
      label: 'Are you carrying tools?',
      type: 'yesNo',
      required: true,
    } as const;
    const saved = setup({ questions: [question], siteRules: 'Wear a hi-vis vest.', takePhoto: true });
    expect(await messageOf(call('mia.employee', 'visitorSetupSave', saved))).toEqual([200, say.setupSaved]);
    const after = await data('mia.employee', 'visitorSetupDetails', { workplaceId: ids.workplace });
    expect(after).toMatchObject({
      configured: 'yes',
      questions: [question],
      takePhoto: true,
      retentionDays: 90,
    });

    await data('mia.employee', 'visitorSetupSave', { ...saved, retentionDays: 120 });
    const log = await ctx.db.changeLog.findMany({
      where: { entityType: 'visitorSetup', entityId: ids.workplace },
      orderBy: { createdAt: 'asc' },
    });
    expect(log.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(JSON.stringify(log[1]!.changes)).toContain('retentionDays');
    const row = (await data('mia.employee', 'visitorSetupList')).rows.find(
      (entry: { workplaceId: string }) => entry.workplaceId === ids.workplace,
    );
    expect(row.configured).toBe('yes');
  });

  it('refuses what the contract refuses, with its messages', async () => {
    const invalid = async (body: object) => messageOf(call('mia.employee', 'visitorSetupSave', body));
    expect(await invalid(setup({ retentionDays: 0 }))).toEqual([400, say.retentionInvalid]);
    expect(await invalid(setup({ retentionDays: 3651 }))).toEqual([400, say.retentionInvalid]);
    const twice = (label: string) => ({ _id: randomUUID(), label, type: 'text' as const, required: false });
    expect(await invalid(setup({ questions: [twice('Car plate'), twice('car plate')] }))).toEqual([
      400,
      say.questionsDuplicate,
    ]);
    expect(await invalid(setup({ questions: [twice(' ')] }))).toEqual([400, say.questionLabelRequired]);
    const sameId = [twice('Car plate'), { ...twice('Badge number') }];
    sameId[1]!._id = sameId[0]!._id;
    expect(await invalid(setup({ questions: sameId }))).toEqual([400, say.questionsDuplicate]);
  });

  it("keeps to the organisation: another's workplace is unknown, not found when read", async () => {
    const theirs = ids.southbankWorkplace;
    expect(await messageOf(call('mia.employee', 'visitorSetupSave', setup({ workplaceId: theirs })))).toEqual(
      [400, say.workplaceUnknown],
    );
    expect((await call('mia.employee', 'visitorSetupDetails', { workplaceId: theirs })).statusCode).toBe(404);
    const kiosk = { workplaceId: theirs, name: 'Front desk' };
    expect(await messageOf(call('mia.employee', 'visitorKioskCreate', kiosk))).toEqual([
      400,
      say.workplaceUnknown,
    ]);
    const listed = await data('sam.southbank', 'visitorSetupList');
    expect(listed.rows.map((row: { workplaceId: string }) => row.workplaceId)).not.toContain(ids.workplace);
  });

  it('is for holders of vismate only', async () => {
    await setRoleKeys(ctx.db, 'sam.southbank', { vismate: false });
    try {
      const refused = await call('sam.southbank', 'visitorSetupList');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_code).toBe('access_key_missing');
    } finally {
      await setRoleKeys(ctx.db, 'sam.southbank', { vismate: true });
    }
    const supplier = await call('acme.supplier', 'visitorSetupList');
    expect(supplier.json().error_code).toBe('caller_not_served');
  });
});

describe('documents', () => {
  it('adds documents the kiosk shows, downloads them for vismate and deletes them', async () => {
    const form = multipartPayload({ workplaceId: ids.workplace }, [
      { name: 'Site induction.pdf', content: Buffer.from('%PDF-1.4 induction') },
    ]);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/visitorSetupDocumentsAdd',
      headers: { authtoken: tokens['mia.employee']!, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().response_message).toBe(say.documentsAdded);
    const { documents } = await data('mia.employee', 'visitorSetupDetails', { workplaceId: ids.workplace });
    expect(documents).toHaveLength(1);
    const file = await ctx.app.inject({
      method: 'GET',
      url: documents[0].path,
      headers: { authtoken: tokens['mia.employee']! },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 induction');
    const southbank = await ctx.app.inject({
      method: 'GET',
      url: documents[0].path,
      headers: { authtoken: tokens['sam.southbank']! },
    });
    expect(southbank.statusCode).toBe(404);

    expect(
      (await call('sam.southbank', 'visitorSetupDocumentDelete', { _id: documents[0]._id })).statusCode,
    ).toBe(404);
    expect(
      await messageOf(call('mia.employee', 'visitorSetupDocumentDelete', { _id: documents[0]._id })),
    ).toEqual([200, say.documentDeleted]);
    const after = await data('mia.employee', 'visitorSetupDetails', { workplaceId: ids.workplace });
    expect(after.documents).toEqual([]);
    expect(
      (await call('mia.employee', 'visitorSetupDocumentDelete', { _id: documents[0]._id })).statusCode,
    ).toBe(404);
  });

  it("refuses another organisation's workplace", async () => {
    const form = multipartPayload({ workplaceId: ids.southbankWorkplace }, [
      { name: 'rules.pdf', content: Buffer.from('%PDF-1.4') },
    ]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/visitorSetupDocumentsAdd',
      headers: { authtoken: tokens['mia.employee']!, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect([refused.statusCode, refused.json().response_message]).toEqual([400, say.workplaceUnknown]);
  });
});

describe('kiosks', () => {
  it('registers a kiosk with a device link shown once, lists it, and revokes it once', async () => {
    const created = await call('mia.employee', 'visitorKioskCreate', {
      workplaceId: ids.workplace,
      branchId: ids.branch,
      name: 'Reception tablet',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().response_message).toBe(say.kioskCreated);
    const { _id, link } = created.json().response_data as { _id: string; link: string };
    expect(link).toContain(`${VISITOR_KIOSK_PATH}?authtoken=`);
    const token = new URL(link).searchParams.get('authtoken')!;
    const stored = await ctx.db.linkToken.findFirstOrThrow({
      where: { resourceType: 'visitorKiosk', resourceId: _id },
    });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 365 * 86_400_000);

    const details = await data('mia.employee', 'visitorSetupDetails', { workplaceId: ids.workplace });
    expect(details.kiosks).toEqual([
      expect.objectContaining({ _id, name: 'Reception tablet', revokedAt: null, lastSeenAt: null }),
    ]);
    expect(details.kiosks[0].branch).not.toBeNull();
    expect(details.kiosks[0].createdBy).toBeTruthy();
    const row = (await data('mia.employee', 'visitorSetupList')).rows.find(
      (entry: { workplaceId: string }) => entry.workplaceId === ids.workplace,
    );
    expect(row.kiosks).toBe(1);

    expect((await call('sam.southbank', 'visitorKioskRevoke', { _id })).statusCode).toBe(404);
    // The general link revoke leaves a kiosk alone: only visitorKioskRevoke marks the kiosk too.
    const general = { resourceType: 'visitorKiosk', resourceId: _id };
    expect(await messageOf(call('mia.employee', 'linkTokenRevoke', general))).toEqual([
      404,
      messages.links.noneToRevoke,
    ]);
    expect((await ctx.db.linkToken.findFirstOrThrow({ where: { resourceId: _id } })).revokedAt).toBeNull();
    expect(await messageOf(call('mia.employee', 'visitorKioskRevoke', { _id }))).toEqual([
      200,
      say.kioskRevoked,
    ]);
    expect(await messageOf(call('mia.employee', 'visitorKioskRevoke', { _id }))).toEqual([
      409,
      say.kioskAlreadyRevoked,
    ]);
    const token_ = await ctx.db.linkToken.findFirstOrThrow({ where: { resourceId: _id } });
    expect(token_.revokedAt).not.toBeNull();
    const revokedRow = (await data('mia.employee', 'visitorSetupList')).rows.find(
      (entry: { workplaceId: string }) => entry.workplaceId === ids.workplace,
    );
    expect(revokedRow.kiosks).toBe(0);
  });

  it('checks the name and that the branch is one of the workplace', async () => {
    const create = (body: object) => messageOf(call('mia.employee', 'visitorKioskCreate', body));
    expect(await create({ workplaceId: ids.workplace, name: '  ' })).toEqual([400, say.kioskNameRequired]);
    expect(await create({ workplaceId: ids.otherWorkplace, branchId: ids.branch, name: 'Gate' })).toEqual([
      400,
      say.branchUnknown,
    ]);
  });
});
