import { ACCESS_KEYS, type AccessKey } from '../../shared/src/rules/access';
import { SCALE_ORGANISATION, SCALE_USERS } from '../scaleDb';
import { E, WP, BPW, S, PPS, P, N, cid, today, type Step } from './sizes';
import { FIRST_NAMES, LAST_NAMES, POSITIONS, CITIES, BRANCHES } from './words';

function accessMap(denied: AccessKey[] = []): string {
  return JSON.stringify(Object.fromEntries(ACCESS_KEYS.map((key) => [key, !denied.includes(key)])));
}

/** The organisation, its positions, roles, workplaces and branches; its employees, suppliers, personnel and accounts. */
export function organisationSteps(passwordHash: string): Step[] {
  return [
    {
      name: 'organisation, positions, roles, workplaces, branches',
      params: [
        accessMap(),
        accessMap(['system', 'hrAdmin', 'hrEmployeePrivateInfo']),
        accessMap(['risk', 'hazardous', 'system']),
      ],
      sql: `
WITH company AS (
  INSERT INTO "Company" (id, name, "headerTitle", "homeSiteUrl", "nextFormNumber", "createdAt", "updatedAt")
  VALUES (${cid}, '${SCALE_ORGANISATION}', 'Scale Holdings', 'https://www.scale-holdings.example/', ${1001 + N},
          ${today} - 1830 + time '09:00', ${today} - 1830 + time '09:00')
  RETURNING id
), positions AS (
  INSERT INTO "Position" (id, "companyId", name, "createdAt")
  SELECT pg_temp.sid('pos:' || n), (SELECT id FROM company), (${POSITIONS})[n], ${today} - 1830 + time '09:00'
  FROM generate_series(1, 20) n
), roles AS (
  INSERT INTO "Role" (id, "companyId", name, access, "createdAt", "updatedAt")
  SELECT pg_temp.sid('role:' || r.name), (SELECT id FROM company), r.name, r.access::jsonb,
         ${today} - 1830 + time '09:00', ${today} - 1830 + time '09:00'
  FROM (VALUES ('Administrator', $1::text), ('Coordinator', $2::text), ('Employee', $3::text)) r(name, access)
), workplaces AS (
  INSERT INTO "Workplace" (id, "companyId", name, "createdAt")
  SELECT pg_temp.wp(w), (SELECT id FROM company), (${CITIES})[1 + w % 10] || ' Site ' || w, ${today} - 1830 + time '09:00'
  FROM generate_series(1, ${WP}) w
  RETURNING id
)
INSERT INTO "Branch" (id, "companyId", "workplaceId", name, "createdAt")
SELECT pg_temp.br(w, b), ${cid}, pg_temp.wp(w), (${BRANCHES})[b], ${today} - 1830 + time '09:00'
FROM generate_series(1, ${WP}) w, generate_series(1, ${BPW}) b
WHERE (SELECT count(*) FROM workplaces) > 0`,
    },
    {
      name: `employees (${E}), suppliers (${S}), personnel (${P}), users`,
      params: [passwordHash],
      sql: `
WITH employees AS (
  INSERT INTO "Employee" (id, "companyId", "firstName", "lastName", email, "employeeNumber", "positionId", "roleId",
    "workplaceId", "branchId", "isActive", "createdAt", "updatedAt")
  SELECT pg_temp.emp(n), ${cid}, f, l, lower(f || '.' || l || '.' || n || '@scale-holdings.example'), 'SH-' || (10000 + n),
    pg_temp.sid('pos:' || (1 + n % 20)),
    pg_temp.sid('role:' || CASE WHEN n = 2 THEN 'Administrator' WHEN n IN (1, 3) OR n % 10 = 0 THEN 'Coordinator'
                                ELSE 'Employee' END),
    pg_temp.wp(1 + n % ${WP}), pg_temp.br(1 + n % ${WP}, 1 + (n / ${WP}) % ${BPW}),
    NOT (n > 10 AND n % 20 = 7), pg_temp.at(${today} - 1830 + (n * 1800 / ${E}), n), pg_temp.at(${today} - 1830 + (n * 1800 / ${E}), n)
  FROM (SELECT n, CASE WHEN n = 1 THEN 'Blake' ELSE (${FIRST_NAMES})[1 + n % 40] END AS f,
               CASE WHEN n = 1 THEN 'Busby' ELSE (${LAST_NAMES})[1 + (n * 7) % 50] END AS l
        FROM generate_series(1, ${E}) n) x
  RETURNING id
), suppliers AS (
  INSERT INTO "SupplierCompany" (id, "companyId", name, email, "isActive", "supplierPortal", "supplierAccess", "createdAt", "updatedAt")
  SELECT pg_temp.sup(s), ${cid}, 'Scale Supplier ' || lpad(s::text, 3, '0'), 'office@supplier' || s || '.example',
    s % 25 <> 13, s = 1 OR s % 5 = 0, s % 10 = 0, pg_temp.at(${today} - 1500 + s, s), pg_temp.at(${today} - 1500 + s, s)
  FROM generate_series(1, ${S}) s
  RETURNING id
), personnel AS (
  INSERT INTO "Personnel" (id, "companyId", "supplierId", "firstName", "lastName", email, "isActive", "createdAt")
  SELECT pg_temp.per(p), ${cid}, pg_temp.sup(1 + (p - 1) / ${PPS}), (${FIRST_NAMES})[1 + (p * 3) % 40],
    (${LAST_NAMES})[1 + (p * 11) % 50], 'person' || p || '@supplier' || (1 + (p - 1) / ${PPS}) || '.example',
    p % 17 <> 5, pg_temp.at(${today} - 1400 + p, p)
  FROM generate_series(1, ${P}) p
  WHERE (SELECT count(*) FROM suppliers) > 0
  RETURNING id
)
INSERT INTO "User" (id, "companyId", username, email, "passwordHash", "userType", "employeeId", "supplierId",
  "personnelId", "passwordChangedAt", "createdAt", "updatedAt")
SELECT pg_temp.sid('user:' || u.username), ${cid}, u.username, u.email, $1, u.type::"UserType",
  CASE WHEN u.emp IS NOT NULL THEN pg_temp.emp(u.emp) END, CASE WHEN u.sup IS NOT NULL THEN pg_temp.sup(u.sup) END,
  CASE WHEN u.per IS NOT NULL THEN pg_temp.per(u.per) END,
  pg_temp.nowts() - interval '30 days', pg_temp.nowts() - interval '400 days', pg_temp.nowts() - interval '400 days'
FROM (VALUES
  ('${SCALE_USERS.busy}', 'blake.busby@scale-holdings.example', 'employee', 1, NULL::int, NULL::int),
  ('${SCALE_USERS.admin}', 'admin@scale-holdings.example', 'employee', 2, NULL, NULL),
  ('${SCALE_USERS.coordinator}', 'coordinator@scale-holdings.example', 'employee', 3, NULL, NULL),
  ('${SCALE_USERS.light}', 'employee@scale-holdings.example', 'employee', ${E - 1}, NULL, NULL),
  ('${SCALE_USERS.supplier}', 'office@supplier1.example', 'supplier', NULL, 1, NULL),
  ('${SCALE_USERS.personnel}', 'person1@supplier1.example', 'supplier', NULL, 1, 1)
) u(username, email, type, emp, sup, per)
WHERE (SELECT count(*) FROM employees) > 0 AND (SELECT count(*) FROM personnel) > 0`,
    },
  ];
}
