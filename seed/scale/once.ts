import type pg from 'pg';
import { SCALE_ORGANISATION } from '../scaleDb';

/** The scale seed's id rule (seed/scale.ts, pg_temp.sid) in SQL: md5 of the key in a version-5 layout. */
export const sid = (key: string) =>
  `overlay(overlay(md5('compass-scale:' || ${key}) placing '5' from 13) placing '8' from 17)::uuid`;

/** The scale seed's pseudo-random number in [0, 1) of a row and a salt (pg_temp.rnd) in SQL. */
export const rnd = (row: string, salt: number) =>
  `((hashint8extended(${row}, ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/** SQL of the organisation's active employees (id, managerEmployeeId), numbered `n` from 1 by employee number. */
export const numberedEmployees = (company: string) => `
  SELECT e.id, e."managerEmployeeId", row_number() OVER (ORDER BY e."employeeNumber", e.id) AS n
  FROM "Employee" e WHERE e."companyId" = ${company} AND e."isActive"`;

/**
 * A part of the scale seed that runs once, after the rest: its steps in one transaction under an
 * advisory lock, when Scale Holdings exists and `seededSql` (a condition on the organisation `c`)
 * says it has not been added yet, so a scale database seeded before the part gains it on the next
 * `npx tsx seed/scale.ts`. Whether it added the part.
 */
export async function seedScaleOnce(
  client: pg.ClientBase,
  part: {
    lock: number;
    seededSql: string;
    steps: (companyId: string) => { name: string; sql: string }[];
    log: (line: string) => void;
  },
): Promise<boolean> {
  const companyOf = async () => {
    const { rows } = await client.query<{ id: string; seeded: boolean }>(
      `SELECT c.id, ${part.seededSql} AS seeded FROM "Company" c WHERE c.name = $1`,
      [SCALE_ORGANISATION],
    );
    return rows[0] && !rows[0].seeded ? rows[0].id : null;
  };
  if (!(await companyOf())) return false;
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${part.lock})`);
    const companyId = await companyOf();
    if (!companyId) {
      await client.query('ROLLBACK');
      return false;
    }
    for (const step of part.steps(companyId)) {
      const started = performance.now();
      await client.query(step.sql);
      part.log(`  ${step.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
