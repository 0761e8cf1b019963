import { randomUUID } from 'node:crypto';
import { kioskMessages as say, messages, type TVisitorSetupSave } from '@compass/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueLink } from '../src/modules/links';
import { purgeExpiredVisits } from '../src/modules/visitors/retention';
import { KIOSK_SEARCH_LIMITS } from '../src/modules/visitors/routes';
import {
  apiCalls,
  DEMO_USERS,
  employeeOf,
  multipartPayload,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/**
 * A workplace's kiosk (issue 45): its link reaches its own workplace only; visitors and contractors
 * sign in (rules, signature, photo, answers; the host told by mail) and out; old visits are purged.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
let ids: Record<
  'companyId' | 'workplace' | 'otherWorkplace' | 'mia' | 'acme' | 'liam' | 'southbankEmployee',
  string
>;
let kiosk: string;
let otherKiosk: string;
const QUESTION = {
  _id: randomUUID(),
  label: 'Are you carrying tools?',
  type: 'yesNo',
  required: true,
} as const;
const OPTIONAL = { _id: randomUUID(), label: 'Car plate', type: 'text', required: false } as const;
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const { data } = apiCalls(
  () => ctx,
  () => tokens,
);

/** A kiosk's call with its link token: JSON, or multipart (the sign-in). */
const kioskCall = (token: string, path: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/${path}?authtoken=${token}`, ...(payload && { payload }) });
const signIn = (
  token: string,
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[] = [],
) => {
  const form = multipartPayload(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/visitorKioskSignIn?authtoken=${token}`,
    headers: { 'content-type': form.contentType },
    payload: form.payload,
  });
};
const messageOf = async (answer: ReturnType<typeof kioskCall>) => {
  const response = await answer;
  return [response.statusCode, response.json().response_message] as const;
};

async function newKiosk(workplaceId: string, name: string): Promise<string> {
  const { link } = await data('mia.employee', 'visitorKioskCreate', { workplaceId, name });
  return new URL(link).searchParams.get('authtoken')!;
}

const setup = (workplaceId: string, extra: Partial<TVisitorSetupSave> = {}): TVisitorSetupSave => ({
  workplaceId,
  questions: [QUESTION, OPTIONAL],
  siteRules: 'Wear a hi-vis vest at all times.',
  takeSignature: true,
  takePhoto: false,
  notifyHost: true,
  retentionDays: 365,
  ...extra,
});

const visitor = (extra: Record<string, string> = {}) => ({
  kind: 'visitor',
  fullName: 'Harriet Jane Quill',
  visitorCompany: 'Quill & Co',
  purpose: 'Quarterly audit',
  phone: '0400 000 001',
  acceptRules: 'yes',
  signature: SIGNATURE,
  answers: JSON.stringify([{ questionId: QUESTION._id, value: 'no' }]),
  ...extra,
});

beforeAll(async () => {
  ctx = await setupTestApp({ RATE_LIMIT_PER_ACCOUNT: '1000', RATE_LIMIT_PER_ADDRESS: '1000' });
  tokens = await signInAll(ctx.app, DEMO_USERS);
  const mia = await employeeOf(ctx.db, 'mia.employee');
  await ctx.db.employee.update({ where: { id: mia.id }, data: { email: 'mia.torres@northwind.example' } });
  const workplaces = await ctx.db.workplace.findMany({
    where: { companyId: mia.companyId, isActive: true },
    orderBy: { name: 'asc' },
  });
  const acme = await ctx.db.supplierCompany.findFirstOrThrow({
    where: { companyId: mia.companyId, name: 'Acme Contracting' },
  });
  const liam = await ctx.db.personnel.findFirstOrThrow({
    where: { supplierId: acme.id, firstName: 'Liam', lastName: 'Walker' },
  });
  ids = {
    companyId: mia.companyId,
    workplace: workplaces[0]!.id,
    otherWorkplace: workplaces[1]!.id,
    mia: mia.id,
    acme: acme.id,
    liam: liam.id,
    southbankEmployee: (await employeeOf(ctx.db, 'sam.southbank')).id,
  };
  await data('mia.employee', 'visitorSetupSave', setup(ids.workplace));
  kiosk = await newKiosk(ids.workplace, 'Front desk kiosk');
  otherKiosk = await newKiosk(ids.otherWorkplace, 'Gatehouse');
});

describe('the kiosk link', () => {
  it('opens its own workplace’s setup and marks the kiosk seen', async () => {
    const answer = await kioskCall(kiosk, 'visitorKiosk');
    expect(answer.statusCode).toBe(200);
    const shown = answer.json().response_data;
    const workplace = await ctx.db.workplace.findUniqueOrThrow({ where: { id: ids.workplace } });
    expect(shown).toMatchObject({
      workplace: workplace.name,
      kioskName: 'Front desk kiosk',
      questions: [QUESTION, OPTIONAL],
      siteRules: 'Wear a hi-vis vest at all times.',
      takeSignature: true,
      takePhoto: false,
      documents: [],
    });
    expect(shown.companyName).toBeTruthy();
    expect(shown).not.toHaveProperty('retentionDays');
    const seen = await ctx.db.visitorKiosk.findFirstOrThrow({ where: { name: 'Front desk kiosk' } });
    expect(seen.lastSeenAt).not.toBeNull();
  });

  it('answers the defaults for a workplace not set up', async () => {
    const shown = (await kioskCall(otherKiosk, 'visitorKiosk')).json().response_data;
    expect(shown).toMatchObject({ questions: [], siteRules: '', takeSignature: true, takePhoto: false });
  });

  it('is refused once revoked, as its revoked link is', async () => {
    const token = await newKiosk(ids.workplace, 'Spare tablet');
    const row = await ctx.db.visitorKiosk.findFirstOrThrow({ where: { name: 'Spare tablet' } });
    await data('mia.employee', 'visitorKioskRevoke', { _id: row.id });
    expect(await messageOf(kioskCall(token, 'visitorKiosk'))).toEqual([403, messages.links.revoked]);
    expect(await messageOf(kioskCall(token, 'visitorKioskOnSite', { search: 'qu' }))).toEqual([
      403,
      messages.links.revoked,
    ]);
  });

  it('is unknown once its workplace is no longer active', async () => {
    const token = await newKiosk(ids.otherWorkplace, 'Closing site');
    await ctx.db.workplace.update({ where: { id: ids.otherWorkplace }, data: { isActive: false } });
    const answer = await messageOf(kioskCall(token, 'visitorKiosk'));
    await ctx.db.workplace.update({ where: { id: ids.otherWorkplace }, data: { isActive: true } });
    expect(answer).toEqual([401, messages.links.unknown]);
  });

  it('reaches no other link call, and another link reaches no kiosk call', async () => {
    const context = await kioskCall(kiosk, 'supplierLinkContext', { formSubmissionId: randomUUID() });
    expect(context.statusCode).toBe(403);
    const other = await ctx.db.$transaction((tx) =>
      issueLink(tx, {
        companyId: ids.companyId,
        resourceType: 'submission',
        resourceId: randomUUID(),
        operations: ['read', 'update'],
      }),
    );
    expect(await messageOf(kioskCall(other.token, 'visitorKiosk'))).toEqual([
      403,
      messages.links.wrongResource,
    ]);
    expect((await signIn(other.token, visitor())).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/visitorKiosk' })).statusCode).toBe(401);
    const employee = await ctx.app.inject({
      method: 'POST',
      url: '/api/visitorKiosk',
      headers: { authtoken: tokens['mia.employee']! },
    });
    expect(employee.json().error_code).toBe('caller_not_served');
  });

  it('offers hosts and supplier companies of its organisation by name, names only', async () => {
    const hosts = (await kioskCall(kiosk, 'visitorKioskHosts', { search: 'mia tor' })).json().response_data;
    expect(hosts.options).toEqual([{ _id: ids.mia, name: 'Mia Torres' }]);
    const southbank = (await kioskCall(kiosk, 'visitorKioskHosts', { search: 'sam' })).json().response_data;
    expect(southbank.options.map((option: { _id: string }) => option._id)).not.toContain(
      ids.southbankEmployee,
    );
    const suppliers = (await kioskCall(kiosk, 'visitorKioskSuppliers', { search: 'acme' })).json()
      .response_data;
    expect(suppliers.options).toEqual([{ _id: ids.acme, name: 'Acme Contracting' }]);
    expect(await messageOf(kioskCall(kiosk, 'visitorKioskHosts', { search: 'm' }))).toEqual([
      400,
      say.searchTooShort,
    ]);
  });
});

describe('signing in', () => {
  it('asks for what the setup asks: the rules, a signature, the required answers', async () => {
    const refused = async (fields: Record<string, string>) => {
      const answer = await signIn(kiosk, fields);
      return [answer.statusCode, answer.json().response_message];
    };
    expect(await refused(visitor({ acceptRules: 'no' }))).toEqual([400, say.rulesRequired]);
    const { signature: _signature, ...unsigned } = visitor();
    expect(await refused(unsigned)).toEqual([400, say.signatureRequired]);
    expect(await refused(visitor({ answers: '[]' }))).toEqual([400, say.answerRequired(QUESTION.label)]);
    const yesNo = (value: string) =>
      visitor({ answers: JSON.stringify([{ questionId: QUESTION._id, value }]) });
    expect(await refused(yesNo('maybe'))).toEqual([400, say.answerRequired(QUESTION.label)]);
    expect(await refused(visitor({ answers: '[{' }))).toEqual([400, say.answersUnreadable]);
    expect(
      await refused(visitor({ answers: JSON.stringify([{ questionId: randomUUID(), value: 'x' }]) })),
    ).toEqual([400, say.answerUnknown]);
    expect(await refused(visitor({ fullName: ' ' }))).toEqual([400, say.nameRequired]);
    expect(await refused(visitor({ hostEmployeeId: ids.southbankEmployee }))).toEqual([400, say.hostUnknown]);
    expect(await refused(visitor({ kind: 'contractor' }))).toEqual([400, say.supplierRequired]);
    expect(await refused(visitor({ kind: 'contractor', supplierId: randomUUID() }))).toEqual([
      400,
      say.supplierUnknown,
    ]);
    expect(await ctx.db.visit.count({ where: { fullName: 'Harriet Jane Quill' } })).toBe(0);
  });

  it('keeps the visit at the kiosk’s workplace and tells the host by mail', async () => {
    const answers = [
      { questionId: QUESTION._id, value: 'no' },
      { questionId: OPTIONAL._id, value: 'ABC-123' },
    ];
    const answer = await signIn(
      kiosk,
      visitor({ hostEmployeeId: ids.mia, answers: JSON.stringify(answers) }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().response_message).toBe(say.welcome('Harriet Jane Quill'));
    const { _id } = answer.json().response_data;
    const visit = await ctx.db.visit.findUniqueOrThrow({ where: { id: _id } });
    const row = await ctx.db.visitorKiosk.findFirstOrThrow({ where: { name: 'Front desk kiosk' } });
    expect(visit).toMatchObject({
      companyId: ids.companyId,
      workplaceId: ids.workplace,
      kioskId: row.id,
      kind: 'visitor',
      visitorCompany: 'Quill & Co',
      supplierId: null,
      hostEmployeeId: ids.mia,
      signature: SIGNATURE,
      signOutAt: null,
    });
    expect(visit.rulesAcceptedAt).not.toBeNull();
    expect(visit.answers).toEqual([
      { questionId: QUESTION._id, label: QUESTION.label, value: 'no' },
      { questionId: OPTIONAL._id, label: OPTIONAL.label, value: 'ABC-123' },
    ]);
    const mail = await ctx.db.mailMessage.findFirstOrThrow({
      where: { subject: 'Your visitor has arrived: Harriet Jane Quill' },
    });
    expect(mail.toAddress).toBe('mia.torres@northwind.example');
    expect(mail.textBody).toContain('Quarterly audit');
    expect(mail.textBody).toContain('Quill & Co');
  });

  it('tells no host when the setup says not to', async () => {
    await data('mia.employee', 'visitorSetupSave', setup(ids.workplace, { notifyHost: false }));
    const answer = await signIn(kiosk, visitor({ fullName: 'Quiet Visitor', hostEmployeeId: ids.mia }));
    expect(answer.statusCode).toBe(200);
    expect(await ctx.db.mailMessage.count({ where: { subject: { contains: 'Quiet Visitor' } } })).toBe(0);
    await data('mia.employee', 'visitorSetupSave', setup(ids.workplace));
  });

  it('matches a contractor to their supplier’s person by name', async () => {
    const contractor = (fullName: string) =>
      signIn(
        kiosk,
        visitor({ kind: 'contractor', supplierId: ids.acme, fullName, visitorCompany: 'ignored' }),
      );
    const matched = (await contractor('liam  WALKER')).json().response_data;
    expect(await ctx.db.visit.findUniqueOrThrow({ where: { id: matched._id } })).toMatchObject({
      kind: 'contractor',
      supplierId: ids.acme,
      visitorCompany: 'Acme Contracting',
      personnelId: ids.liam,
    });
    const unmatched = (await contractor('Nobody Known')).json().response_data;
    expect((await ctx.db.visit.findUniqueOrThrow({ where: { id: unmatched._id } })).personnelId).toBeNull();
  });

  it('takes a photo when the setup asks for one, kept as the visit’s attachment', async () => {
    await data(
      'mia.employee',
      'visitorSetupSave',
      setup(ids.otherWorkplace, { questions: [], siteRules: '', takePhoto: true, takeSignature: false }),
    );
    const fields = { kind: 'visitor', fullName: 'Photo Person', purpose: 'Delivery' };
    const without = await signIn(otherKiosk, fields);
    expect([without.statusCode, without.json().response_message]).toEqual([400, say.photoRequired]);
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const answer = await signIn(otherKiosk, fields, [{ name: 'photo.png', content: png }]);
    expect(answer.statusCode).toBe(200);
    const { _id } = answer.json().response_data;
    const photo = await ctx.db.attachment.findFirstOrThrow({ where: { ownerType: 'visit', ownerId: _id } });
    expect(photo.uploadedById).toBeNull();
    const visit = await ctx.db.visit.findUniqueOrThrow({ where: { id: _id } });
    expect(visit.signature).toBeNull();
    expect(visit.rulesAcceptedAt).toBeNull();
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${photo.id}`,
      headers: { authtoken: tokens['mia.employee']! },
    });
    expect(file.statusCode).toBe(200);
  });
});

describe('signing out', () => {
  it('finds who is on site by "First L." only, signs them out once', async () => {
    const answer = await signIn(
      kiosk,
      visitor({ fullName: 'Zebedee Omar Plunkett', visitorCompany: 'Zed Freight' }),
    );
    const { _id } = answer.json().response_data;
    const found = (await kioskCall(kiosk, 'visitorKioskOnSite', { search: 'ZED FREI' })).json().response_data;
    expect(found.list).toEqual([
      { _id, name: 'Zebedee P.', company: 'Zed Freight', SigninTime: answer.json().response_data.SigninTime },
    ]);
    const elsewhere = (await kioskCall(otherKiosk, 'visitorKioskOnSite', { search: 'zebedee' })).json()
      .response_data;
    expect(elsewhere.list).toEqual([]);

    expect((await kioskCall(otherKiosk, 'visitorKioskSignOut', { _id })).statusCode).toBe(404);
    expect(await messageOf(kioskCall(kiosk, 'visitorKioskSignOut', { _id }))).toEqual([200, say.goodbye]);
    expect(await messageOf(kioskCall(kiosk, 'visitorKioskSignOut', { _id }))).toEqual([409, say.notOnSite]);
    const gone = (await kioskCall(kiosk, 'visitorKioskOnSite', { search: 'zebedee' })).json().response_data;
    expect(gone.list).toEqual([]);
    expect((await kioskCall(kiosk, 'visitorKioskSignOut', { _id: randomUUID() })).statusCode).toBe(404);
  });
});

describe('documents at the kiosk', () => {
  it('serves its own workplace’s documents only', async () => {
    const form = multipartPayload({ workplaceId: ids.workplace }, [
      { name: 'Induction.pdf', content: Buffer.from('%PDF-1.4 induction') },
    ]);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/visitorSetupDocumentsAdd',
      headers: { authtoken: tokens['mia.employee']!, 'content-type': form.contentType },
      payload: form.payload,
    });
    const shown = (await kioskCall(kiosk, 'visitorKiosk')).json().response_data;
    const [document] = shown.documents;
    expect(document.name).toBe('Induction.pdf');
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/visitorKioskDocument/${document._id}?authtoken=${kiosk}`,
    });
    expect([file.statusCode, file.body]).toEqual([200, '%PDF-1.4 induction']);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/visitorKioskDocument/${document._id}?authtoken=${otherKiosk}`,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('retention', () => {
  it('removes visits older than their workplace keeps them, with their photos, and no others', async () => {
    await data('mia.employee', 'visitorSetupSave', setup(ids.workplace, { retentionDays: 30 }));
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const make = (workplaceId: string, days: number) =>
      ctx.db.visit.create({
        data: {
          companyId: ids.companyId,
          workplaceId,
          fullName: `Old ${days}`,
          purpose: 'Retention',
          signInAt: daysAgo(days),
          signOutAt: daysAgo(days),
        },
      });
    const expired = await make(ids.workplace, 40);
    const kept = await make(ids.workplace, 20);
    // The other workplace's setup keeps the default 365 days.
    const keptLonger = await make(ids.otherWorkplace, 200);
    const expiredLonger = await make(ids.otherWorkplace, 400);
    const photo = await ctx.db.attachment.create({
      data: {
        companyId: ids.companyId,
        ownerType: 'visit',
        ownerId: expired.id,
        name: 'photo.png',
        mimeType: 'image/png',
        size: 1,
        storageKey: 'retention-test.png',
        fileType: 'png',
      },
    });
    expect(await purgeExpiredVisits(ctx.db)).toBeGreaterThanOrEqual(2);
    const left = await ctx.db.visit.findMany({
      where: { id: { in: [expired.id, kept.id, keptLonger.id, expiredLonger.id] } },
      select: { id: true },
    });
    expect(left.map((row) => row.id).sort()).toEqual([kept.id, keptLonger.id].sort());
    expect(await ctx.db.attachment.count({ where: { id: photo.id } })).toBe(0);
  });
});

describe('abuse', () => {
  it('limits a kiosk’s searches, sign-outs and documents per client address', async () => {
    const calls = [
      { method: 'POST', url: 'visitorKioskSuppliers', payload: { search: 'acme' } },
      { method: 'POST', url: 'visitorKioskSignOut', payload: { _id: randomUUID() } },
      { method: 'GET', url: `visitorKioskDocument/${randomUUID()}` },
    ] as const;
    for (const call of calls) {
      const statuses: number[] = [];
      // An address of its own: the other tests' calls are not counted with these.
      for (let index = 0; index <= KIOSK_SEARCH_LIMITS.perAddressPerMinute; index += 1) {
        const answer = await ctx.app.inject({
          ...call,
          url: `/api/${call.url}?authtoken=${kiosk}`,
          remoteAddress: '203.0.113.7',
        });
        statuses.push(answer.statusCode);
      }
      expect([call.url, statuses.slice(0, -1).includes(429), statuses.at(-1)]).toEqual([
        call.url,
        false,
        429,
      ]);
    }
  });
});
