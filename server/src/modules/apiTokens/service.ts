import {
  API_TOKEN_MAX_ACTIVE,
  API_TOKEN_PREFIX,
  apiTokenMessages as say,
  type AccessKey,
  type ApiTokenState,
  type TApiToken,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { conflict, notFound } from '../../errors';
import { hashToken, newToken, type AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { nameOfUser } from '../employees';
import { requireKeysHeld, tokensOf } from './policy';

/** The characters of a token kept to tell tokens apart: the prefix and 6 of the secret. */
const SHOWN_CHARACTERS = 10;
const DAY_MS = 24 * 60 * 60_000;

const tokenColumns = {
  id: true,
  name: true,
  prefix: true,
  accessKeys: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  lastUsedAddress: true,
  revokedAt: true,
  user: { select: { username: true, employee: { select: { firstName: true, lastName: true } } } },
} satisfies Prisma.ApiTokenSelect;

type TokenRow = Prisma.ApiTokenGetPayload<{ select: typeof tokenColumns }>;

function stateOf(token: Pick<TokenRow, 'revokedAt' | 'expiresAt'>, now: Date): ApiTokenState {
  if (token.revokedAt) return 'revoked';
  return token.expiresAt <= now ? 'expired' : 'active';
}

function apiTokenOf(row: TokenRow, now: Date): TApiToken {
  const { employee, username } = row.user;
  return {
    _id: row.id,
    name: row.name,
    prefix: row.prefix,
    accessKeys: row.accessKeys as AccessKey[],
    state: stateOf(row, now),
    createdBy:
      nameOfUser({
        username,
        firstName: employee?.firstName ?? null,
        lastName: employee?.lastName ?? null,
      }) ?? username,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: row.lastUsedAddress,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** What the change log keeps of a token: never the token or its hash. */
const loggedOf = (token: { name: string; prefix: string; accessKeys: string[]; expiresAt: Date }) => ({
  name: token.name,
  prefix: token.prefix,
  accessKeys: token.accessKeys,
  expiresAt: token.expiresAt.toISOString(),
});

/** An organisation's API tokens (docs/integrations.md): listed, made and revoked by its administrators. */
export class ApiTokenService {
  constructor(private readonly db: Db) {}

  /** Newest first, the active ones before the expired and revoked. */
  async list(auth: AuthContext): Promise<TApiToken[]> {
    const now = new Date();
    const rows = await this.db.apiToken.findMany({
      where: tokensOf(auth),
      select: tokenColumns,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    });
    const active = (row: TokenRow) => Number(stateOf(row, now) !== 'active');
    return rows.sort((a, b) => active(a) - active(b)).map((row) => apiTokenOf(row, now));
  }

  /**
   * Makes a token acting as the caller, with keys the caller holds (nobody grants what they do not
   * hold). Only its hash is stored; the answer is the only time the token is seen.
   */
  async create(
    auth: AuthContext,
    input: { name: string; accessKeys: AccessKey[]; expiresInDays: number },
  ): Promise<{ token: string; apiToken: TApiToken }> {
    requireKeysHeld(auth, input.accessKeys);
    const now = new Date();
    const token = `${API_TOKEN_PREFIX}${newToken()}`;
    const row = await this.db.$transaction(async (tx) => {
      // One organisation's creates in turn, so the limit and the unique name hold under concurrency.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`api-tokens:${auth.companyId}`}))`;
      const active = { companyId: auth.companyId, revokedAt: null, expiresAt: { gt: now } };
      const [count, sameName] = await Promise.all([
        tx.apiToken.count({ where: active }),
        tx.apiToken.findFirst({
          where: { ...active, name: { equals: input.name, mode: 'insensitive' } },
          select: { id: true },
        }),
      ]);
      if (sameName) throw conflict(say.nameTaken);
      if (count >= API_TOKEN_MAX_ACTIVE) throw conflict(say.tooMany);
      const created = await tx.apiToken.create({
        data: {
          companyId: auth.companyId,
          userId: auth.userId,
          name: input.name,
          prefix: token.slice(0, SHOWN_CHARACTERS),
          tokenHash: hashToken(token),
          accessKeys: [...new Set(input.accessKeys)],
          createdAt: now,
          expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        },
        select: tokenColumns,
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'apiToken',
        entityId: created.id,
        action: 'created',
        before: null,
        after: loggedOf(created),
      });
      return created;
    });
    return { token, apiToken: apiTokenOf(row, now) };
  }

  /** Revokes a token of the caller's organisation; from the next call on, it is refused everywhere. */
  async revoke(auth: AuthContext, id: string): Promise<void> {
    const now = new Date();
    await this.db.$transaction(async (tx) => {
      const token = await tx.apiToken.findFirst({
        where: { id, ...tokensOf(auth) },
        select: { id: true },
      });
      if (!token) throw notFound(say.notFound);
      // Only the first of two revokes at once changes the row.
      const { count } = await tx.apiToken.updateMany({
        where: { id, revokedAt: null },
        data: { revokedAt: now },
      });
      if (count === 0) throw conflict(say.alreadyRevoked);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'apiToken',
        entityId: id,
        action: 'revoked',
        before: { revokedAt: null },
        after: { revokedAt: now.toISOString() },
      });
    });
  }
}
