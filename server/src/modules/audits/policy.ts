import { auditMessages as say } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { conflict, forbidden, notFound, staleVersion } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { OwnerPolicy } from '../attachments';
import type { StoredAudit, Tx } from './record';

/**
 * The audit if the caller may see it: anyone with auditManageAudit sees the organisation's,
 * the auditor their own, and an assignee the audit of their finding (the dashboard links it).
 */
export async function visibleAudit(
  client: Tx | Db,
  auth: AuthContext,
  id: string,
): Promise<StoredAudit | null> {
  const audit = await client.audit.findFirst({ where: { id, companyId: auth.companyId } });
  if (!audit) return null;
  if (auth.accessKeys.has('auditManageAudit')) return audit;
  if (auth.employeeId && audit.ownerEmployeeId === auth.employeeId) return audit;
  const assigned = auth.employeeId
    ? await client.auditQuestionTask.count({
        where: { companyId: auth.companyId, auditId: id, assigneeEmployeeId: auth.employeeId },
      })
    : 0;
  return assigned > 0 ? audit : null;
}

/** Only its auditor conducts an audit (answers, findings, files), while it is open. */
export function mayConduct(auth: AuthContext, audit: StoredAudit): boolean {
  return audit.status !== 'closed' && audit.ownerEmployeeId === auth.employeeId;
}

/** Its auditor or a manager of audits reopens a closed audit. */
export function mayReopen(auth: AuthContext, audit: StoredAudit): boolean {
  return (
    (!!auth.employeeId && audit.ownerEmployeeId === auth.employeeId) ||
    auth.accessKeys.has('auditManageAudit')
  );
}

/** The open audit the caller conducts: 404 unseen, 403 not its auditor, 409 closed or stale. */
export async function conductableAudit(client: Tx | Db, auth: AuthContext, id: string, version?: number) {
  const audit = await visibleAudit(client, auth, id);
  if (!audit) throw notFound();
  if (!auth.employeeId || audit.ownerEmployeeId !== auth.employeeId) throw forbidden(say.notAuditor);
  if (audit.status === 'closed') throw conflict(say.closed);
  if (version !== undefined && version !== audit.version) throw staleVersion();
  return audit;
}

/** Whoever may see the audit reads its files; only its auditor adds them, while it is open. */
export const auditFilePolicy =
  (db: Db): OwnerPolicy =>
  async (auth, ownerId, mode) => {
    const audit = await visibleAudit(db, auth, ownerId);
    return !!audit && (mode === 'read' || mayConduct(auth, audit));
  };
