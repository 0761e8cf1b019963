import {
  kioskMessages,
  messages,
  onSiteNowPath,
  visitorMessages,
  visitorRegisterPath,
  visitorSetupPath,
  type TVisitorQuestion,
} from '@compass/shared';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawOn,
  screenshot,
  SCREEN,
  shootWidths,
  signedInPage,
  useBrowser,
  useDatabase,
  waitForMail,
} from './browser';

const browser = useBrowser();
const db = useDatabase();

/** The page's own heading (the app header repeats it). */
const title = (page: Page, name?: string) =>
  page.locator('#main-content').getByRole('heading', { level: 1, ...(name && { name }) });

/** The demo's set-up workplace (its kiosk asks two questions and shows site rules) and a host there. */
const WORKPLACE = 'Riverside Depot';
const HOST = { name: 'Ethan Clarke', email: 'ethan.clarke@northwind.example' };
const KIOSK = 'Gatehouse tablet';
const QUESTION = 'Which vehicle registration did you arrive in?';
const PLATE = 'XKR-482';
const VISITOR = { name: 'Nadia Kowalski', company: 'Harbour Logistics', purpose: 'Quarterly freight review' };
/** Acme's personnel: her sign-in is matched to her personnel record. */
const CONTRACTOR = { name: 'Grace Hughes', company: 'Acme Contracting', purpose: 'Service the dock doors' };
/** A tablet at the entrance, held across and upright. */
const TABLET = { width: 1024, height: 768 };
const TABLET_UPRIGHT = { width: 768, height: 1024 };

/** What the steps hand on: the workplace, its setup as seeded (put back after), the kiosk and its link. */
const made = { workplaceId: '', kioskId: '', link: '' };
let seeded: { id: string; questions: TVisitorQuestion[]; takePhoto: boolean } | null = null;

beforeAll(async () => {
  const olivia = await db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
  const workplace = await db.workplace.findFirstOrThrow({
    where: { companyId: olivia.companyId, name: WORKPLACE },
  });
  made.workplaceId = workplace.id;
  const setup = await db.visitorSetup.findFirst({ where: { workplaceId: workplace.id } });
  seeded = setup && { ...setup, questions: setup.questions as TVisitorQuestion[] };
});

// The shared demo database as seeded: the setup's questions, and no visit or kiosk of this file.
afterAll(async () => {
  const mine = { fullName: { in: [VISITOR.name, CONTRACTOR.name] } };
  const visits = await db.visit.findMany({ where: mine, select: { id: true } });
  await db.attachment.deleteMany({
    where: { ownerType: 'visit', ownerId: { in: visits.map((visit) => visit.id) } },
  });
  await db.visit.deleteMany({ where: mine });
  if (made.kioskId) {
    await db.linkToken.deleteMany({ where: { resourceType: 'visitorKiosk', resourceId: made.kioskId } });
    await db.visitorKiosk.delete({ where: { id: made.kioskId } });
  }
  if (seeded)
    await db.visitorSetup.update({
      where: { id: seeded.id },
      data: { questions: seeded.questions, takePhoto: seeded.takePhoto },
    });
});

/** The kiosk device: a browser of its own (no session) opening the kiosk's link. */
async function kioskPage(viewport = TABLET): Promise<Page> {
  const page = await browser.page(viewport);
  const link = new URL(made.link);
  await page.goto(`${link.pathname}${link.search}`);
  return page;
}

/** A small photo, as the tablet's front camera would take one. */
const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#7c8da6' } })
    .png()
    .toBuffer();

/** The register's row of the visitor. */
const visitRow = (page: Page) =>
  page
    .getByRole('table', { name: 'Visits' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: VISITOR.name }) });

/**
 * Issue 45, Vismate ("Done when"): the admin sets up the depot's kiosk (a question more, a photo)
 * and registers a kiosk device; on the device, without a session, a visitor signs in with a host,
 * the answers, the site rules and a signature; the host is told by mail; the register and "On site
 * now" show the visitor; they sign out at the kiosk; a contractor of Acme signs in (matched to her
 * personnel record) and is signed out from the roll call; the revoked kiosk's link stops working.
 */
describe('a visitor from the kiosk to the register', () => {
  it('the admin sets up the workplace and registers a kiosk', async () => {
    const admin = await signedInPage(browser, 'olivia.admin');
    await admin.goto(visitorSetupPath());
    await title(admin, 'Vismate Setup').waitFor();
    await admin.getByRole('link', { name: WORKPLACE, exact: true }).click();
    await admin.waitForURL(`**${visitorSetupPath(made.workplaceId)}`);
    await title(admin, `Setup — ${WORKPLACE}`).waitFor();

    await admin.getByLabel('Ask for a signature').check();
    await admin.getByLabel('Tell the host by e-mail').check();
    await admin.getByLabel('Take a photo').check();
    const questions = admin.getByRole('region', { name: 'Questions' });
    await questions.getByRole('button', { name: 'Add question' }).click();
    const added = questions.getByRole('group').last();
    await added.getByLabel('Question', { exact: true }).fill(QUESTION);
    await added.getByLabel('Required').check();
    await admin.getByRole('button', { name: 'Save setup' }).click();
    await admin.getByText(visitorMessages.setupSaved).first().waitFor();
    const saved = await db.visitorSetup.findFirstOrThrow({ where: { workplaceId: made.workplaceId } });
    expect(saved).toMatchObject({ takeSignature: true, notifyHost: true, takePhoto: true });
    expect((saved.questions as TVisitorQuestion[]).at(-1)).toMatchObject({
      label: QUESTION,
      type: 'text',
      required: true,
    });

    const kiosks = admin.getByRole('region', { name: 'Kiosks' });
    await kiosks.getByRole('button', { name: 'Register kiosk' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Register kiosk' });
    await dialog.getByLabel('Kiosk name').fill(KIOSK);
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    const registered = admin.getByRole('dialog', { name: 'Kiosk registered' });
    await registered.getByText('Open this link on the kiosk device. It is shown only once.').waitFor();
    made.link = await registered.getByRole('textbox', { name: 'Kiosk link' }).inputValue();
    expect(made.link).toMatch(/\/configure-vismate\/kiosk\?authtoken=\S+$/);
    made.kioskId = (await db.visitorKiosk.findFirstOrThrow({ where: { name: KIOSK } })).id;
    await registered.getByRole('button', { name: 'Done' }).click();
    await kiosks
      .getByRole('row', { name: new RegExp(KIOSK) })
      .getByText('Active')
      .waitFor();
    await admin.setViewportSize(SCREEN.desktop);
    await screenshot(admin, 'vismate-setup');
    await admin.close();
  });

  it('a visitor signs in at the kiosk with a host, answers, a signature and a photo; the host is told', async () => {
    const setup = await db.visitorSetup.findFirstOrThrow({ where: { workplaceId: made.workplaceId } });
    const kiosk = await kioskPage();
    await kiosk.getByRole('heading', { level: 1, name: WORKPLACE }).waitFor();
    await kiosk.getByText('Northwind', { exact: false }).first().waitFor();
    await screenshot(kiosk, 'kiosk-start');
    await kiosk.getByRole('button', { name: 'Sign in', exact: true }).click();
    await kiosk.getByRole('button', { name: "I'm visiting" }).click();
    await kiosk.getByLabel('Full name').fill(VISITOR.name);
    await kiosk.getByLabel('Company', { exact: true }).fill(VISITOR.company);
    await kiosk.getByRole('combobox', { name: 'Who are you visiting?' }).fill(HOST.name.split(' ')[0]!);
    await kiosk.getByRole('option', { name: HOST.name }).click();
    await kiosk.getByLabel('Purpose of visit').fill(VISITOR.purpose);
    await kiosk.getByLabel('Phone').fill('0400 111 222');
    // The setup's questions as the kiosk asks them: a text box, or Yes and No.
    for (const question of setup.questions as TVisitorQuestion[]) {
      if (question.type === 'yesNo')
        await kiosk
          .getByRole('radiogroup', { name: question.label })
          .getByRole('radio', { name: 'No' })
          .check();
      else await kiosk.getByLabel(question.label).fill(question.label === QUESTION ? PLATE : 'None');
    }
    if (setup.siteRules) await kiosk.getByLabel('I have read and accept the site rules').check();
    await drawOn(kiosk, 'Signature');
    await kiosk
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
    await kiosk.getByRole('img', { name: 'Your photo' }).waitFor();
    // Across: the form's first fields as filled; upright: its end, the signature, photo and Sign in.
    await kiosk.evaluate(() => window.scrollTo(0, 0));
    await screenshot(kiosk, 'kiosk-sign-in');
    await kiosk.setViewportSize(TABLET_UPRIGHT);
    await kiosk.getByRole('button', { name: 'Sign in', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(kiosk, 'kiosk-sign-in-upright');
    await kiosk.getByRole('button', { name: 'Sign in', exact: true }).click();
    await kiosk.getByText(kioskMessages.welcome(VISITOR.name)).waitFor();

    const visit = await db.visit.findFirstOrThrow({ where: { fullName: VISITOR.name } });
    expect(visit).toMatchObject({ kind: 'visitor', visitorCompany: VISITOR.company, signOutAt: null });
    expect(visit.signature).toMatch(/^data:image\/png;base64,/);
    expect(visit.rulesAcceptedAt).not.toBeNull();
    expect(JSON.stringify(visit.answers)).toContain(PLATE);
    expect(await db.attachment.count({ where: { ownerType: 'visit', ownerId: visit.id } })).toBe(1);
    const mail = await waitForMail(HOST.email, VISITOR.name);
    expect(mail).toContain(`Company: ${VISITOR.company}`);
    expect(mail).toContain(`Purpose of visit: ${VISITOR.purpose}`);
    await kiosk.close();
  });

  it('the register, the visit and "On site now" show the visitor', async () => {
    const admin = await signedInPage(browser, 'olivia.admin');
    await admin.goto(visitorRegisterPath);
    await title(admin, 'Visitor Register').waitFor();
    const row = visitRow(admin);
    await row.waitFor();
    expect(await row.innerText()).toContain(HOST.name);
    expect(await row.innerText()).toContain('On site');
    await shootWidths(admin, 'vismate-register');

    const search = admin.getByRole('searchbox', { name: 'Search visitors' });
    await search.fill('kowal');
    await search.press('Enter');
    await expect.poll(() => admin.getByRole('table', { name: 'Visits' }).getByRole('link').count()).toBe(1);
    await row.getByRole('link', { name: VISITOR.name }).click();
    await title(admin, VISITOR.name).waitFor();
    await admin.getByText(PLATE).waitFor();
    await admin.getByRole('img', { name: 'Signature' }).waitFor();
    await admin.getByRole('img', { name: 'Photo' }).waitFor();
    await admin.getByRole('button', { name: 'Sign out' }).waitFor();

    await admin.goto(visitorRegisterPath);
    await admin.getByLabel('Workplace').selectOption({ label: WORKPLACE });
    await admin.getByRole('link', { name: 'On site now' }).click();
    await admin.waitForURL(`**${onSiteNowPath(made.workplaceId)}`);
    await title(admin, `On site now — ${WORKPLACE}`).waitFor();
    const visitors = admin.getByRole('table', { name: 'Visitors' });
    await visitors.getByRole('row', { name: new RegExp(VISITOR.name) }).waitFor();
    // Employees clocked in at the depot are on the roll call too (the demo has Chloe in today).
    const clockedIn = await db.timesheetRecord.findMany({
      where: { workplaceId: made.workplaceId, signOutAt: null },
    });
    expect(clockedIn.length).toBeGreaterThan(0);
    const employees = admin.getByRole('table', { name: 'Employees' });
    await expect.poll(() => employees.getByRole('row').count()).toBe(clockedIn.length + 1);
    for (const record of clockedIn)
      await employees.getByRole('row', { name: new RegExp(record.fullName) }).waitFor();
    const print = admin.getByRole('button', { name: 'Print roll call' });
    await print.waitFor();
    await screenshot(admin, 'vismate-on-site');
    // The printed roll call is the list alone, with the time it was read.
    await admin.emulateMedia({ media: 'print' });
    expect(await admin.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    expect(await print.isVisible()).toBe(false);
    await admin.getByText(/^Roll call at /).waitFor();
    await admin.emulateMedia({ media: 'screen' });
    await admin.close();
  });

  it('the visitor signs out at the kiosk and the register shows when', async () => {
    const kiosk = await kioskPage();
    await kiosk.getByRole('button', { name: 'Sign out', exact: true }).click();
    await kiosk.getByRole('searchbox', { name: 'Your name' }).fill(VISITOR.name.split(' ')[0]!);
    await kiosk
      .getByRole('listitem')
      .filter({ hasText: VISITOR.company })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await kiosk.getByText(kioskMessages.goodbye).waitFor();
    const visit = await db.visit.findFirstOrThrow({ where: { fullName: VISITOR.name } });
    expect(visit.signOutAt).not.toBeNull();
    expect(visit.signedOutById).toBeNull();
    await kiosk.close();

    const admin = await signedInPage(browser, 'olivia.admin');
    await admin.goto(visitorRegisterPath);
    const row = visitRow(admin);
    await row.waitFor();
    expect(await row.innerText()).not.toContain('On site');
    await admin.goto(onSiteNowPath(made.workplaceId));
    await title(admin, `On site now — ${WORKPLACE}`).waitFor();
    await admin.getByRole('region', { name: 'Visitors' }).waitFor();
    expect(await admin.getByText(VISITOR.name).count()).toBe(0);
    await admin.close();
  });

  it('a contractor signs in with their company, shows on the roll call and is signed out there', async () => {
    const kiosk = await kioskPage();
    await kiosk.getByRole('button', { name: 'Sign in', exact: true }).click();
    await kiosk.getByRole('button', { name: "I'm a contractor" }).click();
    await kiosk.getByLabel('Full name').fill(CONTRACTOR.name);
    await kiosk.getByRole('combobox', { name: 'Your company' }).fill('Acme');
    await kiosk.getByRole('option', { name: CONTRACTOR.company }).click();
    await kiosk.getByLabel('Purpose of visit').fill(CONTRACTOR.purpose);
    const setup = await db.visitorSetup.findFirstOrThrow({ where: { workplaceId: made.workplaceId } });
    for (const question of setup.questions as TVisitorQuestion[]) {
      if (question.type === 'yesNo')
        await kiosk
          .getByRole('radiogroup', { name: question.label })
          .getByRole('radio', { name: 'Yes' })
          .check();
      else if (question.required) await kiosk.getByLabel(question.label).fill('Van ABC-789');
    }
    // Nothing asked may be left out: the kiosk names what is missing first.
    await kiosk.getByRole('button', { name: 'Sign in', exact: true }).click();
    await kiosk.getByText(kioskMessages.rulesRequired).waitFor();
    await kiosk.getByText(kioskMessages.signatureRequired).waitFor();
    await kiosk.getByText(kioskMessages.photoRequired).waitFor();
    await kiosk.getByLabel('I have read and accept the site rules').check();
    await drawOn(kiosk, 'Signature');
    await kiosk
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
    await kiosk.getByRole('img', { name: 'Your photo' }).waitFor();
    await kiosk.getByRole('button', { name: 'Sign in', exact: true }).click();
    await kiosk.getByText(kioskMessages.welcome(CONTRACTOR.name)).waitFor();
    await kiosk.close();
    const visit = await db.visit.findFirstOrThrow({ where: { fullName: CONTRACTOR.name } });
    const grace = await db.personnel.findFirstOrThrow({
      where: { companyId: visit.companyId, firstName: 'Grace', lastName: 'Hughes' },
    });
    expect(visit).toMatchObject({
      kind: 'contractor',
      visitorCompany: CONTRACTOR.company,
      personnelId: grace.id,
    });

    const admin = await signedInPage(browser, 'olivia.admin');
    await admin.goto(onSiteNowPath(made.workplaceId));
    const contractors = admin.getByRole('table', { name: 'Contractors' });
    const row = contractors.getByRole('row', { name: new RegExp(CONTRACTOR.name) });
    await row.getByRole('button', { name: 'Sign out' }).click();
    await admin
      .getByRole('dialog', { name: 'Sign out visitor' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect.poll(() => row.count()).toBe(0);
    const olivia = await db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    expect(await db.visit.findUniqueOrThrow({ where: { id: visit.id } })).toMatchObject({
      signedOutById: olivia.employeeId,
    });
    await admin.close();
  });

  it('a revoked kiosk is no longer connected', async () => {
    const admin = await signedInPage(browser, 'olivia.admin');
    await admin.goto(visitorSetupPath(made.workplaceId));
    const row = admin.getByRole('region', { name: 'Kiosks' }).getByRole('row', { name: new RegExp(KIOSK) });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByRole('dialog', { name: 'Revoke kiosk' }).getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    await admin.close();

    const kiosk = await kioskPage();
    await kiosk.getByRole('heading', { name: 'This kiosk is not connected' }).waitFor();
    await kiosk.getByText(messages.links.revoked).or(kiosk.getByText(messages.links.unknown)).waitFor();
    await kiosk.close();

    // A made-up token is refused the same way.
    const stranger = await browser.page(TABLET);
    await stranger.goto('/configure-vismate/kiosk?authtoken=not-a-kiosk-token');
    await stranger.getByRole('heading', { name: 'This kiosk is not connected' }).waitFor();
    await stranger.getByText(messages.links.unknown).waitFor();
    await stranger.close();
  });
});
