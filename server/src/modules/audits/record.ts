import type { Prisma } from '../../db/prisma';

export type Tx = Prisma.TransactionClient;
export type StoredAudit = Prisma.AuditGetPayload<object>;

/** The audit's stored answers by field, a copy (none yet is an empty record). */
export function answersOf(audit: StoredAudit): Record<string, unknown> {
  const answers = audit.answers;
  return answers && typeof answers === 'object' && !Array.isArray(answers) ? { ...answers } : {};
}
