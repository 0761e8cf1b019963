import { randomUUID } from 'node:crypto';
import { addDays, competencyMatrixCall, localDateOf } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordsAnswer } from '../src/modules/competencies/policy';
import type { AuthContext } from '../src/plugins/auth';
import { apiCalls, employeeOf, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * The competency matrix and an employee's summary served from the answer cache
 * (plugins/answerCache.ts; the key: recordsAnswer in competencies/policy.ts): they follow any
 * committed change of what they read, whoever wrote it (plain SQL here, as another API process or a
 * script would), and an answer is only ever sent to a viewer it was loaded for. Mia has no HR keys
 * and manages Jack; Olivia holds hrAdmin, Ethan hrEmployeeRecord.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
let companyId: string;
const ids = { mia: '', jack: '', chloe: '', competency: '' };
const today = localDateOf(new Date(), 'UTC');

beforeAll(async () => {
  ctx = await setupTestApp();
  companyId = (await setRoleKeys(ctx.db, 'mia.employee', { hrAdmin: false, hrEmployeeRecord: false }))
    .companyId;
  tokens = await signInAll(ctx.app);
  const named = (firstName: string) =>
    ctx.db.employee.findFirstOrThrow({ where: { companyId, firstName } }).then((row) => row.id);
  ids.mia = (await employeeOf(ctx.db, 'mia.employee')).id;
  ids.jack = await named('Jack');
  ids.chloe = await named('Chloe');
  await ctx.db.employee.update({ where: { id: ids.jack }, data: { managerEmployeeId: ids.mia } });
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

interface Row {
  employee: { _id: string; name: string };
  cells: { standing: string; expiresOn: string | null }[];
}

/** Jack's row of the matrix in one competency, as Olivia (HR) sees it. */
const jacksRow = async (): Promise<Row> => {
  const matrix = await data('olivia.admin', 'competencyMatrix', {
    competencyId: ids.competency,
    pageSize: 100,
  });
  return matrix.rows.find((row: Row) => row.employee._id === ids.jack);
};

const jacksStanding = async (as: string) => {
  const summary = await data(as, 'employeeCompetencySummary', { employeeId: ids.jack });
  return summary.rows.find((row: { competency: { _id: string } }) => row.competency._id === ids.competency)
    ?.standing;
};

describe('the matrix and summaries from the answer cache', () => {
  it('a requirement, a record, a new expiry and a renamed employee written by SQL show on the next call', async () => {
    ids.competency = (
      await data('olivia.admin', 'competencySave', {
        name: `Cached Ticket ${randomUUID().slice(0, 6)}`,
        kind: 'ticket',
        description: '',
        expires: true,
        validForMonths: 12,
      })
    )._id;
    expect((await jacksRow()).cells[0]!.standing).toBe('none');
    expect(await jacksStanding('olivia.admin')).toBeUndefined();

    const jack = await ctx.db.employee.findUniqueOrThrow({ where: { id: ids.jack } });
    await ctx.db.$executeRaw`INSERT INTO "PositionCompetency" ("companyId", "positionId", "competencyId")
      VALUES (${companyId}::uuid, ${jack.positionId}::uuid, ${ids.competency}::uuid)`;
    expect((await jacksRow()).cells[0]!.standing).toBe('missing');
    expect(await jacksStanding('olivia.admin')).toBe('missing');

    const recordId = randomUUID();
    await ctx.db.$executeRaw`INSERT INTO "CompetencyRecord"
      (id, "companyId", "employeeId", "competencyId", "achievedOn", "expiresOn", "isLatest", "updatedAt")
      VALUES (${recordId}::uuid, ${companyId}::uuid, ${ids.jack}::uuid, ${ids.competency}::uuid,
        ${addDays(today, -300)}::date, ${addDays(today, 10)}::date, true, now())`;
    expect((await jacksRow()).cells[0]).toMatchObject({
      standing: 'expiring',
      expiresOn: addDays(today, 10),
    });
    expect(await jacksStanding('olivia.admin')).toBe('expiring');

    await ctx.db.$executeRaw`UPDATE "CompetencyRecord" SET "expiresOn" = ${addDays(today, -1)}::date
      WHERE id = ${recordId}::uuid`;
    expect((await jacksRow()).cells[0]!.standing).toBe('expired');
    expect(await jacksStanding('olivia.admin')).toBe('expired');

    await ctx.db.$executeRaw`UPDATE "Employee" SET "firstName" = 'Jackson' WHERE id = ${ids.jack}::uuid`;
    try {
      expect((await jacksRow()).employee.name).toBe(`Jackson ${jack.lastName}`);
      const summary = await data('olivia.admin', 'employeeCompetencySummary', { employeeId: ids.jack });
      expect(summary.employee.name).toBe(`Jackson ${jack.lastName}`);
    } finally {
      await ctx.db.employee.update({ where: { id: ids.jack }, data: { firstName: jack.firstName } });
    }
  });

  it("is never another viewer's: HR's answer is not a manager's, nor sent to someone refused", async () => {
    const everyone = await data('olivia.admin', 'competencyMatrix', { pageSize: 100 });
    expect(everyone.total).toBeGreaterThan(5);
    const mine = await data('mia.employee', 'competencyMatrix', { pageSize: 100 });
    expect(mine.rows.map((row: Row) => row.employee._id)).toContain(ids.jack);
    expect(mine.total).toBeLessThan(everyone.total);
    // Ethan (hrEmployeeRecord) is HR as Olivia (hrAdmin) is: the same answer.
    expect(await data('ethan.coordinator', 'competencyMatrix', { pageSize: 100 })).toEqual(everyone);

    const forHr = await data('olivia.admin', 'employeeCompetencySummary', { employeeId: ids.jack });
    expect(forHr.rights).toEqual({ mayEdit: true, mayDelete: true });
    const forManager = await data('mia.employee', 'employeeCompetencySummary', { employeeId: ids.jack });
    expect(forManager.rights).toEqual({ mayEdit: false, mayDelete: false });
    expect(forManager.rows).toEqual(forHr.rows);

    await data('olivia.admin', 'employeeCompetencySummary', { employeeId: ids.chloe });
    const refused = await call('mia.employee', 'employeeCompetencySummary', { employeeId: ids.chloe });
    expect(refused.statusCode).toBe(403);
    const other = await call('sam.southbank', 'employeeCompetencySummary', { employeeId: ids.jack });
    expect(other.statusCode).toBe(404);
  });

  it("names the day: a page is loaded again on the organisation's next day, for that day", async () => {
    const askedIn = (timeZone: string): AuthContext => ({
      companyId,
      timeZone,
      userType: 'employee',
      employeeId: ids.mia,
      supplierId: null,
      personnelId: null,
      sessionId: 's',
      token: 't',
      userId: 'u',
      isForceUpdatePassword: false,
      supplier: null,
      accessKeys: new Set(['hrAdmin']),
    });
    const request = { page: 1, pageSize: 20 };
    const answerIn = (timeZone: string) =>
      recordsAnswer(competencyMatrixCall, askedIn(timeZone), request, async (day) => day);
    // 25 hours apart: their days always differ.
    const early = answerIn('Pacific/Kiritimati');
    const late = answerIn('Pacific/Pago_Pago');
    expect(early.key).not.toBe(late.key);
    expect(answerIn('Pacific/Kiritimati').key).toBe(early.key);
    expect(await early.load()).toBe(localDateOf(new Date(), 'Pacific/Kiritimati'));
  });
});
