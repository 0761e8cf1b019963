import { randomUUID } from 'node:crypto';
import {
  addDays,
  localDateOf,
  type AccessKey,
  type TrainingStanding,
  type TTrainingMatrix,
  type TTrainingMatrixRequest,
} from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReader, type Reader } from '../src/db/reader';
import { TrainingMatrix } from '../src/modules/onlineTraining/matrix';
import type { AuthContext } from '../src/plugins/auth';
import { setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * The training matrix (issue 43; docs/online-training.md, "The training matrix"), read through its
 * class (the standings, filters and scope) and its calls (the caller kinds, the CSV). People of a workplace of their own with two courses in every
 * standing, written with Prisma: Ann done and due, Ben overdue and not passed, Cat expired (a
 * refresher after a pass) and not assigned (withdrawn), Dan due (awaiting review on its last day)
 * and done (a later withdrawal ignored), Eve nothing. Olivia holds hrAdmin; Mia, without it,
 * manages Ann and Ben; Ethan neither holds it nor manages anyone; Sam is another organisation's.
 */
let ctx: TestContext;
let reader: Reader;
let matrix: TrainingMatrix;
let companyId: string;
let timeZone: string;
let today: string;
const ids = { workplace: '', forklift: '', ladders: '' };
const people: Record<'ann' | 'ben' | 'cat' | 'dan' | 'eve', string> = {
  ann: '',
  ben: '',
  cat: '',
  dan: '',
  eve: '',
};
/** The instant Ann passed the forklift course: a morning, the same day in every time zone's reading here. */
const ANN_PASSED = new Date('2026-03-02T02:00:00Z');

/** A caller as the session would make it, from a user's records. */
async function authOf(
  username: string,
  userType: AuthContext['userType'] = 'employee',
): Promise<AuthContext> {
  const user = await ctx.db.user.findUniqueOrThrow({
    where: { username },
    include: { company: true, employee: { include: { role: true } } },
  });
  const access = (user.employee?.role?.access ?? {}) as Record<string, boolean>;
  return {
    sessionId: randomUUID(),
    token: randomUUID(),
    userId: user.id,
    companyId: user.companyId,
    timeZone: user.company.timeZone,
    userType,
    employeeId: userType === 'employee' ? user.employeeId : null,
    supplierId: user.supplierId,
    personnelId: null,
    isForceUpdatePassword: false,
    supplier: null,
    accessKeys: new Set(Object.keys(access).filter((key) => access[key]) as AccessKey[]),
  };
}

beforeAll(async () => {
  ctx = await setupTestApp();
  reader = createReader(ctx.databaseUrl, 2);
  matrix = new TrainingMatrix(reader);
  const mia = await setRoleKeys(ctx.db, 'mia.employee', { hrAdmin: false });
  companyId = mia.companyId;
  // Mia's reports are the two of this file's.
  await ctx.db.employee.updateMany({
    where: { managerEmployeeId: mia.employeeId },
    data: { managerEmployeeId: null },
  });
  timeZone = (await ctx.db.company.findUniqueOrThrow({ where: { id: companyId } })).timeZone;
  today = localDateOf(new Date(), timeZone);
  const suffix = randomUUID().slice(0, 6);
  ids.workplace = (await ctx.db.workplace.create({ data: { companyId, name: `Matrix Depot ${suffix}` } })).id;
  const position = await ctx.db.position.create({ data: { companyId, name: `Matrix Operator ${suffix}` } });
  const course = (name: string) =>
    ctx.db.trainingCourse.create({ data: { companyId, name: `${name} ${suffix}`, currentVersion: 1 } });
  ids.forklift = (await course('Matrix Forklift')).id;
  ids.ladders = (await course('Matrix Ladders')).id;
  for (const [index, key] of (['ann', 'ben', 'cat', 'dan', 'eve'] as const).entries()) {
    const name = key[0]!.toUpperCase() + key.slice(1);
    const employee = await ctx.db.employee.create({
      data: {
        companyId,
        firstName: name,
        lastName: `Matrix${suffix}`,
        employeeNumber: `MX-${suffix}-${index}`,
        workplaceId: ids.workplace,
        positionId: index === 4 ? null : position.id,
        managerEmployeeId: key === 'ann' || key === 'ben' ? mia.employeeId : null,
      },
    });
    people[key] = employee.id;
  }
  let minute = 0;
  /** An assignment, each one created a minute after the one before (the latest is the last written). */
  const assign = (
    employee: keyof typeof people,
    courseId: string,
    status: 'assigned' | 'awaitingReview' | 'passed' | 'failed' | 'cancelled',
    completeBy: string,
    extra: { passedAt?: Date; score?: number; lastAttemptId?: string } = {},
  ) =>
    ctx.db.onlineTrainingAssignment.create({
      data: {
        companyId,
        courseId,
        employeeId: people[employee],
        status,
        completeBy: new Date(`${completeBy}T00:00:00Z`),
        expectationDuration: 10,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute++)),
        ...extra,
      },
    });
  await assign('ann', ids.forklift, 'passed', '2026-03-10', {
    passedAt: ANN_PASSED,
    score: 90,
    lastAttemptId: randomUUID(),
  });
  await assign('ann', ids.ladders, 'assigned', addDays(today, 10));
  await assign('ben', ids.forklift, 'assigned', addDays(today, -5));
  await assign('ben', ids.ladders, 'failed', addDays(today, -20), { lastAttemptId: randomUUID() });
  await assign('cat', ids.forklift, 'passed', '2025-06-01', { passedAt: new Date('2025-05-20T02:00:00Z') });
  await assign('cat', ids.forklift, 'assigned', addDays(today, -3));
  await assign('cat', ids.ladders, 'cancelled', addDays(today, 5));
  await assign('dan', ids.forklift, 'awaitingReview', today, { lastAttemptId: randomUUID() });
  await assign('dan', ids.ladders, 'failed', '2025-01-10');
  await assign('dan', ids.ladders, 'passed', '2025-09-10', {
    passedAt: new Date('2025-09-01T02:00:00Z'),
    score: 100,
  });
  await assign('dan', ids.ladders, 'cancelled', addDays(today, 30));
});

afterAll(async () => {
  await reader.close();
});

const page = async (as: AuthContext, request: TTrainingMatrixRequest = {}): Promise<TTrainingMatrix> =>
  matrix.page(as, { page: 1, pageSize: 20, ...request }).load();

/** The depot's matrix as HR sees it: each person's name with their cells' standings and days. */
async function depot(request: TTrainingMatrixRequest = {}) {
  const answer = await page(await authOf('olivia.admin'), { workplaceId: ids.workplace, ...request });
  return {
    ...answer,
    standings: answer.rows.map((row) => [
      row.employee.name.split(' ')[0],
      ...row.cells.map((cell) => (cell.day ? `${cell.standing} ${cell.day}` : cell.standing)),
    ]),
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { statusCode?: number }) => error.statusCode,
  );

describe('the training matrix', () => {
  it('shows each person where they stand in each course by their latest assignment, withdrawn ones aside', async () => {
    const answer = await depot();
    expect(answer.columns.map((column) => column._id)).toEqual([ids.forklift, ids.ladders]);
    expect(answer.total).toBe(5);
    expect(answer.standings).toEqual([
      ['Ann', 'done 2026-03-02', `due ${addDays(today, 10)}`],
      ['Ben', `overdue ${addDays(today, -5)}`, 'failed'],
      ['Cat', `expired ${addDays(today, -3)}`, 'notAssigned'],
      ['Dan', `due ${today}`, 'done 2025-09-01'],
      ['Eve', 'notAssigned', 'notAssigned'],
    ]);
    const ann = answer.rows[0]!;
    expect(ann.position).toMatch(/^Matrix Operator/);
    expect(ann.workplace).toMatch(/^Matrix Depot/);
    expect(ann.cells[0]).toMatchObject({ courseId: ids.forklift, score: 90 });
    expect(ann.cells[0]!.lastAttemptId).toEqual(expect.any(String));
    expect(ann.cells[1]).toMatchObject({ score: null, lastAttemptId: null });
    expect(ann.cells[1]!.assignmentId).toEqual(expect.any(String));
    expect(answer.rows[2]!.cells[1]).toMatchObject({ assignmentId: null, day: null });
    expect(answer.rows[4]!.position).toBeNull();
  });

  it('narrows the columns to the course chosen and the people to its filters', async () => {
    const ladders = await depot({ courseId: ids.ladders });
    expect(ladders.columns.map((column) => column._id)).toEqual([ids.ladders]);
    expect(ladders.standings.map((row) => row[1])).toEqual([
      `due ${addDays(today, 10)}`,
      'failed',
      'notAssigned',
      'done 2025-09-01',
      'notAssigned',
    ]);
    expect((await depot({ search: 'cat' })).standings.map((row) => row[0])).toEqual(['Cat']);
    expect((await depot({ search: `MX-` })).total).toBe(5);
    const numbered = await ctx.db.employee.findUniqueOrThrow({ where: { id: people.dan } });
    expect((await depot({ search: numbered.employeeNumber! })).standings.map((row) => row[0])).toEqual([
      'Dan',
    ]);
    const position = await ctx.db.employee.findUniqueOrThrow({ where: { id: people.ann } });
    expect((await depot({ positionId: position.positionId! })).total).toBe(4);
  });

  it('finds the people of a standing in the course chosen or in any course, as trainingStanding says', async () => {
    const wanted: Record<Exclude<TrainingStanding, 'notAssigned'>, { any: string[]; ladders: string[] }> = {
      done: { any: ['Ann', 'Dan'], ladders: ['Dan'] },
      due: { any: ['Ann', 'Dan'], ladders: ['Ann'] },
      overdue: { any: ['Ben'], ladders: [] },
      expired: { any: ['Cat'], ladders: [] },
      failed: { any: ['Ben'], ladders: ['Ben'] },
    };
    for (const [standing, { any, ladders }] of Object.entries(wanted)) {
      const filtered = await depot({ standing: standing as keyof typeof wanted });
      expect(
        filtered.standings.map((row) => row[0]),
        standing,
      ).toEqual(any);
      for (const row of filtered.standings) expect(row.slice(1).join(), standing).toContain(standing);
      const inLadders = await depot({ standing: standing as keyof typeof wanted, courseId: ids.ladders });
      expect(
        inLadders.standings.map((row) => row[0]),
        standing,
      ).toEqual(ladders);
      expect(inLadders.total).toBe(ladders.length);
    }
  });

  it('pages the people by name with the total of them all', async () => {
    const first = await depot({ pageSize: 2 });
    const third = await depot({ pageSize: 2, page: 3 });
    expect(first.standings.map((row) => row[0])).toEqual(['Ann', 'Ben']);
    expect(third.standings.map((row) => row[0])).toEqual(['Eve']);
    expect([first.total, third.total]).toEqual([5, 5]);
    // Eve alone has no assignment: her page has no columns.
    expect(third.columns).toEqual([]);
  });

  it('leaves out inactive people', async () => {
    await ctx.db.employee.update({ where: { id: people.eve }, data: { isActive: false } });
    expect((await depot()).standings.map((row) => row[0])).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
    await ctx.db.employee.update({ where: { id: people.eve }, data: { isActive: true } });
  });

  it('writes the filtered matrix as CSV, a column per course', async () => {
    const csv = await matrix.csv(await authOf('olivia.admin'), { workplaceId: ids.workplace });
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Employee,Position,Workplace,Matrix Forklift \w+,Matrix Ladders \w+$/);
    expect(lines.slice(1).map((line) => line.split(',').slice(3).join(','))).toEqual([
      `Done 2026-03-02,Due ${addDays(today, 10)}`,
      `Overdue ${addDays(today, -5)},Not passed`,
      `Expired ${addDays(today, -3)},`,
      `Due ${today},Done 2025-09-01`,
      ',',
    ]);
    expect(lines[1]).toMatch(/^Ann Matrix\w+,Matrix Operator \w+,Matrix Depot \w+,/);
  });
});

describe('who sees the training matrix', () => {
  it('shows a manager their direct reports only', async () => {
    const mias = await page(await authOf('mia.employee'), { pageSize: 100 });
    expect(mias.rows.map((row) => row.employee._id)).toEqual([people.ann, people.ben]);
    expect(mias.total).toBe(2);
    const csv = await matrix.csv(await authOf('mia.employee'), {});
    expect(csv.trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('refuses anyone neither HR (hrAdmin) nor a manager, and a supplier', async () => {
    const ethan = await authOf('ethan.coordinator');
    expect(ethan.accessKeys.has('hrEmployeeRecord')).toBe(true);
    expect(ethan.accessKeys.has('hrAdmin')).toBe(false);
    // Ethan manages people: as their manager he sees them; with none left he is refused.
    expect((await page(ethan)).total).toBeGreaterThan(0);
    await ctx.db.employee.updateMany({
      where: { managerEmployeeId: ethan.employeeId },
      data: { managerEmployeeId: null },
    });
    expect(await refusal(page(ethan))).toBe(403);
    expect(await refusal(matrix.csv(ethan, {}))).toBe(403);
    const supplier = await authOf('acme.supplier', 'supplier');
    expect(await refusal(page(supplier))).toBe(403);
    expect(await refusal(matrix.csv(supplier, {}))).toBe(403);
  });

  it("keeps one cached page for every HR employee and a manager's for them alone", async () => {
    const request = { page: 1, pageSize: 20 };
    const key = (auth: AuthContext) => matrix.page(auth, request).key;
    const olivia = await authOf('olivia.admin');
    // Another holder of hrAdmin is shown the same page.
    expect(key({ ...olivia, employeeId: people.ann, userId: randomUUID() })).toBe(key(olivia));
    // Ethan's hrEmployeeRecord is HR for the competencies, not here.
    const keys = [key(olivia), key(await authOf('ethan.coordinator')), key(await authOf('mia.employee'))];
    expect(new Set(keys).size).toBe(3);
  });

  it("never shows another organisation's people", async () => {
    const sam = await authOf('sam.southbank');
    expect(sam.companyId).not.toBe(companyId);
    const sams = await page(sam, { search: 'Matrix', pageSize: 100 });
    expect(sams.rows).toEqual([]);
    const oursOnly = await page(await authOf('olivia.admin'), { pageSize: 100 });
    const theirs = await ctx.db.employee.count({
      where: { id: { in: oursOnly.rows.map((row) => row.employee._id) }, companyId: { not: companyId } },
    });
    expect(theirs).toBe(0);
    // Another organisation's course named as the column shows no cell of it.
    const foreign = await page(sam, { courseId: ids.forklift, pageSize: 100 });
    expect(foreign.columns).toEqual([]);
  });
});

describe('the training matrix’s calls', () => {
  it('answer HR the page and the CSV; refuse a supplier (403) and no session (401)', async () => {
    const tokens = await signInAll(ctx.app, ['olivia.admin', 'acme.supplier']);
    const post = (token: string | undefined) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/trainingMatrix',
        headers: token ? { authtoken: token } : {},
        payload: { workplaceId: ids.workplace },
      });
    const answered = await post(tokens['olivia.admin']);
    expect(answered.statusCode).toBe(200);
    const matrixAnswer = answered.json().response_data as TTrainingMatrix;
    expect(matrixAnswer.rows.map((row) => row.employee.name.split(' ')[0])).toContain('Ann');
    expect((await post(tokens['acme.supplier'])).statusCode).toBe(403);
    expect((await post(undefined)).statusCode).toBe(401);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/trainingMatrixExport?workplaceId=${ids.workplace}`,
      headers: { authtoken: tokens['olivia.admin']! },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Done 2026-03-02');
  });
});
