import {
  addDays,
  auditDetailsPath,
  obligationCompliance,
  rateRisk,
  riskPath,
  sdsStatus,
  taskDueType,
  type ReportId,
  type TReportRow,
} from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOf, dayOf } from '../src/db/days';
import { createPrisma, type Db } from '../src/db/prisma';
import { createReader, type Reader } from '../src/db/reader';
import { callerToday } from '../src/plugins/organisationDay';
import { refreshRollups } from '../src/modules/reports/rollups';
import type { ReportQuery, ReportSource } from '../src/modules/reports/source';
import { auditFindingsSource } from '../src/modules/reports/sources/auditFindings';
import { auditScoresSource } from '../src/modules/reports/sources/auditScores';
import { documentsSource } from '../src/modules/reports/sources/documents';
import { hazardousSource } from '../src/modules/reports/sources/hazardous';
import { obligationsSource } from '../src/modules/reports/sources/obligations';
import { risksSource } from '../src/modules/reports/sources/risks';
import { createTestDatabase } from './helpers';

/**
 * The registers' reports (audits, risks, hazardous substances, obligations, documents), their
 * sources called directly for the demo organisation Northwind; every figure is checked against the
 * rows counted here with Prisma, and Southbank's rows (the second organisation) never count.
 */
let db: Db;
let reader: Reader;
let drop: () => Promise<void>;
let companyId: string;
let otherWorkplaceId: string;
let timeZone: string;
let today: string;
let sources: Record<
  'auditScores' | 'auditFindings' | 'risks' | 'hazardous' | 'obligations' | 'documents',
  ReportSource
>;

/** A run of a report over all time (the reports with a period) with the given grouping and filters. */
function queryOf(report: ReportId, by: string, filters: Partial<ReportQuery['filters']> = {}): ReportQuery {
  const periodic = report === 'auditScores' || report === 'auditFindings' || report === 'documents';
  const toMonth = today.slice(0, 7);
  const until = `${addDays(`${toMonth}-28`, 7).slice(0, 7)}-01`;
  return {
    viewer: { companyId, employeeId: null, accessKeys: new Set(), timeZone },
    report,
    by,
    filters: { period: 'all', ...filters },
    months: periodic ? { from: null, until, fromMonth: null, toMonth, label: 'All time' } : null,
    today,
  };
}

/** The organisation's findings of audits dated within "All time" (up to the end of this month). */
async function findingsInPeriod() {
  const until = queryOf('auditFindings', 'question').months!.until;
  const tasks = await db.auditQuestionTask.findMany({ where: { companyId }, include: { audit: true } });
  return tasks.filter((task) => dayOf(task.audit.auditDate) < until);
}

const drill = (key: string, column?: string) => ({ key, column, page: 1, pageSize: 25 });
const rowOf = (rows: TReportRow[], key: string) => rows.find((row) => row.key === key);

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createPrisma(database.url, 2);
  reader = createReader(database.url, 2);
  const company = await db.company.findFirstOrThrow({ where: { name: 'Northwind Facilities' } });
  companyId = company.id;
  timeZone = company.timeZone;
  today = callerToday({ timeZone });
  const other = await db.workplace.findFirstOrThrow({ where: { companyId: { not: companyId } } });
  otherWorkplaceId = other.id;
  const deps = { db, reader };
  sources = {
    auditScores: auditScoresSource(deps),
    auditFindings: auditFindingsSource(deps),
    risks: risksSource(deps),
    hazardous: hazardousSource(deps),
    obligations: obligationsSource(deps),
    documents: documentsSource(deps),
  };
});

afterAll(async () => {
  await reader.close();
  await db.$disconnect();
  await drop();
});

describe('audit scores', () => {
  it('counts the closed, scored audits by workplace, with their average, lowest and highest', async () => {
    const workplace = await db.workplace.findFirstOrThrow({ where: { companyId } });
    const scored = [70, 90, 95];
    const audits = await Promise.all(
      scored.map((score, index) =>
        db.audit.create({
          data: {
            companyId,
            name: `Report audit ${index}`,
            auditDate: dateOf('2025-03-10'),
            workplaceId: workplace.id,
            status: 'closed',
            score,
          },
        }),
      ),
    );
    const closed = await db.audit.findMany({ where: { companyId, status: 'closed', score: { not: null } } });
    const table = await sources.auditScores.table(queryOf('auditScores', 'workplace'));
    expect(table.chart).toBe('bar');
    expect(table.columns.map((column) => column.label)).toEqual([
      'Audits',
      'Average score',
      'Lowest',
      'Highest',
    ]);
    const mine = closed.filter((audit) => audit.workplaceId === workplace.id);
    const scores = mine.map((audit) => audit.score!);
    expect(rowOf(table.rows, workplace.id)).toEqual({
      key: workplace.id,
      label: workplace.name,
      values: [
        mine.length,
        Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10,
        Math.min(...scores),
        Math.max(...scores),
      ],
    });
    expect(table.total[0]).toBe(closed.length);
    const all = closed.map((audit) => audit.score!);
    expect(table.total[2]).toBe(Math.min(...all));

    const records = await sources.auditScores.records(
      queryOf('auditScores', 'workplace'),
      drill(workplace.id, 'audits'),
    );
    expect(records.total).toBe(mine.length);
    expect(records.items.map((item) => item.path)).toContain(auditDetailsPath(audits[2]!.id));
    await db.audit.deleteMany({ where: { id: { in: audits.map((audit) => audit.id) } } });
  });

  it('draws the average over every month of the period, months without audits included', async () => {
    const audits = await Promise.all(
      ['2025-01-15', '2025-04-02'].map((day) =>
        db.audit.create({
          data: {
            companyId,
            name: `Report audit ${day}`,
            auditDate: dateOf(day),
            status: 'closed',
            score: 80,
          },
        }),
      ),
    );
    const table = await sources.auditScores.table(queryOf('auditScores', 'month'));
    expect(table.chart).toBe('line');
    expect(table.columns.find((column) => column.charted === 'yes')?.id).toBe('averageScore');
    const keys = table.rows.map((row) => row.key);
    expect(keys).toEqual([...keys].sort());
    expect(keys.at(-1)).toBe(today.slice(0, 7));
    for (let index = 1; index < keys.length; index += 1) {
      const [year, month] = keys[index - 1]!.split('-').map(Number);
      const next = month === 12 ? `${year! + 1}-01` : `${year}-${String(month! + 1).padStart(2, '0')}`;
      expect(keys[index]).toBe(next);
    }
    expect(keys[0]! <= '2025-01').toBe(true);
    const closedInFebruary = await db.audit.count({
      where: {
        companyId,
        status: 'closed',
        score: { not: null },
        auditDate: { gte: dateOf('2025-02-01'), lt: dateOf('2025-03-01') },
      },
    });
    expect(rowOf(table.rows, '2025-02')).toEqual({
      key: '2025-02',
      label: 'Feb 2025',
      values: closedInFebruary === 0 ? [0, null, null, null] : expect.any(Array),
    });
    await db.audit.deleteMany({ where: { id: { in: audits.map((audit) => audit.id) } } });
  });

  it("matches nothing for another organisation's workplace, and a key that is no id lists nothing", async () => {
    const table = await sources.auditScores.table(
      queryOf('auditScores', 'template', { workplaceId: otherWorkplaceId }),
    );
    expect(table.rows).toEqual([]);
    expect(table.total).toEqual([0, null, null, null]);
    const records = await sources.auditScores.records(
      queryOf('auditScores', 'workplace'),
      drill('not-an-id'),
    );
    expect(records).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });
});

describe('questions failed most', () => {
  it('counts the findings by question from the rollup, and live for one template', async () => {
    await refreshRollups(db);
    const tasks = await findingsInPeriod();
    expect(tasks.length).toBeGreaterThan(0);
    const table = await sources.auditFindings.table(queryOf('auditFindings', 'question'));
    expect(table.asOf).toBeInstanceOf(Date);
    expect(table.total).toEqual([
      tasks.length,
      tasks.filter((task) => !task.isComplete).length,
      new Set(tasks.map((task) => task.auditId)).size,
    ]);
    const question = tasks[0]!.question;
    const raising = tasks.filter((task) => task.question === question);
    expect(rowOf(table.rows, question)?.values).toEqual([
      raising.length,
      raising.filter((task) => !task.isComplete).length,
      new Set(raising.map((task) => task.auditId)).size,
    ]);
    const counts = table.rows.map((row) => row.values[0]!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const templateId = tasks[0]!.audit.templateId!;
    const live = await sources.auditFindings.table(queryOf('auditFindings', 'question', { templateId }));
    expect(live.asOf).toBeNull();
    const ofTemplate = tasks.filter((task) => task.audit.templateId === templateId);
    expect(live.total).toEqual([
      ofTemplate.length,
      ofTemplate.filter((task) => !task.isComplete).length,
      new Set(ofTemplate.map((task) => task.auditId)).size,
    ]);

    const records = await sources.auditFindings.records(
      queryOf('auditFindings', 'question'),
      drill(question),
    );
    expect(records.total).toBe(raising.length);
    const latest = [...raising].sort(
      (a, b) => b.dueDate.getTime() - a.dueDate.getTime() || (b.id > a.id ? 1 : -1),
    )[0]!;
    expect(records.items[0]).toEqual({
      _id: latest.id,
      title: question,
      detail: expect.stringContaining(`${latest.audit.name} · `),
      date: dayOf(latest.dueDate),
      status: latest.isComplete ? 'Completed' : 'Open',
      path: auditDetailsPath(latest.auditId),
    });
  });

  it('lists as many findings behind a cell as the cell counts, in every grouping and column', async () => {
    for (const by of ['question', 'workplace', 'template']) {
      const query = queryOf('auditFindings', by);
      const table = await sources.auditFindings.table(query);
      for (const row of table.rows.slice(0, 3))
        for (const [index, column] of (['findings', 'openFindings'] as const).entries()) {
          const records = await sources.auditFindings.records(query, drill(row.key, column));
          expect(records.total, `${by} ${row.label} ${column}`).toBe(row.values[index]);
          expect(records.items.length).toBe(Math.min(25, row.values[index]!));
          if (column === 'openFindings')
            expect(records.items.every((item) => item.status === 'Open')).toBe(true);
        }
    }
  });

  it('counts the audits that raised findings by workplace', async () => {
    const tasks = await findingsInPeriod();
    const table = await sources.auditFindings.table(queryOf('auditFindings', 'workplace'));
    const workplaceId = tasks[0]!.audit.workplaceId;
    const there = tasks.filter((task) => task.audit.workplaceId === workplaceId);
    expect(rowOf(table.rows, workplaceId ?? 'none')?.values).toEqual([
      there.length,
      there.filter((task) => !task.isComplete).length,
      new Set(there.map((task) => task.auditId)).size,
    ]);
  });
});

describe('risks', () => {
  it('counts the active risks by rating before and after controls', async () => {
    const risks = await db.risk.findMany({ where: { companyId, isActive: true } });
    const level = (likelihood: number | null, consequence: number | null) =>
      likelihood === null || consequence === null ? 'none' : rateRisk({ likelihood, consequence }).level;
    const table = await sources.risks.table(queryOf('risks', 'rating'));
    expect(table.rows.map((row) => row.label)).toEqual(['Extreme', 'High', 'Medium', 'Low', 'Not rated']);
    for (const row of table.rows) {
      expect(row.values).toEqual([
        risks.filter((risk) => level(risk.inherentLikelihood, risk.inherentConsequence) === row.key).length,
        risks.filter((risk) => level(risk.residualLikelihood, risk.residualConsequence) === row.key).length,
      ]);
    }
    expect(table.total).toEqual([risks.length, risks.length]);
  });

  it('draws the matrix after controls, likelihood 5 to 1 by consequence 1 to 5, and drills into a cell', async () => {
    const rated = await db.risk.findMany({
      where: {
        companyId,
        isActive: true,
        residualLikelihood: { not: null },
        residualConsequence: { not: null },
      },
    });
    expect(rated.length).toBeGreaterThan(0);
    const table = await sources.risks.table(queryOf('risks', 'matrixAfter'));
    expect(table.chart).toBe('heatmap');
    expect(table.rows.map((row) => row.label)).toEqual([5, 4, 3, 2, 1].map((n) => `Likelihood ${n}`));
    expect(table.columns.map((column) => column.label)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Consequence ${n}`),
    );
    const risk = rated[0]!;
    const cell = rated.filter(
      (other) =>
        other.residualLikelihood === risk.residualLikelihood &&
        other.residualConsequence === risk.residualConsequence,
    );
    const row = rowOf(table.rows, String(risk.residualLikelihood))!;
    expect(row.values[risk.residualConsequence! - 1]).toBe(cell.length);
    expect(table.total.reduce((sum, value) => sum! + value!, 0)).toBe(rated.length);
    const records = await sources.risks.records(
      queryOf('risks', 'matrixAfter'),
      drill(String(risk.residualLikelihood), `consequence${risk.residualConsequence}`),
    );
    expect(records.total).toBe(cell.length);
    expect(records.items.map((item) => item.path)).toContain(riskPath(risk.id));
  });

  it('counts the reviews overdue, due within 30 days, later and not set', async () => {
    const risks = await db.risk.findMany({ where: { companyId, isActive: true } });
    const table = await sources.risks.table(queryOf('risks', 'review'));
    const overdue = risks.filter((risk) => risk.nextReviewDate && dayOf(risk.nextReviewDate) < today);
    const none = risks.filter((risk) => !risk.nextReviewDate);
    expect(table.rows.map((row) => row.label)).toEqual([
      'Overdue',
      'Due within 30 days',
      'Later',
      'No review set',
    ]);
    expect(rowOf(table.rows, 'overdue')?.values).toEqual([overdue.length]);
    expect(rowOf(table.rows, 'none')?.values).toEqual([none.length]);
    const records = await sources.risks.records(queryOf('risks', 'review'), drill('none'));
    expect(records.total).toBe(none.length);
  });

  it('puts a review due today under due, not overdue, as the register words it', async () => {
    const yesterday = addDays(today, -1);
    expect([taskDueType(yesterday, today), taskDueType(today, today)]).toEqual(['overdue', 'due']);
    const before = await sources.risks.table(queryOf('risks', 'review'));
    const created = await Promise.all(
      [yesterday, today].map((day) =>
        db.risk.create({ data: { companyId, name: `Report review ${day}`, nextReviewDate: dateOf(day) } }),
      ),
    );
    const after = await sources.risks.table(queryOf('risks', 'review'));
    const added = (key: string) => rowOf(after.rows, key)!.values[0]! - rowOf(before.rows, key)!.values[0]!;
    expect([added('overdue'), added('dueSoon'), added('later'), added('none')]).toEqual([1, 1, 0, 0]);
    const dueSoon = await sources.risks.records(queryOf('risks', 'review'), drill('dueSoon'));
    expect(dueSoon.items.map((item) => item._id)).toContain(created[1]!.id);
    await db.risk.deleteMany({ where: { id: { in: created.map((risk) => risk.id) } } });
  });
});

describe('hazardous substances', () => {
  it("counts a substance under each of its classes (once in the total), with the register's missing or due sheets", async () => {
    const workplace = await db.workplace.findFirstOrThrow({ where: { companyId } });
    const sheets = [
      // Past its expiry; no sheet at all; issued more than five years ago without an expiry date.
      { name: 'Report Solvent', issued: addDays(today, -400), expires: addDays(today, -1) },
      { name: 'Report Degreaser', issued: null, expires: null },
      { name: 'Report Primer', issued: addDays(today, -6 * 366), expires: null },
    ];
    const created = await Promise.all(
      sheets.map((sheet) =>
        db.hazardousSubstance.create({
          data: {
            companyId,
            name: sheet.name,
            workplaceId: workplace.id,
            storageLocation: 'Report Cabinet',
            hazardClasses: ['flammable', 'acuteToxicity'],
            sdsIssueDate: sheet.issued ? dateOf(sheet.issued) : null,
            sdsExpiryDate: sheet.expires ? dateOf(sheet.expires) : null,
          },
        }),
      ),
    );
    const substances = await db.hazardousSubstance.findMany({ where: { companyId, isActive: true } });
    const due = (substance: (typeof substances)[number]) =>
      sdsStatus(dayOf(substance.sdsIssueDate), dayOf(substance.sdsExpiryDate), today) !== 'current';
    const table = await sources.hazardous.table(queryOf('hazardous', 'class'));
    expect(table.columns.map((column) => column.label)).toEqual(['Substances', 'Missing or due']);
    const flammable = substances.filter((substance) => substance.hazardClasses.includes('flammable'));
    expect(rowOf(table.rows, 'flammable')).toMatchObject({
      label: 'Flammable',
      values: [flammable.length, flammable.filter(due).length],
    });
    expect(table.total).toEqual([substances.length, substances.filter(due).length]);
    const summed = table.rows.reduce((sum, row) => sum + row.values[0]!, 0);
    expect(summed).toBeGreaterThan(substances.length);

    const byLocation = await sources.hazardous.table(
      queryOf('hazardous', 'location', { category: 'acuteToxicity' }),
    );
    expect(rowOf(byLocation.rows, 'Report Cabinet')?.values).toEqual([3, 3]);
    const records = await sources.hazardous.records(
      queryOf('hazardous', 'location'),
      drill('Report Cabinet', 'sdsDue'),
    );
    expect(records.total).toBe(3);
    expect(records.items.map((item) => item.status).sort()).toEqual(['No SDS', 'SDS due', 'SDS due']);

    const options = await sources.hazardous.options(queryOf('hazardous', 'class').viewer);
    expect(options.categories).toContainEqual({ _id: 'acuteToxicity', name: 'Acute toxicity' });
    await db.hazardousSubstance.deleteMany({
      where: { id: { in: created.map((substance) => substance.id) } },
    });
  });
});

describe('obligations', () => {
  it('counts the obligations by the compliance state of the shared rule', async () => {
    const obligations = await db.obligation.findMany({ where: { companyId } });
    const stateOf = (obligation: (typeof obligations)[number]) =>
      obligationCompliance(
        {
          questions: obligation.questionCount,
          open: obligation.openQuestionCount,
          firstOpenDue: dayOf(obligation.firstOpenDue),
        },
        today,
      );
    const table = await sources.obligations.table(queryOf('obligations', 'state'));
    expect(table.rows.map((row) => row.key)).toEqual(['compliant', 'inProgress', 'overdue', 'notAssessed']);
    for (const row of table.rows)
      expect(row.values).toEqual([
        obligations.filter((obligation) => stateOf(obligation) === row.key).length,
      ]);
    expect(table.total).toEqual([obligations.length]);
    const busiest = [...table.rows].sort((a, b) => b.values[0]! - a.values[0]!)[0]!;
    const records = await sources.obligations.records(queryOf('obligations', 'state'), drill(busiest.key));
    expect(records.total).toBe(busiest.values[0]);
    expect(records.items[0]?.path).toMatch(/^\/obligation\/edit\//);
  });

  it('counts an obligation of two workplaces under each, and once in the total', async () => {
    const workplaces = await db.workplace.findMany({ where: { companyId }, take: 2, orderBy: { id: 'asc' } });
    const created = await db.obligation.create({
      data: { companyId, name: 'Report two-site permit', workplaceIds: workplaces.map((w) => w.id) },
    });
    const obligations = await db.obligation.count({ where: { companyId } });
    const table = await sources.obligations.table(queryOf('obligations', 'workplace'));
    expect(table.total).toEqual([obligations]);
    const summed = table.rows.reduce((sum, row) => sum + row.values[0]!, 0);
    expect(summed).toBeGreaterThan(obligations);
    for (const workplace of workplaces) {
      const ofWorkplace = await db.obligation.count({
        where: { companyId, workplaceIds: { has: workplace.id } },
      });
      expect(rowOf(table.rows, workplace.id)?.values).toEqual([ofWorkplace]);
    }
    await db.obligation.delete({ where: { id: created.id } });
  });

  it('refuses nothing for an unknown type: it matches no obligation', async () => {
    const table = await sources.obligations.table(queryOf('obligations', 'type', { category: 'nonsense' }));
    expect(table.total).toEqual([0]);
  });
});

describe('document acknowledgement', () => {
  it("counts the current versions' requests by document, acknowledged, outstanding and overdue", async () => {
    await refreshRollups(db);
    const documents = await db.document.findMany({ where: { companyId, currentVersionId: { not: null } } });
    const current = new Set(documents.map((document) => document.currentVersionId));
    // "All time" ends with this month: a request due later is outside the period.
    const until = queryOf('documents', 'document').months!.until;
    const requests = (
      await db.documentAcknowledgement.findMany({ where: { companyId, lapsedAt: null } })
    ).filter((request) => current.has(request.versionId) && dayOf(request.dueDate) < until);
    expect(requests.length).toBeGreaterThan(0);
    const state = (request: (typeof requests)[number]) =>
      request.acknowledgedAt ? 'acknowledged' : dayOf(request.dueDate) < today ? 'overdue' : 'outstanding';
    const count = (of: typeof requests, wanted: string) =>
      of.filter((request) => state(request) === wanted).length;
    const table = await sources.documents.table(queryOf('documents', 'document'));
    expect(table.chart).toBe('stackedBar');
    expect(table.asOf).toBeInstanceOf(Date);
    const acknowledged = count(requests, 'acknowledged');
    expect(table.total).toEqual([
      acknowledged,
      count(requests, 'outstanding'),
      count(requests, 'overdue'),
      Math.round((acknowledged / requests.length) * 1000) / 10,
    ]);
    const documentId = requests[0]!.documentId;
    const asked = requests.filter((request) => request.documentId === documentId);
    expect(rowOf(table.rows, documentId)?.values.slice(0, 3)).toEqual([
      count(asked, 'acknowledged'),
      count(asked, 'outstanding'),
      count(asked, 'overdue'),
    ]);

    const person = requests[0]!.employeeId;
    const theirs = requests.filter((request) => request.employeeId === person);
    const records = await sources.documents.records(queryOf('documents', 'person'), drill(person));
    expect(records.total).toBe(theirs.length);
    expect(records.items[0]?.path).toMatch(/^\/document\/library\//);
  });

  it('counts the documents by review state, whatever the period', async () => {
    const documents = await db.document.findMany({ where: { companyId, currentVersionId: { not: null } } });
    const table = await sources.documents.table(queryOf('documents', 'review'));
    expect(table.total).toEqual([documents.length]);
    const overdue = documents.filter(
      (document) => document.nextReviewDate && dayOf(document.nextReviewDate) < today,
    );
    expect(rowOf(table.rows, 'overdue')?.values).toEqual([overdue.length]);
  });
});
