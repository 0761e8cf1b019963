import {
  addDays,
  COMPLIANT_STATES,
  personName,
  REQUIREMENT_EXPIRY_NOTICE_DAYS,
  REQUIREMENT_STATES,
  requirementState,
  type RequirementState,
  type TSupplierCompliance,
  type TSupplierRequirementListRequest,
  type TSupplierRequirementRow,
} from '@compass/shared';
import { cappedCount, type ReadOptions, type Reader, planFor } from '../../db/reader';
import { join, sql, uuid, type Sql } from '../../db/sql';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { partyColumns, partyFields, partySearch, type PartyColumns } from './parties';
import { seesCompliance } from './policy';

/** The rows of one state (SQL on `r`), for the register's filter (the state of an approved one is its expiry's). */
export function stateWhere(state: RequirementState, today: string): Sql {
  const day = sql`${today}::date`;
  const notice = sql`${addDays(today, REQUIREMENT_EXPIRY_NOTICE_DAYS)}::date`;
  switch (state) {
    case 'toProvide':
      return sql`r.status = 'pending'`;
    case 'rejected':
      return sql`r.status = 'rejected'`;
    case 'awaitingReview':
      return sql`r.status = 'submitted'`;
    case 'valid':
      return sql`r.status = 'approved' AND (r."expiryDate" IS NULL OR r."expiryDate" > ${notice})`;
    case 'expiringSoon':
      return sql`r.status = 'approved' AND r."expiryDate" >= ${day} AND r."expiryDate" <= ${notice}`;
    case 'expired':
      return sql`r.status = 'approved' AND r."expiryDate" < ${day}`;
  }
}

/**
 * The requirements that stand (whole rows `r`) of the organisation's suppliers `where` picks: the
 * newest request of each type and party stands for it (an older one is superseded); the people who
 * left do not count. A company's compliance and the supplier compliance report read these.
 */
export const currentRequirementsSql = (company: Sql, where: Sql): Sql =>
  sql`SELECT DISTINCT ON (r."supplierId", r."personnelId", r."requirementTypeId") r.*
    FROM "SupplierRequirement" r
    LEFT JOIN "Personnel" p ON p.id = r."personnelId" AND p."companyId" = r."companyId"
    WHERE r."companyId" = ${company} ${where} AND (r."personnelId" IS NULL OR p."isActive")
    ORDER BY r."supplierId", r."personnelId", r."requirementTypeId", r."createdAt" DESC, r.id`;

interface RequirementListRow extends PartyColumns {
  requirementTypeId: string;
  status: TSupplierRequirementRow['status'];
  /** yyyy-MM-dd, or null. */
  expiryDate: string | null;
  typeName: string | null;
}

export function rowOf(row: RequirementListRow, today: string): TSupplierRequirementRow {
  // The spread goes last, as in service.ts's rowOf.
  return {
    requirementTypeId: row.requirementTypeId,
    typeName: row.typeName ?? '',
    status: row.status,
    state: requirementState({ status: row.status, expiryDate: row.expiryDate }, today),
    expiryDate: row.expiryDate,
    ...partyFields(row, today, row.status === 'pending' || row.status === 'rejected'),
  };
}

/** The requirements register (its list and each supplier's compliance), read on the Reader. */
export class RequirementRegister {
  constructor(private readonly reader: Reader) {}

  async list(
    auth: AuthContext,
    request: TSupplierRequirementListRequest,
  ): Promise<{ rows: TSupplierRequirementRow[]; total: number; totalCapped?: true }> {
    const companyId = auth.companyId;
    const company = uuid(companyId);
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    const search = request.search?.trim();
    const today = callerToday(auth);
    const conditions = [sql`r."companyId" = ${company}`];
    if (request.supplierId) conditions.push(sql`r."supplierId" = ${uuid(request.supplierId)}`);
    if (request.state) conditions.push(stateWhere(request.state, today));
    // The search names a company, a person or a type (requirements keep their ids).
    if (search) {
      conditions.push(
        partySearch(companyId, search, (pattern) => [
          sql`r."requirementTypeId" IN (SELECT t.id FROM "RequirementType" t
            WHERE t."companyId" = ${company} AND t.name ILIKE ${pattern})`,
          sql`r."personnelId" IN (SELECT p.id FROM "Personnel" p
            WHERE p."companyId" = ${company} AND (p."firstName" ILIKE ${pattern} OR p."lastName" ILIKE ${pattern}))`,
        ]),
      );
    }
    const where = join(conditions, ' AND ');
    const order = sql`r."dueDate" DESC, r.id`;
    // How many rows a day matches decides the plan: planned for the values each time. A word does
    // not: its matches are ids from three small tables, a filter on the due-date walk either way,
    // and planning for it cost 1.2 ms a call (docs/performance.md).
    const plan = planFor(request.state);
    const [rows, total] = await Promise.all([
      this.rows(
        sql`SELECT r.* FROM "SupplierRequirement" r WHERE ${where}
          ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        order,
        plan,
      ),
      cappedCount(
        this.reader,
        sql`SELECT 1 FROM "SupplierRequirement" r WHERE ${where}`,
        { search, page, pageSize },
        plan,
      ),
    ]);
    return { rows: rows.map((row) => rowOf(row, today)), ...total };
  }

  /**
   * The requirements `chosen` (a SELECT of whole rows, in the order kept) with the names of their
   * party and type, in one statement of the Reader.
   */
  rows(chosen: Sql, order: Sql, options?: ReadOptions) {
    return this.reader.rows<RequirementListRow>(
      sql`SELECT ${partyColumns}, r."requirementTypeId", r.status, r."expiryDate", t.name AS "typeName"
        FROM (${chosen}) r
        LEFT JOIN "RequirementType" t ON t.id = r."requirementTypeId" AND t."companyId" = r."companyId"
        ORDER BY ${order}`,
      options,
    );
  }

  // ---------- Compliance ----------

  async compliance(auth: AuthContext, supplierId: string): Promise<TSupplierCompliance> {
    const companyId = auth.companyId;
    if (!seesCompliance(auth, supplierId)) throw notFound();
    const company = uuid(companyId);
    const supplierOf = sql`${uuid(supplierId)}`;
    const order = sql`r."personnelId", r."requirementTypeId", r."createdAt" DESC, r.id`;
    const [today, [supplier], current, people] = await Promise.all([
      callerToday(auth),
      this.reader.rows<{ name: string }>(
        sql`SELECT name FROM "SupplierCompany" WHERE id = ${supplierOf} AND "companyId" = ${company}`,
      ),
      this.rows(currentRequirementsSql(company, sql`AND r."supplierId" = ${supplierOf}`), order),
      this.reader.rows<{
        id: string;
        firstName: string;
        lastName: string;
      }>(sql`SELECT id, "firstName", "lastName"
        FROM "Personnel" WHERE "companyId" = ${company} AND "supplierId" = ${supplierOf} AND "isActive"
        ORDER BY "firstName", "lastName"`),
    ]);
    if (!supplier) throw notFound();
    const counted = current.map((row) => rowOf(row, today));
    const byName = (a: TSupplierRequirementRow, b: TSupplierRequirementRow) =>
      a.typeName.localeCompare(b.typeName);
    const compliant = (list: TSupplierRequirementRow[]) =>
      list.every((row) => COMPLIANT_STATES.has(row.state));
    const counts = Object.fromEntries(REQUIREMENT_STATES.map((state) => [state, 0])) as Record<
      RequirementState,
      number
    >;
    for (const row of counted) counts[row.state] += 1;
    const expiries = counted
      .filter((row) => COMPLIANT_STATES.has(row.state) && row.expiryDate)
      .map((row) => row.expiryDate!)
      .sort();
    const ofPerson = new Map<string, TSupplierRequirementRow[]>();
    for (const row of counted)
      if (row.personnelId) ofPerson.set(row.personnelId, [...(ofPerson.get(row.personnelId) ?? []), row]);
    const personnel = people
      .map((person) => {
        const requirements = (ofPerson.get(person.id) ?? []).sort(byName);
        return {
          personnelId: person.id,
          name: personName(person),
          compliant: compliant(requirements),
          requirements,
        };
      })
      .filter((person) => person.requirements.length > 0);
    return {
      supplierId,
      supplierName: supplier.name,
      compliant: compliant(counted),
      counts,
      nextExpiry: expiries[0] ?? null,
      company: counted.filter((row) => row.personnelId === null).sort(byName),
      personnel,
    };
  }
}
