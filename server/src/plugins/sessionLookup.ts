import type { Db } from '../db/prisma';
import { Prisma } from '../generated/prisma/client';

/** A session with what the auth plugin needs of its user, role and supplier company. */
export interface SessionRecord {
  id: string;
  revokedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
  permissionsLoadedAt: Date;
  user: {
    id: string;
    companyId: string;
    userType: 'employee' | 'supplier' | 'company';
    employeeId: string | null;
    supplierId: string | null;
    personnelId: string | null;
    isActive: boolean;
    isForceUpdatePassword: boolean;
    updatedAt: Date;
    employee: { role: { updatedAt: Date } | null } | null;
    supplier: {
      updatedAt: Date;
      companyId: string;
      supplierPortal: boolean;
      supplierAccess: boolean;
      isActive: boolean;
    } | null;
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
  userType: SessionRecord['user']['userType'];
  employeeId: string | null;
  supplierId: string | null;
  personnelId: string | null;
  isActive: boolean;
  isForceUpdatePassword: boolean;
  updatedAt: Date;
  hasEmployee: boolean;
  roleUpdatedAt: Date | null;
  supplierUpdatedAt: Date | null;
  supplierCompanyId: string | null;
  supplierPortal: boolean | null;
  supplierAccess: boolean | null;
  supplierActive: boolean | null;
}

/**
 * The session of a token hash, in one raw statement. Every signed-in request runs it: the same
 * read as a relation-joined `findUnique` costs ~8 ms of Prisma's query building per call on this
 * machine, ~3 ms this way (bench/README.md, "HTTP floor with sign-in").
 */
export async function findSession(db: Db, tokenHash: string): Promise<SessionRecord | null> {
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT s.id, s."revokedAt", s."expiresAt", s."lastSeenAt", s."permissionsLoadedAt",
      u.id AS "userId", u."companyId", u."userType"::text AS "userType", u."employeeId", u."supplierId",
      u."personnelId", u."isActive", u."isForceUpdatePassword", u."updatedAt",
      e.id IS NOT NULL AS "hasEmployee", r."updatedAt" AS "roleUpdatedAt",
      sc."updatedAt" AS "supplierUpdatedAt", sc."companyId" AS "supplierCompanyId", sc."supplierPortal",
      sc."supplierAccess", sc."isActive" AS "supplierActive"
    FROM "Session" s
    JOIN "User" u ON u.id = s."userId"
    LEFT JOIN "Employee" e ON e.id = u."employeeId"
    LEFT JOIN "Role" r ON r.id = e."roleId"
    LEFT JOIN "SupplierCompany" sc ON sc.id = u."supplierId"
    WHERE s."tokenHash" = ${tokenHash}`);
  const row = rows[0];
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
      userType: row.userType,
      employeeId: row.employeeId,
      supplierId: row.supplierId,
      personnelId: row.personnelId,
      isActive: row.isActive,
      isForceUpdatePassword: row.isForceUpdatePassword,
      updatedAt: row.updatedAt,
      employee: row.hasEmployee
        ? { role: row.roleUpdatedAt ? { updatedAt: row.roleUpdatedAt } : null }
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
