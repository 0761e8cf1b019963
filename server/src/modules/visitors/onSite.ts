import { visitorMessages as say, type TOnSiteNow, type TOnSitePerson } from '@compass/shared';
import { timestampOf, type Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { badRequest } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

/** A person on site as the roll call's statement reads it (the sign-in as text). */
interface PersonRow {
  id: string;
  kind: TOnSitePerson['kind'];
  fullName: string;
  company: string;
  host: string | null;
  branch: string | null;
  signInAt: string;
}

/**
 * "On site now" of an active workplace of the organisation (else 400): its open visits and the
 * employees clocked in there (an open TimesheetRecord; `_id` is the record's), employees first, then
 * visitors, then contractors, each by name — the roll call's groups. Both halves read the partial
 * indexes of open rows per workplace (migration timesheets_and_visitors).
 */
export async function onSiteNow(reader: Reader, auth: AuthContext, workplaceId: string): Promise<TOnSiteNow> {
  const companyId = uuid(auth.companyId);
  const workplace = uuid(workplaceId);
  const at = new Date();
  const [found] = await reader.rows<{ name: string }>(
    sql`SELECT name FROM "Workplace" WHERE id = ${workplace} AND "companyId" = ${companyId} AND "isActive"`,
  );
  if (!found) throw badRequest(say.workplaceUnknown);
  const people = await reader.rows<PersonRow>(
    sql`SELECT p.* FROM (SELECT v.id, v.kind::text AS kind, v."fullName", v."visitorCompany" AS company,
        (SELECT trim(h."firstName" || ' ' || h."lastName") FROM "Employee" h
          WHERE h.id = v."hostEmployeeId" AND h."companyId" = v."companyId") AS host,
        b.name AS branch, v."signInAt"
      FROM "Visit" v
      LEFT JOIN "Branch" b ON b.id = v."branchId" AND b."companyId" = v."companyId"
      WHERE v."companyId" = ${companyId} AND v."workplaceId" = ${workplace} AND v."signOutAt" IS NULL
    UNION ALL
    SELECT t.id, 'employee', trim(e."firstName" || ' ' || e."lastName"), c.name, NULL, b.name, t."signInAt"
      FROM "TimesheetRecord" t
      JOIN "Employee" e ON e.id = t."employeeId" AND e."companyId" = t."companyId"
      JOIN "Company" c ON c.id = t."companyId"
      LEFT JOIN "Branch" b ON b.id = t."branchId" AND b."companyId" = t."companyId"
      WHERE t."companyId" = ${companyId} AND t."workplaceId" = ${workplace} AND t."signOutAt" IS NULL) p
    ORDER BY CASE p.kind WHEN 'employee' THEN 0 WHEN 'visitor' THEN 1 ELSE 2 END, lower(p."fullName"), p.id`,
  );
  return {
    workplaceId,
    workplace: found.name,
    at: at.toISOString(),
    people: people.map((row) => ({
      _id: row.id,
      kind: row.kind,
      fullName: row.fullName,
      company: row.company,
      host: row.host,
      Branchs: row.branch,
      SigninTime: timestampOf(row.signInAt).toISOString(),
    })),
  };
}
