import { messages, UNSAFE_TEXT_MESSAGE } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPrisma } from '../src/db/prisma';
import { databaseErrorOf } from '../src/db/errors';
import { setupTestApp, signIn, type TestContext } from './helpers';

let ctx: TestContext;
let token: string;
let templateId: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  token = await signIn(ctx.app, 'ethan.coordinator');
  const templates = await post('/api/formTemplateList', {});
  templateId = templates.json().response_data[0]._id;
});

const post = (url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: { authtoken: token }, payload: payload as object });

/** A raw JSON body, so escapes such as \ud800 reach the server as the characters they name. */
const postRaw = (url: string, json: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { authtoken: token, 'content-type': 'application/json' },
    payload: json,
  });

const draft = (extra: object) => ({
  formTemplateId: templateId,
  formDescription: 'Hostile input',
  formDate: '2026-11-20',
  isDraft: 'yes',
  ...extra,
});

describe('hostile input is a clear 400 and changes nothing', () => {
  it('refuses NUL characters and unpaired surrogates anywhere in a body, a query or a path', async () => {
    const before = await ctx.db.formSubmission.count();
    for (const text of ['a\\u0000b', '\\ud800', 'x\\udfff', '\\udc00\\ud800']) {
      const response = await postRaw(
        '/api/formSubmissionSave',
        JSON.stringify(draft({ formDescription: '@' })).replace('"@"', `"${text}"`),
      );
      expect(response.statusCode, text).toBe(400);
      expect(response.json()).toMatchObject({
        response_message: UNSAFE_TEXT_MESSAGE,
        error_code: 'invalid_input',
        validation_errors: [{ field: 'formDescription', message: UNSAFE_TEXT_MESSAGE }],
      });
    }
    const key = await postRaw('/api/formSubmissionList', '{"\\u0000":1}');
    expect(key.statusCode).toBe(400);
    const query = await ctx.app.inject({ method: 'GET', url: '/api/configuration?companyId=%00' });
    expect(query.statusCode).toBe(400);
    const params = await ctx.app.inject({
      method: 'GET',
      url: '/api/notices/%ED%A0%80',
      headers: { authtoken: token },
    });
    expect(params.statusCode).toBe(400);
    expect(await ctx.db.formSubmission.count()).toBe(before);
  });

  it('refuses year 0000, integers beyond the database column and pages beyond range', async () => {
    const day = await post('/api/formSubmissionSave', draft({ formDate: '0000-01-01' }));
    expect(day.statusCode).toBe(400);
    const version = await post('/api/formSubmissionSave', draft({ version: 2 ** 31 }));
    expect(version.statusCode).toBe(400);
    const page = await post('/api/formSubmissionList', { page: 10 ** 9 });
    expect(page.statusCode).toBe(400);
    const notices = await post('/api/noticeboardList', { page: Number.MAX_SAFE_INTEGER });
    expect(notices.statusCode).toBe(400);
    const lastPage = await post('/api/formSubmissionList', { page: 1_000_000 });
    expect(lastPage.statusCode).toBe(200);
    expect(lastPage.json().response_data.rows).toEqual([]);
  });

  it('answers an address the router refuses (too long, not decodable) in the envelope', async () => {
    const long = await ctx.app.inject({ method: 'GET', url: `/api/notices/${'a'.repeat(500)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ response_code: 414, error_code: 'invalid_input' });
    const broken = await ctx.app.inject({ method: 'GET', url: '/api/notices/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ response_code: 400 });
  });

  it('answers a body nested far too deep in the envelope, never with a 5xx', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await postRaw('/api/formSubmissionList', deep);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().response_code).toBe(response.statusCode);
  });
});

describe('database errors that are the caller’s doing', () => {
  const failure = (work: () => Promise<unknown>) =>
    work().then(
      () => {
        throw new Error('expected the database to refuse');
      },
      (error: unknown) => error,
    );

  it('are mapped to 4xx in one place (duplicate 409, bad value 400, missing record 404)', async () => {
    const role = await ctx.db.role.findFirstOrThrow();
    const duplicate = await failure(() =>
      ctx.db.role.create({ data: { companyId: role.companyId, name: role.name, access: {} } }),
    );
    expect(databaseErrorOf(duplicate)).toMatchObject({
      statusCode: 409,
      message: messages.common.alreadyExists,
    });
    for (const statement of [
      `SELECT 2147483648::int4`,
      `SELECT '0000-01-01'::date`,
      `SELECT E'a\\x00'::text`,
    ]) {
      const error = await failure(() => ctx.db.$queryRawUnsafe(statement));
      expect(databaseErrorOf(error), statement).toMatchObject({ statusCode: 400 });
    }
    const missing = await failure(() =>
      ctx.db.role.update({ where: { id: '00000000-0000-4000-8000-000000000000' }, data: { name: 'x' } }),
    );
    expect(databaseErrorOf(missing)).toMatchObject({ statusCode: 404 });
  });

  it('an unreachable database is a 503', async () => {
    const nowhere = createPrisma('postgresql://nobody:nothing@127.0.0.1:1/none', 1);
    const error = await failure(() => nowhere.$queryRawUnsafe('SELECT 1'));
    await nowhere.$disconnect();
    expect(databaseErrorOf(error)).toMatchObject({
      statusCode: 503,
      message: messages.common.serviceUnavailable,
    });
  });

  it('leaves programming faults alone: they stay 500s with their details in the log', () => {
    expect(databaseErrorOf(new Error('undefined is not a function'))).toBeNull();
    expect(databaseErrorOf({ code: '42P01' })).toBeNull();
  });
});
