// The app and helpers of the dashboard API tests (dashboard.test.ts, dashboardPeriodsAndAccess.test.ts).
import { localDateOf } from '@compass/shared';
import request from 'supertest';
import { beforeAll, expect } from 'vitest';
import { demoId } from '../../seed/demo';
import { setupTestApp, signIn, type TestContext } from './helpers';

export let ctx: TestContext;
export const api = () => request(ctx.app.server);

/** The seed dates items from the machine's local day; the dashboard reads days in this zone. */
export const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
export const SYDNEY = 'Australia/Sydney';
export const today = (zone = ZONE) => localDateOf(new Date(), zone);
export const nw = (kind: string, key: string) => demoId(`nw:${kind}:${key}`);
export const sb = (kind: string, key: string) => demoId(`sb:${kind}:${key}`);
export const NORTHWIND = demoId('nw:company');
export const SOUTHBANK = demoId('sb:company');
export const asDay = (value: string) => new Date(`${value}T00:00:00.000Z`);

export type Item = { _id: string; dueDate?: string; formDate?: string; completeBy?: string } & Record<
  string,
  unknown
>;
export type SectionBody = { total: number; list: Item[] };
export type Sections = Record<string, SectionBody>;

export const tokens = new Map<string, string>();
export async function tokenOf(username: string): Promise<string> {
  let token = tokens.get(username);
  if (!token) {
    token = await signIn(ctx.app, username);
    tokens.set(username, token);
  }
  return token;
}

export async function post(username: string, path: string, body: Record<string, unknown> = {}) {
  return api()
    .post(`/api/${path}`)
    .set('authtoken', await tokenOf(username))
    .send(body);
}

export async function data(username: string, path: string, body: Record<string, unknown> = {}) {
  const res = await post(username, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.response_code).toBe(200);
  return res.body.response_data;
}

export const dashboard = async (username: string, zone = ZONE): Promise<Sections> =>
  (await data(username, 'dashboardList', { localTimeZone: zone })).list;

export const dueOf = (item: Item) => (item.dueDate ?? item.formDate ?? item.completeBy) as string;
export const ids = (section: SectionBody) => section.list.map((item) => item._id);

/** A new Northwind employee with a sign-in and nothing assigned: exact totals are known. */
let freshCount = 0;
export async function freshEmployee(): Promise<{ username: string; employeeId: string }> {
  freshCount += 1;
  const template = await ctx.db.user.findUniqueOrThrow({
    where: { username: 'mia.employee' },
    include: { employee: true },
  });
  // Mia's role: the dashboard lists only the items whose pages the role opens (dashboard/openers.ts).
  const employee = await ctx.db.employee.create({
    data: {
      companyId: NORTHWIND,
      firstName: 'Fresh',
      lastName: `Tester${freshCount}`,
      roleId: template.employee!.roleId,
    },
  });
  const username = `dash.fresh${freshCount}`;
  await ctx.db.user.create({
    data: {
      companyId: NORTHWIND,
      username,
      passwordHash: template.passwordHash,
      userType: 'employee',
      employeeId: employee.id,
    },
  });
  return { username, employeeId: employee.id };
}

export const SUBMISSION_1003 = nw('submission', '1003');
let nextTaskNumber = 100;
export function actionRow(employeeId: string, due: string, extra: Record<string, unknown> = {}) {
  nextTaskNumber += 1;
  return {
    companyId: NORTHWIND,
    submissionId: SUBMISSION_1003,
    taskNumber: nextTaskNumber,
    instruction: `Test action ${nextTaskNumber}`,
    assigneeEmployeeId: employeeId,
    dueDate: asDay(due),
    ...extra,
  };
}
export function scheduledRow(employeeId: string, due: string) {
  return {
    companyId: NORTHWIND,
    sectionType: 'reminder' as const,
    title: `Reminder due ${due}`,
    assignForEmployeeId: employeeId,
    dueDate: asDay(due),
  };
}

/** The app of a test file over its own copy of the seeded database. Call once at the top of a test file. */
export function useDashboardApp(): void {
  beforeAll(async () => {
    ctx = await setupTestApp();
  });
}
