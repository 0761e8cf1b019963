import {
  externalTaskPath,
  messages,
  type TLinkOperation,
  type TLinkTokenRevokeRequest,
} from '@compass/shared';
import type { LinkResource } from '../../generated/prisma/client';
import type { Db, Prisma } from '../../db/prisma';
import { notFound } from '../../errors';
import { hashToken, newToken, type AuthContext } from '../../plugins/auth';
import type { LinkScope } from '../../plugins/callers';
import { LinkError } from './linkError';
import { requireMayRevoke } from './policy';

/** How long a link works when its issuer names no expiry. */
export const DEFAULT_LINK_TTL_DAYS = 30;

export interface IssueLinkInput {
  companyId: string;
  resourceType: LinkResource;
  resourceId: string;
  operations: TLinkOperation[];
  supplierId?: string | null;
  personnelId?: string | null;
  createdById?: string | null;
  /** Default: DEFAULT_LINK_TTL_DAYS from now. */
  expiresAt?: Date;
}

/**
 * Issues a link token inside the caller's transaction and returns the raw token, once: only its
 * SHA-256 is stored, like a session's.
 */
export async function issueLink(
  tx: Prisma.TransactionClient,
  input: IssueLinkInput,
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = input.expiresAt ?? new Date(Date.now() + DEFAULT_LINK_TTL_DAYS * 86_400_000);
  const row = await tx.linkToken.create({
    data: {
      companyId: input.companyId,
      tokenHash: hashToken(token),
      resourceType: input.resourceType,
      resourceId: input.resourceId,
      operations: input.operations,
      supplierId: input.supplierId ?? null,
      personnelId: input.personnelId ?? null,
      createdById: input.createdById ?? null,
      expiresAt,
    },
  });
  return { id: row.id, token, expiresAt };
}

export interface ActionForLink {
  id: string;
  companyId: string;
  /** Null for a register's action (a risk, a substance): those go to employees, who sign in. */
  submissionId: string | null;
  actionType: 'internal' | 'external';
  assigneePersonnelId: string | null;
}

/**
 * The link of the assignment mail of an action assigned to external personnel: read and update
 * (Save Draft, Complete, files) that one action. Links of the action issued to someone else (it
 * was reassigned) are revoked. Internal actions get no link (employees sign in): null.
 */
export async function issueActionLink(
  tx: Prisma.TransactionClient,
  action: ActionForLink,
  createdById: string | null = null,
): Promise<{ token: string; path: string; expiresAt: Date } | null> {
  if (action.actionType !== 'external' || !action.assigneePersonnelId || !action.submissionId) return null;
  const personnel = await tx.personnel.findFirst({
    where: { id: action.assigneePersonnelId, companyId: action.companyId },
    select: { supplierId: true },
  });
  if (!personnel) return null;
  await tx.linkToken.updateMany({
    where: {
      companyId: action.companyId,
      resourceType: 'action',
      resourceId: action.id,
      revokedAt: null,
      NOT: { personnelId: action.assigneePersonnelId },
    },
    data: { revokedAt: new Date() },
  });
  const { submissionId } = action;
  const issued = await issueLink(tx, {
    companyId: action.companyId,
    resourceType: 'action',
    resourceId: action.id,
    operations: ['read', 'update'],
    supplierId: personnel.supplierId,
    personnelId: action.assigneePersonnelId,
    createdById,
  });
  const path = `${externalTaskPath(submissionId, action.id, action.companyId)}?authtoken=${encodeURIComponent(issued.token)}`;
  return { token: issued.token, path, expiresAt: issued.expiresAt };
}

export class LinkService {
  constructor(private readonly db: Db) {}

  /** The scope of a raw token, or a LinkError: unknown 401, revoked or expired 403. */
  async resolve(token: string): Promise<LinkScope> {
    const row = await this.db.linkToken.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!row) throw new LinkError('unknown', 401);
    if (row.revokedAt) throw new LinkError('revoked', 403);
    if (row.expiresAt <= new Date()) throw new LinkError('expired', 403);
    return {
      linkTokenId: row.id,
      companyId: row.companyId,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      operations: row.operations.filter((operation): operation is TLinkOperation =>
        (['read', 'update'] as string[]).includes(operation),
      ),
      supplierId: row.supplierId,
      personnelId: row.personnelId,
      expiresAt: row.expiresAt,
    };
  }

  /** The submission a resource belongs to, in the caller's organisation (null: not a form resource). */
  private async submissionOf(companyId: string, request: TLinkTokenRevokeRequest) {
    const where = { companyId, id: request.resourceId };
    switch (request.resourceType) {
      case 'submission':
        return (await this.db.formSubmission.findFirst({ where, select: { id: true } }))?.id ?? null;
      case 'action':
        return (
          (await this.db.action.findFirst({ where, select: { submissionId: true } }))?.submissionId ?? null
        );
      default:
        return null;
    }
  }

  /** Revokes one link or every live link of a resource, as the policy lets the caller. */
  async revoke(auth: AuthContext, request: TLinkTokenRevokeRequest): Promise<number> {
    // A kiosk's link goes with visitorKioskRevoke, which marks the kiosk revoked too.
    if (request.resourceType === 'visitorKiosk') throw notFound(messages.links.noneToRevoke);
    await requireMayRevoke(this.db, auth, await this.submissionOf(auth.companyId, request));
    const revoked = await this.db.$transaction(async (tx) => {
      const { count } = await tx.linkToken.updateMany({
        where: {
          companyId: auth.companyId,
          resourceType: request.resourceType,
          resourceId: request.resourceId,
          revokedAt: null,
          ...(request._id ? { id: request._id } : {}),
        },
        data: { revokedAt: new Date() },
      });
      if (count > 0) {
        await tx.changeLog.create({
          data: {
            companyId: auth.companyId,
            entityType: `linkToken.${request.resourceType}`,
            entityId: request.resourceId,
            userId: auth.userId,
            action: 'linkRevoked',
            changes: { linkTokenId: request._id ?? null, count },
          },
        });
      }
      return count;
    });
    if (revoked === 0) throw notFound(messages.links.noneToRevoke);
    return revoked;
  }
}
