import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, signIn, type TestContext } from './helpers';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  token = await signIn(ctx.app, 'mia.employee');
});

describe('error_code', () => {
  it('names the reason of every error in the envelope, by status when nothing more specific applies', async () => {
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown, authtoken: string | null = token) =>
      ctx.app.inject({ method, url, payload: payload as object, headers: authtoken ? { authtoken } : {} });

    const invalid = await call('POST', '/api/formSubmissionHistory', { formSubmissionId: 'not-an-id' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error_code).toBe('invalid_input');

    const unknownCall = await call('GET', '/api/noSuchCall');
    expect(unknownCall.statusCode).toBe(404);
    expect(unknownCall.json().error_code).toBe('not_found');

    const missing = await call('POST', '/api/formSubmissionHistory', {
      formSubmissionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_code).toBe('not_found');

    const signedOut = await call('GET', '/api/permissions', undefined, null);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error_code).toBe('not_signed_in');
  });
});
