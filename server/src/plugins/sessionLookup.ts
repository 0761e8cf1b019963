import pg from 'pg';
import { timestampOf } from '../db/reader';
import type { AccountOfCaller } from './callers';

/** A session with what the auth plugin needs of its user, role and supplier company. */
export interface SessionRecord {
  id: string;
  revokedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
  permissionsLoadedAt: Date;
  user: AccountOfCaller & {
    id: string;
    isActive: boolean;
    isForceUpdatePassword: boolean;
    updatedAt: Date;
    employee: { role: { updatedAt: Date; access: Record<string, unknown> } | null } | null;
    supplier: {
      updatedAt: Date;
      companyId: string;
      supplierPortal: boolean;
      supplierAccess: boolean;
      isActive: boolean;
    } | null;
    /** A supplier account's own access to the portal (Access Settings). */
    portalAccess: boolean;
  };
}

interface Row {
  id: string;
  revokedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
  permissionsLoadedAt: Date;
  userId: string;
  companyId: string;
  timeZone: string;
  userType: SessionRecord['user']['userType'];
  employeeId: string | null;
  supplierId: string | null;
  personnelId: string | null;
  isActive: boolean;
  isForceUpdatePassword: boolean;
  portalAccess: boolean;
  updatedAt: Date;
  hasEmployee: boolean;
  roleUpdatedAt: Date | null;
  roleAccess: Record<string, unknown> | null;
  supplierUpdatedAt: Date | null;
  supplierCompanyId: string | null;
  supplierPortal: boolean | null;
  supplierAccess: boolean | null;
  supplierActive: boolean | null;
}

/** What the auth plugin needs of a session; every column it names is watched by the session cache's triggers. */
export const SESSION_BY_TOKEN_HASH = `
  SELECT s.id, s."revokedAt", s."expiresAt", s."lastSeenAt", s."permissionsLoadedAt",
    u.id AS "userId", u."companyId", c."timeZone", u."userType"::text AS "userType", u."employeeId", u."supplierId",
    u."personnelId", u."isActive", u."isForceUpdatePassword", u."portalAccess", u."updatedAt",
    e.id IS NOT NULL AS "hasEmployee", r."updatedAt" AS "roleUpdatedAt", r.access AS "roleAccess",
    sc."updatedAt" AS "supplierUpdatedAt", sc."companyId" AS "supplierCompanyId", sc."supplierPortal",
    sc."supplierAccess", sc."isActive" AS "supplierActive"
  FROM "Session" s
  JOIN "User" u ON u.id = s."userId"
  JOIN "Company" c ON c.id = u."companyId"
  LEFT JOIN "Employee" e ON e.id = u."employeeId"
  LEFT JOIN "Role" r ON r.id = e."roleId"
  LEFT JOIN "SupplierCompany" sc ON sc.id = u."supplierId"
  WHERE s."tokenHash" = $1`;

/** pg's parsers with `timestamp` read as UTC: pg would read it as the Node process's local time. */
export const utcTimestamps = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMP
      ? timestampOf
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Finds the session of a token hash; the auth plugin's one read on every signed-in request. */
export type SessionLookup = (tokenHash: string) => Promise<SessionRecord | null>;

/**
 * The session lookup as one prepared statement on the app's read pool: every signed-in request
 * runs it, and through Prisma (query building, no prepared statements) the same read cost ~8 ms as
 * a relation-joined findUnique and ~3 ms as $queryRaw on this machine (bench/README.md, "HTTP floor
 * with sign-in").
 */
export function pgSessionLookup(pool: pg.Pool): SessionLookup {
  return async (tokenHash) => {
    const { rows } = await pool.query<Row>({
      name: 'auth_session_by_token_hash',
      text: SESSION_BY_TOKEN_HASH,
      values: [tokenHash],
      types: utcTimestamps,
    });
    return toRecord(rows[0]);
  };
}

function toRecord(row: Row | undefined): SessionRecord | null {
  if (!row) return null;
  return {
    id: row.id,
    revokedAt: row.revokedAt,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
    permissionsLoadedAt: row.permissionsLoadedAt,
    user: {
      id: row.userId,
      companyId: row.companyId,
      timeZone: row.timeZone,
      userType: row.userType,
      employeeId: row.employeeId,
      supplierId: row.supplierId,
      personnelId: row.personnelId,
      isActive: row.isActive,
      isForceUpdatePassword: row.isForceUpdatePassword,
      portalAccess: row.portalAccess,
      updatedAt: row.updatedAt,
      employee: row.hasEmployee
        ? {
            role: row.roleUpdatedAt ? { updatedAt: row.roleUpdatedAt, access: row.roleAccess ?? {} } : null,
          }
        : null,
      supplier:
        row.supplierCompanyId !== null && row.supplierUpdatedAt !== null
          ? {
              updatedAt: row.supplierUpdatedAt,
              companyId: row.supplierCompanyId,
              supplierPortal: row.supplierPortal ?? false,
              supplierAccess: row.supplierAccess ?? false,
              isActive: row.supplierActive ?? false,
            }
          : null,
    },
  };
}
