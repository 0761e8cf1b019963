import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type Db } from '../src/db/prisma';
import { createReader, type Reader } from '../src/db/reader';
import { sql, storedTimestamp } from '../src/db/sql';
import {
  readStoredSubmission,
  sameJson,
  submissionInclude,
  type StoredSubmission,
} from '../src/modules/submissions/shapes';
import { createTestDatabase } from './helpers';

let db: Db;
let reader: Reader;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createPrisma(database.url, 2);
  reader = createReader(database.url, 2);
  // Every column that may be empty holds something on one submission: a closed one with a table
  // row, a completed action with its response, an answer with options.
  const submission = await db.formSubmission.findFirstOrThrow({
    where: { actions: { some: {} }, values: { some: {} } },
    include: { actions: true, values: true },
  });
  await db.formSubmission.update({
    where: { id: submission.id },
    data: { isClosed: true, closedAt: new Date('2026-11-20T09:15:30.123Z'), isDraft: false },
  });
  await db.submissionTableRow.createMany({
    data: [1, 0].map((rowIndex) => ({
      companyId: submission.companyId,
      submissionId: submission.id,
      fieldId: submission.values[0]!.fieldId,
      rowIndex,
      cells: { a: `row ${rowIndex}`, n: rowIndex },
    })),
  });
  await db.action.update({
    where: { id: submission.actions[0]!.id },
    data: { isComplete: true, completedOn: new Date('2026-11-21T00:00:00.000Z'), response: 'Fixed' },
  });
  await db.submissionValue.update({
    where: { id: submission.values[0]!.id },
    data: { optionVal: { other: 'text' } },
  });
});
afterAll(async () => {
  await reader.close();
  await db.$disconnect();
  await drop();
});

/** Answers have no order of their own (both read them by field). */
const comparable = (submission: StoredSubmission | null) =>
  submission && {
    ...submission,
    values: [...submission.values].sort((a, b) => a.id.localeCompare(b.id)),
  };

describe('readStoredSubmission', () => {
  it("reads every submission exactly as Prisma's findFirst with submissionInclude does", async () => {
    const submissions = await db.formSubmission.findMany({ select: { id: true, companyId: true } });
    expect(submissions.length).toBeGreaterThan(10);
    const read: StoredSubmission[] = [];
    for (const { id, companyId } of submissions) {
      const [ours, prisma] = await Promise.all([
        readStoredSubmission(reader, companyId, id),
        db.formSubmission.findFirst({ where: { id, companyId }, include: submissionInclude }),
      ]);
      expect(comparable(ours)).toEqual(comparable(prisma));
      read.push(ours!);
    }
    // The comparison met every kind of value, not only the empty ones.
    expect(read.some((row) => row.closedAt instanceof Date)).toBe(true);
    expect(read.some((row) => row.tableRows.length === 2)).toBe(true);
    expect(read.some((row) => row.actions.some((action) => action.completedOn instanceof Date))).toBe(true);
    expect(read.some((row) => row.values.some((value) => value.optionVal !== null))).toBe(true);
    expect(read.some((row) => row.coordinators.length > 0)).toBe(true);
  });

  it("finds nothing of another organisation's or of an unknown id", async () => {
    const submission = await db.formSubmission.findFirstOrThrow();
    const other = await db.company.findFirstOrThrow({ where: { id: { not: submission.companyId } } });
    expect(await readStoredSubmission(reader, other.id, submission.id)).toBeNull();
    expect(
      await readStoredSubmission(reader, submission.companyId, '00000000-0000-4000-8000-000000000000'),
    ).toBeNull();
  });
});

describe('storedTimestamp', () => {
  it("stores a moment as Prisma does (UTC, no zone) whatever the session's time zone", async () => {
    const moment = new Date('2026-11-20T09:15:30.123Z');
    for (const zone of ['UTC', 'America/New_York', 'Pacific/Auckland']) {
      const [row] = await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL TIME ZONE '${zone}'`);
        return tx.$queryRaw<{ stored: string }[]>(sql`SELECT ${storedTimestamp(moment)}::text AS stored`);
      });
      expect(row!.stored).toBe('2026-11-20 09:15:30.123');
    }
  });
});

describe('sameJson', () => {
  it("holds a value equal to itself whatever its keys' order, as jsonb does, and tells changes apart", () => {
    const stored = { cells: { b: 'Sam', a: ['x', { d: 1, c: 2 }] } };
    expect(sameJson(stored, { cells: { a: ['x', { c: 2, d: 1 }], b: 'Sam' } })).toBe(true);
    expect(sameJson(stored, { cells: { a: ['x', { c: 2, d: 9 }], b: 'Sam' } })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson('', null)).toBe(true);
  });
});
