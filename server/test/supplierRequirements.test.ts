import {
  addDays,
  externalPartiesMessages,
  localDateOf,
  requirementMessages as say,
  type TSupplierCompliance,
} from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { SupplierRequirementService } from '../src/modules/externalParties/requirements';
import {
  apiCalls,
  multipartPayload,
  setupTestApp,
  signIn,
  signInAll,
  type TestContext,
  pastTheCountCap,
} from './helpers';
import { latestMail, startSmtpServer, type TestSmtpServer } from './smtp';

/** Supplier requirements: types, request and mail, upload by link or session, review, compliance, reminders. */
const nw = (kind: string, key: string) => demoId(`nw:${kind}:${key}`);
const ACME = nw('supplier', 'Acme Contracting');
const ZENITH = nw('supplier', 'Zenith Cleaning');
const LIAM = nw('personnel', 'liam');
const ETHAN = nw('employee', 'ethan');
const INDUCTION = nw('requirementType', 'Induction Certificate');
const INSURANCE = nw('requirementType', 'Public Liability Insurance');
const PUBLIC_URL = 'http://compass.test';
const today = localDateOf(new Date(), 'UTC');
const PDF = { name: 'licence.pdf', content: Buffer.from('%PDF-1.4\n% a licence\n') };

let ctx: TestContext;
let smtp: TestSmtpServer;
let tokens: Record<string, string>;
let licenceType: string;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_POLL_SECONDS: '0.5' });
  await ctx.app.mail.startWorker();
  tokens = await signInAll(ctx.app);
  for (const username of ['acme.supplier', 'ava.nguyen@acme-contracting.example', 'zoe.noportal'])
    tokens[username] = await signIn(ctx.app, username);
});

afterAll(async () => {
  await smtp.close();
});

const mailTo = (address: string, subject: RegExp, from: number) => latestMail(smtp, from, address, subject);

/** The link of a mail: its path and token. */
function linkOf(text: string) {
  const url = new URL(/http:\/\/compass\.test\S+/.exec(text)?.[0] ?? 'http://compass.test/');
  return { path: url.pathname, token: url.searchParams.get('authtoken') ?? '' };
}

/** POST as the holder of a link. */
const byLink = (token: string, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/${path}?authtoken=${encodeURIComponent(token)}`, payload });

/** Upload as a user (username) or a link holder ({ link: token }). */
function upload(
  as: string | { link: string },
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[] = [PDF],
) {
  const { payload, contentType } = multipartPayload(fields, files);
  const link = typeof as === 'string' ? '' : `?authtoken=${encodeURIComponent(as.link)}`;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/supplierRequirementUpload${link}`,
    headers: {
      'content-type': contentType,
      ...(typeof as === 'string' && { authtoken: tokens[as]! }),
    },
    payload,
  });
}

const request = (extra: object = {}) => ({
  requirementTypeId: licenceType,
  supplierId: ACME,
  personnelId: LIAM,
  reviewerEmployeeId: ETHAN,
  dueDate: addDays(today, 10),
  message: 'Before the switchboard works, please.',
  ...extra,
});

describe('requirement types', () => {
  it('adds, renames and archives a type; names are unique per kind of party', async () => {
    const created = await data('olivia.admin', 'requirementTypeSave', {
      name: 'Electrical Licence',
      appliesTo: 'personnel',
      description: 'A current licence for electrical work.',
      expires: true,
    });
    licenceType = created._id;
    expect(created).toMatchObject({ isActive: true, inUse: 0, expires: true });

    const clash = await call('olivia.admin', 'requirementTypeSave', {
      name: 'electrical licence',
      appliesTo: 'personnel',
      expires: false,
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().response_message).toBe(say.typeNameTaken);
    // The same name for companies is another type.
    const forCompanies = await call('olivia.admin', 'requirementTypeSave', {
      name: 'Electrical Licence',
      appliesTo: 'company',
      expires: true,
    });
    expect(forCompanies.statusCode).toBe(200);
    const archived = await data('olivia.admin', 'requirementTypeSetActive', {
      _id: forCompanies.json().response_data._id,
      isActive: false,
    });
    expect(archived.isActive).toBe(false);
    const refused = await call('olivia.admin', 'supplierRequirementCreate', {
      ...request({ requirementTypeId: archived._id, personnelId: null }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().response_message).toBe(say.typeUnknown);

    const list = await data('olivia.admin', 'requirementTypeList');
    expect(list.map((type: { name: string }) => type.name)).toContain('Public Liability Insurance');
    // Archived types come last.
    expect(list.at(-1)).toMatchObject({ _id: archived._id, isActive: false });
    // Each type says how many requirements use it, as the stored rows count them.
    const stored = await ctx.db.supplierRequirement.groupBy({
      by: ['requirementTypeId'],
      where: {
        companyId: (await ctx.db.requirementType.findUniqueOrThrow({ where: { id: archived._id } }))
          .companyId,
      },
      _count: { _all: true },
    });
    const used = new Map(stored.map((row) => [row.requirementTypeId, row._count._all]));
    expect(used.size).toBeGreaterThan(0);
    for (const type of list as { _id: string; inUse: number }[])
      expect(type.inUse, type._id).toBe(used.get(type._id) ?? 0);
  });

  it('keeps types to the External Parties key and the organisation', async () => {
    for (const as of ['liam.personnel', 'acme.supplier'])
      expect((await call(as, 'requirementTypeList')).statusCode).toBe(403);
    const southbank = await data('sam.southbank', 'requirementTypeList');
    expect(southbank.some((type: { _id: string }) => type._id === INDUCTION)).toBe(false);
    const rename = await call('sam.southbank', 'requirementTypeSave', {
      _id: INDUCTION,
      name: 'Mine now',
      appliesTo: 'personnel',
      expires: true,
    });
    expect(rename.statusCode).toBe(404);
    // A type in use keeps what it applies to.
    const flip = await call('olivia.admin', 'requirementTypeSave', {
      _id: INDUCTION,
      name: 'Induction Certificate',
      appliesTo: 'company',
      expires: true,
    });
    expect(flip.statusCode).toBe(400);
    expect(flip.json().response_message).toBe(say.typeInUse);
  });
});

describe('the loop: request, send by link, reject, send again, approve', () => {
  it('requests a licence of Liam, who sends it through the mail’s link; Ethan rejects, then approves it', async () => {
    let from = smtp.received.length;
    const created = await call('olivia.admin', 'supplierRequirementCreate', request());
    expect(created.statusCode, created.body).toBe(200);
    const { _id, mailsQueued } = created.json().response_data;
    expect(mailsQueued).toBe(1);
    expect(created.json().response_message).toBe(say.requested(1));

    const liam = await ctx.db.personnel.findUniqueOrThrow({ where: { id: LIAM } });
    const mail = await mailTo(liam.email!, /asks you for Electrical Licence/, from);
    expect(mail.text).toContain('Before the switchboard works, please.');
    const link = linkOf(mail.text);
    expect(link.path).toBe(`/form/external-parties/document-review/personnel/${_id}`);

    // A second open request of the same document is refused.
    const twice = await call('olivia.admin', 'supplierRequirementCreate', request());
    expect(twice.statusCode).toBe(400);
    expect(twice.json().response_message).toBe(say.alreadyOpen);

    const opened = await byLink(link.token, 'supplierRequirementDetails', { _id });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().response_data).toMatchObject({
      typeName: 'Electrical Licence',
      state: 'toProvide',
      canUpload: true,
      canReview: false,
      expires: true,
      documents: [],
    });
    // The link opens its own requirement only.
    const other = await ctx.db.supplierRequirement.findFirstOrThrow({
      where: { id: { not: _id }, supplierId: ACME },
    });
    expect((await byLink(link.token, 'supplierRequirementDetails', { _id: other.id })).statusCode).toBe(403);
    expect((await byLink(link.token, 'supplierRequirementList', {})).statusCode).toBe(401);

    // Bad uploads change nothing.
    const cases: [Record<string, string>, { name: string; content: Buffer }[], string][] = [
      [{ _id, expiryDate: addDays(today, 300) }, [], say.fileRequired],
      [{ _id, expiryDate: addDays(today, 300) }, [PDF, PDF], say.oneFile],
      [{ _id }, [PDF], say.expiryRequired],
      [{ _id, expiryDate: addDays(today, -1) }, [PDF], say.expiryPassed],
      [{ _id, expiryDate: 'next year' }, [PDF], 'Enter a date as YYYY-MM-DD.'],
    ];
    for (const [fields, files, message] of cases) {
      const response = await upload({ link: link.token }, fields, files);
      expect(response.statusCode, message).toBe(400);
      if (message !== 'Enter a date as YYYY-MM-DD.') expect(response.json().response_message).toBe(message);
    }
    expect(await ctx.db.attachment.count({ where: { ownerType: 'requirement', ownerId: _id } })).toBe(0);

    from = smtp.received.length;
    const sent = await upload(
      { link: link.token },
      { _id, expiryDate: addDays(today, 200), note: 'Renewed in May.' },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().response_message).toBe(say.sent);
    const ethan = await ctx.db.employee.findUniqueOrThrow({ where: { id: ETHAN }, include: { user: true } });
    const toReview = await mailTo(
      ethan.user!.email!,
      /Electrical Licence from Liam Walker of Acme Contracting/,
      from,
    );
    expect(linkOf(toReview.text).path).toBe(`/external-parties/personnel-document-review/${LIAM}/${_id}`);

    // Ethan, its reviewer, sees it with its document, and the file opens for him and the link.
    const details = await data('ethan.coordinator', 'supplierRequirementDetails', { _id });
    expect(details).toMatchObject({
      state: 'awaitingReview',
      note: 'Renewed in May.',
      expiryDate: addDays(today, 200),
      canReview: true,
      canUpload: false,
    });
    expect(details.documents).toHaveLength(1);
    const file = await ctx.app.inject({
      method: 'GET',
      url: details.documents[0].path,
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('a licence');
    const byTheLink = await ctx.app.inject({
      method: 'GET',
      url: `${details.documents[0].path}?authtoken=${link.token}`,
    });
    expect(byTheLink.statusCode).toBe(200);

    const noReason = await call('ethan.coordinator', 'supplierRequirementReview', {
      _id,
      decision: 'reject',
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().response_message).toBe(say.reasonRequired);
    from = smtp.received.length;
    const rejected = await call('ethan.coordinator', 'supplierRequirementReview', {
      _id,
      decision: 'reject',
      reason: 'The scan is cut off at the bottom.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().response_message).toBe(say.rejected);
    const why = await mailTo(liam.email!, /Electrical Licence: .* needs another document/, from);
    expect(why.text).toContain('The scan is cut off at the bottom.');
    const again = await call('ethan.coordinator', 'supplierRequirementReview', { _id, decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().response_message).toBe(say.notSubmitted);

    // Liam, signed in, sends a better scan; Ethan approves it.
    const resent = await upload('liam.personnel', { _id, expiryDate: addDays(today, 210) });
    expect(resent.statusCode, resent.body).toBe(200);
    const approved = await call('ethan.coordinator', 'supplierRequirementReview', {
      _id,
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const final = await data('liam.personnel', 'supplierRequirementDetails', { _id });
    expect(final).toMatchObject({ status: 'approved', state: 'valid', expiryDate: addDays(today, 210) });
    // Both documents are kept, newest first.
    expect(final.documents).toHaveLength(2);
    expect(final.reviewedByName).toContain('Ethan');

    const compliance: TSupplierCompliance = await data('olivia.admin', 'supplierCompliance', {
      supplierId: ACME,
    });
    const liamsRow = compliance.personnel
      .find((person) => person.personnelId === LIAM)!
      .requirements.find((row) => row._id === _id);
    expect(liamsRow).toMatchObject({ state: 'valid', expiryDate: addDays(today, 210) });
    // Acme still owes its insurance (seeded, pending): not compliant.
    expect(compliance.compliant).toBe(false);
    expect(compliance.company.find((row) => row.requirementTypeId === INSURANCE)?.state).toBe('toProvide');
  });
});

describe('who may do what', () => {
  let requirementId: string;
  beforeAll(async () => {
    // Liam's seeded induction request is replaced by a new one.
    await ctx.db.supplierRequirement.deleteMany({
      where: { personnelId: LIAM, requirementTypeId: INDUCTION },
    });
    requirementId = (
      await data('olivia.admin', 'supplierRequirementCreate', {
        ...request({ requirementTypeId: INDUCTION }),
      })
    )._id;
  });

  it('refuses bad requests, writing nothing', async () => {
    const before = await ctx.db.supplierRequirement.count();
    const cases: [object, string][] = [
      [{ personnelId: null }, say.typeForPersonnel],
      [{ requirementTypeId: INSURANCE }, say.typeForCompany],
      [{ supplierId: ZENITH }, externalPartiesMessages.personnelNotOfSupplier],
      [{ reviewerEmployeeId: LIAM }, externalPartiesMessages.reviewerUnknown],
      [{ dueDate: addDays(today, -1) }, externalPartiesMessages.dueInPast],
    ];
    for (const [change, message] of cases) {
      const response = await call('olivia.admin', 'supplierRequirementCreate', request(change));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().response_message).toBe(message);
    }
    // Another organisation's types and suppliers are unknown there.
    const southbank = await call('sam.southbank', 'supplierRequirementCreate', request());
    expect(southbank.statusCode).toBe(400);
    expect(await ctx.db.supplierRequirement.count()).toBe(before);
  });

  it('shows a requirement to its provider, its company’s main account, its reviewer and the key only', async () => {
    const _id = requirementId;
    expect((await call('liam.personnel', 'supplierRequirementDetails', { _id })).statusCode).toBe(200);
    expect((await call('acme.supplier', 'supplierRequirementDetails', { _id })).statusCode).toBe(200);
    expect((await call('ethan.coordinator', 'supplierRequirementDetails', { _id })).statusCode).toBe(200);
    // Ava is another person of Acme; Sam is another organisation; Zoe's company has no portal.
    expect(
      (await call('ava.nguyen@acme-contracting.example', 'supplierRequirementDetails', { _id })).statusCode,
    ).toBe(404);
    expect((await call('sam.southbank', 'supplierRequirementDetails', { _id })).statusCode).toBe(404);
    const zoe = await call('zoe.noportal', 'supplierRequirementDetails', { _id });
    expect(zoe.statusCode).toBe(403);
    expect(zoe.json().error_code).toBe('supplier_portal_disabled');
    expect((await call(null, 'supplierRequirementDetails', { _id })).statusCode).toBe(401);

    // Uploading is the provider's; reviewing the reviewer's or the key's.
    expect((await upload('ethan.coordinator', { _id, expiryDate: addDays(today, 30) })).statusCode).toBe(403);
    expect(
      (await upload('ava.nguyen@acme-contracting.example', { _id, expiryDate: addDays(today, 30) }))
        .statusCode,
    ).toBe(404);
    const review = { _id, decision: 'approve' };
    expect((await call('liam.personnel', 'supplierRequirementReview', review)).statusCode).toBe(403);
    expect((await call('acme.supplier', 'supplierRequirementReview', review)).statusCode).toBe(403);
    expect((await call('sam.southbank', 'supplierRequirementReview', review)).statusCode).toBe(404);
    // Mia has neither the key's review nor the reviewer's seat once her key is gone.
    const mia = await ctx.db.user.findUniqueOrThrow({
      where: { username: 'mia.employee' },
      include: { employee: true },
    });
    const role = await ctx.db.role.findUniqueOrThrow({ where: { id: mia.employee!.roleId! } });
    const keys = role.access as Record<string, boolean>;
    await ctx.db.role.update({ where: { id: role.id }, data: { access: { ...keys, supplier: false } } });
    try {
      const refused = await call('mia.employee', 'supplierRequirementDetails', { _id });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().response_message).toBe(say.notReviewer);
      // Every call of the External Parties key refuses her at the gate, with valid bodies.
      const keyed: [string, object][] = [
        ['requirementTypeList', {}],
        ['requirementTypeSave', { name: 'Refused', appliesTo: 'company', expires: false }],
        ['requirementTypeSetActive', { _id: INDUCTION, isActive: false }],
        ['supplierRequirementCreate', request({ requirementTypeId: INDUCTION })],
        ['supplierRequirementList', {}],
        ['supplierRequirementResend', { _id }],
        ['supplierCompliance', { supplierId: ACME }],
      ];
      for (const [path, body] of keyed) {
        const response = await call('mia.employee', path, body);
        expect(response.statusCode, path).toBe(403);
        expect(response.json().error_code, path).toBe('access_key_missing');
      }
      // And nothing changed: Induction Certificate is still active.
      expect((await ctx.db.requirementType.findUniqueOrThrow({ where: { id: INDUCTION } })).isActive).toBe(
        true,
      );
    } finally {
      await ctx.db.role.update({ where: { id: role.id }, data: { access: keys } });
    }
  });

  it('shows a company its own compliance, and nobody else’s', async () => {
    const own = await data('acme.supplier', 'supplierCompliance', { supplierId: ACME });
    expect(own.supplierName).toBe('Acme Contracting');
    expect((await call('acme.supplier', 'supplierCompliance', { supplierId: ZENITH })).statusCode).toBe(404);
    expect((await call('liam.personnel', 'supplierCompliance', { supplierId: ACME })).statusCode).toBe(403);
    expect((await call('sam.southbank', 'supplierCompliance', { supplierId: ACME })).statusCode).toBe(404);
  });

  it('lists the register by state and search', async () => {
    const toProvide = await data('olivia.admin', 'supplierRequirementList', {
      state: 'toProvide',
      search: 'liam',
    });
    expect(toProvide.rows.some((row: { _id: string }) => row._id === requirementId)).toBe(true);
    expect(toProvide.rows.every((row: { state: string }) => row.state === 'toProvide')).toBe(true);
    const valid = await data('olivia.admin', 'supplierRequirementList', { state: 'valid' });
    expect(valid.rows.every((row: { state: string }) => row.state === 'valid')).toBe(true);
    const southbank = await data('sam.southbank', 'supplierRequirementList', {});
    expect(southbank.rows.some((row: { _id: string }) => row._id === requirementId)).toBe(false);
  });

  it('searches the company, type and person names (% literally) and counts up to 1,000, then says so', async () => {
    const company = (await ctx.db.supplierCompany.findUniqueOrThrow({ where: { id: ACME } })).companyId;
    const byType = await data('olivia.admin', 'supplierRequirementList', {
      search: 'liability INSUR',
      pageSize: 100,
    });
    expect(byType.rows.length).toBeGreaterThan(0);
    expect(
      byType.rows.every((row: { requirementTypeId: string }) => row.requirementTypeId === INSURANCE),
    ).toBe(true);
    const byCompany = await data('olivia.admin', 'supplierRequirementList', {
      search: 'acme contr',
      pageSize: 100,
    });
    expect(
      byCompany.rows.every((row: { supplierName: string }) => row.supplierName === 'Acme Contracting'),
    ).toBe(true);
    expect((await data('olivia.admin', 'supplierRequirementList', { search: '%' })).total).toBe(0);
    const before = await data('olivia.admin', 'supplierRequirementList', { supplierId: ZENITH });
    expect(before.totalCapped).toBeUndefined();
    expect(before.total).toBe(await ctx.db.supplierRequirement.count({ where: { supplierId: ZENITH } }));
    const far = new Date(`${addDays(today, 400)}T00:00:00Z`);
    // Approved, expiring in 10 days (its reminder already sent), due far ahead: no mail goes out.
    const expiring = { status: 'approved' as const, expiryReminderSentAt: new Date() };
    await ctx.db.supplierRequirement.createMany({
      data: pastTheCountCap(() => ({
        ...expiring,
        companyId: company,
        supplierId: ZENITH,
        requirementTypeId: INDUCTION,
        dueDate: far,
        expiryDate: new Date(`${addDays(today, 10)}T00:00:00Z`),
      })),
    });
    try {
      const capped = await data('olivia.admin', 'supplierRequirementList', {
        supplierId: ZENITH,
        state: 'expiringSoon',
      });
      expect(capped).toMatchObject({ total: 1000, totalCapped: true });
      expect(capped.rows.every((row: { state: string }) => row.state === 'expiringSoon')).toBe(true);
      // A search counts four pages past the one shown; the pager's Next moves the count on.
      const searched = { supplierId: ZENITH, search: 'induction certificate', pageSize: 10 };
      expect(await data('olivia.admin', 'supplierRequirementList', searched)).toMatchObject({
        total: 50,
        totalCapped: true,
      });
      const further = await data('olivia.admin', 'supplierRequirementList', { ...searched, page: 3 });
      expect(further).toMatchObject({ total: 70, totalCapped: true });
      expect(further.rows).toHaveLength(10);
      const compliance = await data('olivia.admin', 'supplierCompliance', { supplierId: ZENITH });
      expect(
        compliance.company.filter(
          (row: { requirementTypeId: string }) => row.requirementTypeId === INDUCTION,
        ),
      ).toHaveLength(1);
    } finally {
      await ctx.db.supplierRequirement.deleteMany({ where: { supplierId: ZENITH, dueDate: far } });
    }
  });
});

describe('reminders', () => {
  it('reminds once before the due date and once before an approved document expires', async () => {
    const reminders = new SupplierRequirementService(
      ctx.db,
      undefined as never,
      ctx.app.mail,
      undefined as never,
      {
        publicUrl: PUBLIC_URL,
        productName: 'Compass',
      },
    );
    // Everything seeded that is due soon or expiring is reminded in a first pass.
    await reminders.sendReminders();
    const first = await data('olivia.admin', 'requirementTypeSave', {
      name: 'Working at Heights',
      appliesTo: 'personnel',
      expires: true,
    });
    const { _id } = await data('olivia.admin', 'supplierRequirementCreate', {
      ...request({ requirementTypeId: first._id, dueDate: addDays(today, 2) }),
    });
    const liam = await ctx.db.personnel.findUniqueOrThrow({ where: { id: LIAM } });
    let from = smtp.received.length;
    expect(await reminders.sendReminders()).toBe(1);
    await mailTo(liam.email!, /^Reminder: Working at Heights/, from);
    expect(await reminders.sendReminders()).toBe(0);

    await ctx.db.supplierRequirement.update({
      where: { id: _id },
      data: { status: 'approved', expiryDate: new Date(`${addDays(today, 10)}T00:00:00Z`) },
    });
    from = smtp.received.length;
    expect(await reminders.sendReminders()).toBe(1);
    await mailTo(liam.email!, /^Working at Heights expires on/, from);
    expect(await reminders.sendReminders()).toBe(0);
  });
});
