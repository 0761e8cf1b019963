import { randomUUID } from 'node:crypto';
import { RECORDS_COUNT_CAP } from '@compass/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { createPrisma, type Db } from '../src/db/prisma';
import { LocalFileStorage } from '../src/plugins/storage';
import { validateResponses } from './responseValidation';

export const DEMO_PASSWORD = 'Demo@1234';

/**
 * A fresh copy of the migrated, seeded template database (or, `empty`, a migrated database with
 * no organisation at all; `blank`, a database without even the migrations); dropped when the
 * file's tests end.
 */
export async function createTestDatabase({ empty = false, blank = false } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    empty || blank ? `CREATE DATABASE "${name}"` : `CREATE DATABASE "${name}" TEMPLATE compass_template`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (empty) await migrate(url.toString());
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The answers of the file's apps that the OpenAPI document does not describe (responseValidation.ts):
 * the file fails when there is any. Registered when the file imports this module, as vitest runs no
 * afterAll registered from inside a beforeAll.
 */
const mismatches: string[] = [];
afterAll(() => {
  expect(mismatches, 'answers the OpenAPI document does not describe').toEqual([]);
});
/** Checks every answer of an app built by a test against its OpenAPI document (before `ready`). */
export const checkAnswers = (app: FastifyInstance) => validateResponses(app, mismatches);

/** The apps and databases setupTestApp made, closed and dropped when the file's tests end (at file level, as above). */
const closeAfterFile: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closeAfterFile.splice(0).reverse()) await close();
});

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  /** The file's database: a test that starts a second app (a second process) connects to it. */
  databaseUrl: string;
}

/** The real app over its own database, closed after the file's tests. */
export async function setupTestApp(
  configOverrides: Record<string, string> = {},
  { now }: { now?: () => Date } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const db = createPrisma(database.url, 5);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '', ...configOverrides });
  const app = await buildApp({ config, db, databaseUrl: database.url, now });
  checkAnswers(app);
  await app.ready();
  closeAfterFile.push(async () => {
    await app.close();
    await db.$disconnect();
    await database.drop();
  });
  return { app, db, databaseUrl: database.url };
}

/** Signs in through the real endpoint and returns the session token. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/signIn',
    payload: { username, password, appType: 'web' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  return response.json().response_data.authToken as string;
}

/** The demo users the feature tests act as: coordinator, admin, employee, another organisation, personnel. */
export const DEMO_USERS = [
  'ethan.coordinator',
  'olivia.admin',
  'mia.employee',
  'sam.southbank',
  'liam.personnel',
] as const;

/** Signs the users in one after another and returns their session tokens by username. */
export async function signInAll(
  app: FastifyInstance,
  usernames: readonly string[] = DEMO_USERS,
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const username of usernames) tokens[username] = await signIn(app, username);
  return tokens;
}

/**
 * A small PDF stored (in `storageDir`, the app's FILE_STORAGE_DIR) as a file of the action: its id,
 * and the GET of it through /api/files as a signed-in user of `tokens`.
 */
export async function actionFile(
  ctx: TestContext,
  tokens: Record<string, string>,
  storageDir: string,
  action: { id: string; companyId: string },
) {
  const storageKey = await new LocalFileStorage(storageDir).put(Buffer.from('%PDF-1.4 file'), 'pdf');
  const attachment = await ctx.db.attachment.create({
    data: {
      companyId: action.companyId,
      ownerType: 'action',
      ownerId: action.id,
      name: 'file.pdf',
      storageKey,
      mimeType: 'application/pdf',
      size: 13,
    },
  });
  const get = (as: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/files/${attachment.id}`,
      headers: { authtoken: tokens[as]! },
    });
  return { id: attachment.id, get };
}

/** A demo user's employee record (who a test names as owner, assignee or auditor). */
export async function employeeOf(db: Db, username: string) {
  const user = await db.user.findUniqueOrThrow({ where: { username }, include: { employee: true } });
  return user.employee!;
}

/**
 * POST calls of the API: `call` answers the response, `data` its response_data after checking it is
 * 200. `as` is a username of `tokens` (signed in by the file), a session token, or null (no session).
 * Both are read when a call is made, so a file may set them in beforeAll.
 */
/** A register item's open review: the `_id` its review details give, which a completion names. */
export async function openReviewId(db: Db, itemId: string): Promise<string> {
  return (await db.review.findFirstOrThrow({ where: { itemId, completedAt: null } })).id;
}

export function apiCalls(ctx: () => TestContext, tokens: () => Record<string, string>) {
  const call = (as: string | null, path: string, payload?: object) =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: as ? { authtoken: tokens()[as] ?? as } : {},
      ...(payload && { payload }),
    });
  const data = async (as: string, path: string, payload?: object) => {
    const response = await call(as, path, payload);
    if (response.statusCode !== 200)
      throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    return response.json().response_data;
  };
  return { call, data };
}

/** Sets access keys of a user's role; the session reads the role on every call, so it counts at once. */
export async function setRoleKeys(db: Db, username: string, keys: Record<string, boolean>) {
  const user = await db.user.findUniqueOrThrow({ where: { username }, include: { employee: true } });
  const role = await db.role.findUniqueOrThrow({ where: { id: user.employee!.roleId! } });
  await db.role.update({
    where: { id: role.id },
    data: { access: { ...(role.access as Record<string, boolean>), ...keys } },
  });
  return user;
}

/** A multipart/form-data body of text fields and files (sent under the field name `files`). */
export function multipartPayload(
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[],
): { payload: Buffer; contentType: string } {
  const boundary = `----compass${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One more row than a list counts (RECORDS_COUNT_CAP), made by `make`: its count then says it stopped. */
export const pastTheCountCap = <T>(make: (index: number) => T): T[] =>
  Array.from({ length: RECORDS_COUNT_CAP + 1 }, (_, index) => make(index));

/** Waits until a connection of `client`'s database LISTENs on `channel` (an app's cache, once it hears changes). */
export async function someoneListens(client: pg.Client, channel: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
            [`LISTEN ${channel}`],
          )
        ).rows[0]!.n,
      { timeout: 5_000, interval: 20 },
    )
    .toBeGreaterThanOrEqual(1);
}
