import type pg from 'pg';
import type { AccountOfCaller } from './callers';
import { utcTimestamps } from './sessionLookup';

/** An API token with what the auth plugin needs of the account that made it (docs/integrations.md). */
export interface ApiTokenRecord {
  id: string;
  /** The access keys chosen for the token: the caller gets those its creator's role still holds. */
  accessKeys: string[];
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  user: AccountOfCaller & {
    id: string;
    isActive: boolean;
    isForceUpdatePassword: boolean;
    /** The creator's role's stored access map, read now: a role change is obeyed on the next call. */
    roleAccess: Record<string, unknown> | null;
  };
}

interface Row {
  id: string;
  accessKeys: string[];
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  userId: string;
  companyId: string;
  timeZone: string;
  userType: AccountOfCaller['userType'];
  employeeId: string | null;
  supplierId: string | null;
  personnelId: string | null;
  isActive: boolean;
  isForceUpdatePassword: boolean;
  roleAccess: Record<string, unknown> | null;
}

/**
 * A token, its creator, the organisation's time zone and the creator's role access, by the token's
 * hash. A token whose organisation is not its creator's finds nothing.
 */
export const API_TOKEN_BY_HASH = `
  SELECT t.id, t."accessKeys", t."expiresAt", t."revokedAt", t."lastUsedAt",
    u.id AS "userId", u."companyId", c."timeZone", u."userType"::text AS "userType", u."employeeId",
    u."supplierId", u."personnelId", u."isActive", u."isForceUpdatePassword", r.access AS "roleAccess"
  FROM "ApiToken" t
  JOIN "User" u ON u.id = t."userId" AND u."companyId" = t."companyId"
  JOIN "Company" c ON c.id = u."companyId"
  LEFT JOIN "Employee" e ON e.id = u."employeeId"
  LEFT JOIN "Role" r ON r.id = e."roleId"
  WHERE t."tokenHash" = $1`;

/** Finds the API token of a token hash. */
export type ApiTokenLookup = (tokenHash: string) => Promise<ApiTokenRecord | null>;

/**
 * The token lookup as one prepared statement on the app's read pool, like the session lookup. It is
 * not cached: a revocation, a deactivation or a role change holds from the next call on every process.
 */
export function pgApiTokenLookup(pool: pg.Pool): ApiTokenLookup {
  return async (tokenHash) => {
    const { rows } = await pool.query<Row>({
      name: 'auth_api_token_by_hash',
      text: API_TOKEN_BY_HASH,
      values: [tokenHash],
      types: utcTimestamps,
    });
    const row = rows[0];
    if (!row) return null;
    const { id, accessKeys, expiresAt, revokedAt, lastUsedAt, userId, roleAccess, ...account } = row;
    return {
      id,
      accessKeys,
      expiresAt,
      revokedAt,
      lastUsedAt,
      user: { ...account, id: userId, roleAccess },
    };
  };
}
