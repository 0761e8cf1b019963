import { messages } from '@compass/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, signIn, type TestContext } from './helpers';

let ctx: TestContext;
const api = () => request(ctx.app.server);
let liam: { supplierId: string | null; personnelId: string | null };
let token: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  liam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } });
  token = await signIn(ctx.app, 'liam.personnel');
});

const update = (email: string, overrides: Record<string, unknown> = {}, authtoken = token) =>
  api()
    .post('/api/updateUsername')
    .set('authtoken', authtoken)
    .send({
      userType: 'supplier',
      supplierId: liam.supplierId,
      personnelId: liam.personnelId,
      email,
      ...overrides,
    });

describe('POST /api/updateUsername', () => {
  it('needs a session', async () => {
    const res = await api().post('/api/updateUsername').send({ email: 'a@b.example' });
    expect(res.status).toBe(401);
  });

  it.each([
    ['', messages.updateUsername.emailRequired],
    ['   ', messages.updateUsername.emailRequired],
    ['liam.walker', messages.updateUsername.emailInvalid],
    ['liam@walker', messages.updateUsername.emailInvalid],
    ['liam walker@acme.example', messages.updateUsername.emailInvalid],
  ])('answers %j with the specification message', async (email, message) => {
    const res = await update(email);
    expect(res.status).toBe(400);
    expect(res.body.response_message).toBe(message);
    expect(res.body.validation_errors).toContainEqual({ field: 'email', message });
  });

  it("refuses another supplier's or personnel's id with 403", async () => {
    const zoe = await ctx.db.user.findUniqueOrThrow({ where: { username: 'zoe.noportal' } });
    expect((await update('liam@acme.example', { supplierId: zoe.supplierId })).status).toBe(403);
    expect((await update('liam@acme.example', { personnelId: zoe.personnelId })).status).toBe(403);
    expect((await update('liam@acme.example', { userType: 'employee' })).status).toBe(403);
  });

  it('refuses employees', async () => {
    const employee = await signIn(ctx.app, 'mia.employee');
    const res = await update(
      'mia@northwind.example',
      { userType: 'employee', supplierId: null, personnelId: null },
      employee,
    );
    expect(res.status).toBe(403);
  });

  it('refuses an address that is already the username of another account (any case)', async () => {
    for (const email of ['ava.nguyen@acme-contracting.example', 'AVA.Nguyen@Acme-Contracting.example']) {
      const res = await update(email);
      expect(res.status).toBe(409);
      expect(res.body.response_message).toBe(messages.updateUsername.inUse);
    }
  });

  it('sets the username and the e-mail; the new username signs in', async () => {
    const res = await update('  Liam.Walker@Acme.example ');
    expect(res.status).toBe(200);
    expect(res.body.response_message).toBe(messages.updateUsername.done);
    const user = await ctx.db.user.findFirstOrThrow({ where: { personnelId: liam.personnelId } });
    expect(user).toMatchObject({ username: 'liam.walker@acme.example', email: 'liam.walker@acme.example' });
    await signIn(ctx.app, 'liam.walker@acme.example');
  });
});
