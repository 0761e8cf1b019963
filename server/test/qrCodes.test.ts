import { messages } from '@compass/shared';
import QRCode from 'qrcode';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, signInAll, type TestContext } from './helpers';

const PUBLIC_URL = 'https://compass.example.test';
let ctx: TestContext;
const api = () => request(ctx.app.server);
const tokens: Record<string, string> = {};

const userOf = (username: string) => ctx.db.user.findUniqueOrThrow({ where: { username } });
/** The code the server must have drawn for this text (same options as the service). */
const expectedCode = (text: string) =>
  QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
/** A GET whose answer is read as text (the SVG documents). */
const getText = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authtoken: token } });
/** The modules of a QR code SVG (its dark path), to find the code inside the poster. */
const modulesOf = (svg: string) => /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];

beforeAll(async () => {
  ctx = await setupTestApp({ PUBLIC_URL });
  Object.assign(tokens, await signInAll(ctx.app));
});

describe('employee clock-in QR code', () => {
  it("draws the employee's own code, which opens their clock-in page", async () => {
    const ethan = await userOf('ethan.coordinator');
    const res = await getText(`/api/employeeClockInQr/${ethan.employeeId}`, tokens['ethan.coordinator']!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toBe(await expectedCode(`${PUBLIC_URL}/employeeclockin/${ethan.employeeId}`));
  });

  it("is refused for someone else's code without the visitor register, and is 404 across organisations", async () => {
    const ethan = await userOf('ethan.coordinator');
    const personnel = await api()
      .get(`/api/employeeClockInQr/${ethan.employeeId}`)
      .set('authtoken', tokens['liam.personnel']!);
    expect(personnel.status).toBe(403);
    expect(personnel.body.response_message).toBe(messages.qrCodes.notYourCode);
    const southbank = await api()
      .get(`/api/employeeClockInQr/${ethan.employeeId}`)
      .set('authtoken', tokens['sam.southbank']!);
    expect(southbank.status).toBe(404);
    expect(southbank.body.response_message).toBe(messages.clockIn.notFound);
    expect((await api().get(`/api/employeeClockInQr/${ethan.employeeId}`)).status).toBe(401);
  });
});

describe('form template QR poster', () => {
  it("prints the template's guest form code with the organisation and template names", async () => {
    const ethan = await userOf('ethan.coordinator');
    const template = await ctx.db.formTemplate.create({
      data: {
        companyId: ethan.companyId,
        name: 'Site Visit Feedback',
        formType: 'qr',
        coordinatorEmployeeId: ethan.employeeId,
        emailNotification: [],
      },
    });
    const company = await ctx.db.company.findUniqueOrThrow({ where: { id: ethan.companyId } });
    for (const username of ['ethan.coordinator', 'olivia.admin']) {
      const res = await getText(`/api/formTemplateQrPoster/${template.id}`, tokens[username]!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      const svg = res.body;
      const target = `${PUBLIC_URL}/qr/form-submission/${ethan.employeeId}/${template.id}/${ethan.companyId}`;
      expect(svg).toContain(target);
      expect(svg).toContain(company.name);
      expect(svg).toContain(messages.qrCodes.posterCall);
      expect(modulesOf(svg)).toBe(modulesOf(await expectedCode(target)));
    }
  });

  it('names the administrator printing it when the template has no coordinator, and escapes the names', async () => {
    const olivia = await userOf('olivia.admin');
    const template = await ctx.db.formTemplate.create({
      data: {
        companyId: olivia.companyId,
        name: 'Visitor <sign-in> & "feedback"',
        formType: 'qr',
        emailNotification: [],
      },
    });
    const res = await getText(`/api/formTemplateQrPoster/${template.id}`, tokens['olivia.admin']!);
    expect(res.statusCode).toBe(200);
    const svg = res.body;
    expect(svg).toContain(`/qr/form-submission/${olivia.employeeId}/${template.id}/`);
    expect(svg).toContain('Visitor &lt;sign-in&gt; &amp; &quot;feedback&quot;');
    expect(svg).not.toContain('<sign-in>');
  });

  it('is refused to other employees and is 404 for another organisation', async () => {
    const ethan = await userOf('ethan.coordinator');
    const template = await ctx.db.formTemplate.findFirstOrThrow({
      where: { companyId: ethan.companyId, coordinatorEmployeeId: ethan.employeeId },
    });
    const mia = await api()
      .get(`/api/formTemplateQrPoster/${template.id}`)
      .set('authtoken', tokens['mia.employee']!);
    expect(mia.status).toBe(403);
    expect(mia.body.response_message).toBe(messages.common.forbidden);
    const southbank = await api()
      .get(`/api/formTemplateQrPoster/${template.id}`)
      .set('authtoken', tokens['sam.southbank']!);
    expect(southbank.status).toBe(404);
    const southbankTemplate = await ctx.db.formTemplate.findFirstOrThrow({
      where: { NOT: { companyId: ethan.companyId } },
    });
    const across = await api()
      .get(`/api/formTemplateQrPoster/${southbankTemplate.id}`)
      .set('authtoken', tokens['olivia.admin']!);
    expect(across.status).toBe(404);
  });

  it('is refused with a clear message for a form that guests cannot fill in', async () => {
    const ethan = await userOf('ethan.coordinator');
    const template = await ctx.db.formTemplate.findFirstOrThrow({
      where: { companyId: ethan.companyId, coordinatorEmployeeId: ethan.employeeId, NOT: { formType: 'qr' } },
    });
    const res = await api()
      .get(`/api/formTemplateQrPoster/${template.id}`)
      .set('authtoken', tokens['ethan.coordinator']!);
    expect(res.status).toBe(400);
    expect(res.body.response_message).toBe(messages.qrCodes.posterNotQr);
  });
});
