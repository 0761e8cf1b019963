import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { issueActionLink, issueLink } from '../server/src/modules/links/service';
import { screenshot, signInThroughUi, useBrowser, useDatabase } from './browser';

const browser = useBrowser();
const HOME_SITE = 'https://www.compass-compliance.example/';
const db = useDatabase();

/** Liam's open action on form 1001, with the draft response he saved earlier. */
async function liamsGutterAction() {
  const liam = await db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } });
  return db.action.findFirstOrThrow({
    where: { assigneePersonnelId: liam.personnelId!, isComplete: false, instruction: { contains: 'gutter' } },
  });
}

describe('external task-action page', () => {
  it('lets liam.personnel complete his action through the mailed link without signing in', async () => {
    const action = await liamsGutterAction();
    const link = await db.$transaction((tx) => issueActionLink(tx, action));
    expect(link).not.toBeNull();
    const page = await browser.page();
    // The product's own site is outside this test: answer for it.
    await page.route(`${HOME_SITE}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Product site</h1>' }),
    );

    await page.goto(link!.path);
    await page.getByRole('heading', { name: action.instruction }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    const formLink = page.getByRole('link', { name: /FS \d+ · / });
    expect(await formLink.getAttribute('href')).toBe(
      `/login?companyId=${action.companyId}&submissionData=${action.submissionId}`,
    );
    expect(await page.getByLabel('Response').inputValue()).toBe(
      'Gutter cleared; bracket replacement booked.',
    );
    await screenshot(page, 'external-task-link');
    // Mails are mostly opened on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'external-task-link-phone');
    await page.setViewportSize({ width: 1366, height: 850 });

    const photo = await sharp({
      create: { width: 3200, height: 2400, channels: 3, background: { r: 90, g: 140, b: 60 } },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    await page
      .getByLabel('Add files')
      .setInputFiles({ name: 'gutter.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByText('gutter.jpg').waitFor();
    await page.getByLabel('Response').fill('Gutter cleared and the bracket replaced.');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('The action has been completed.').first().waitFor();
    await page.getByText('Saved. Taking you back in a moment…').waitFor();
    await screenshot(page, 'external-task-completed');
    await page.waitForURL(HOME_SITE);

    const saved = await db.action.findUniqueOrThrow({ where: { id: action.id } });
    expect(saved).toMatchObject({ isComplete: true, response: 'Gutter cleared and the bracket replaced.' });
    const [file] = await db.attachment.findMany({ where: { ownerType: 'action', ownerId: action.id } });
    expect(file).toMatchObject({ name: 'gutter.jpg', uploadedById: null });
    // Compressed in the browser (and again on the server): far smaller than the original photo.
    expect(file!.size).toBeLessThan(photo.length / 2);

    // The same link now shows the completed action, view-only.
    await page.goto(link!.path);
    await page.getByText(/^This action was completed on \d\d\/\d\d\/\d{4}\.$/).waitFor();
    expect(await page.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await screenshot(page, 'external-task-view-only');
    await page.close();
  });

  it('shows an expired link clearly', async () => {
    const action = await db.action.findFirstOrThrow({ where: { actionType: 'external', isComplete: false } });
    const expired = await db.$transaction((tx) =>
      issueLink(tx, {
        companyId: action.companyId,
        resourceType: 'action',
        resourceId: action.id,
        operations: ['read', 'update'],
        expiresAt: new Date(Date.now() - 60_000),
      }),
    );
    const page = await browser.page();
    await page.goto(
      `/form/form-submission/task-show/${action.submissionId}/${action.id}/${action.companyId}?authtoken=${expired.token}`,
    );
    await page.getByText('This link has expired. Please ask the sender for a new link.').waitFor();
    await screenshot(page, 'external-task-expired');
    await page.close();
  });

  it("shows an employee's clock-in QR code and a template's QR poster", async () => {
    const page = await browser.page();
    await signInThroughUi(page, 'ethan.coordinator');
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: /Profile menu for/ }).click();
    await page.getByRole('menuitem', { name: 'My clock-in QR code' }).click();
    await page.getByRole('img', { name: 'Clock-in QR code of Ethan Clarke' }).waitFor();
    await screenshot(page, 'my-clock-in-qr-code');
    await page.close();

    // The poster is for QR-type forms; an administrator prints it.
    const admin = await browser.page();
    await signInThroughUi(admin, 'olivia.admin');
    await admin.waitForURL('**/dashboard');
    await admin.goto('/form-submission/new');
    const posterButton = admin.getByRole('button', { name: 'Download the QR poster of Visitor Feedback' });
    await posterButton.waitFor();
    await screenshot(admin, 'submission-new-qr-poster');
    const [download] = await Promise.all([admin.waitForEvent('download'), posterButton.click()]);
    expect(download.suggestedFilename()).toBe('Visitor Feedback - QR poster.svg');
    const olivia = await db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const template = await db.formTemplate.findFirstOrThrow({
      where: { companyId: olivia.companyId, name: 'Visitor Feedback', formType: 'qr' },
    });
    const token = await admin.evaluate(() => localStorage.getItem('authToken'));
    await admin.setExtraHTTPHeaders({ authtoken: token ?? '' });
    // One A4 page at 96 dpi.
    await admin.setViewportSize({ width: 794, height: 1123 });
    const poster = await admin.goto(`/api/formTemplateQrPoster/${template.id}`);
    expect(poster?.status()).toBe(200);
    expect(poster?.headers()['content-type']).toContain('image/svg+xml');
    await screenshot(admin, 'form-template-qr-poster');
    await admin.close();
  });
});
