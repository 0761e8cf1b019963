import { personName } from '@compass/shared';
import type { Prisma } from '../../db/prisma';

/** Someone a supplier mail goes to, with their account when they have one (for the sign-in line). */
export interface SupplierRecipient {
  name: string;
  email: string;
  userId: string | null;
}

/**
 * Who is asked for something a supplier owes: the person it names, else the company's active
 * main accounts. Only usable, distinct e-mail addresses; none when nobody has one.
 */
export async function supplierRecipients(
  tx: Prisma.TransactionClient,
  party: { companyId: string; supplierId: string; personnelId: string | null },
): Promise<SupplierRecipient[]> {
  const { companyId, supplierId, personnelId } = party;
  const candidates = personnelId
    ? await tx.personnel
        .findFirst({
          where: { id: personnelId, companyId },
          select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
        })
        .then((person) =>
          person ? [{ name: personName(person), email: person.email, userId: person.user?.id ?? null }] : [],
        )
    : await tx.user
        .findMany({
          where: { companyId, supplierId, userType: 'supplier', personnelId: null, isActive: true },
          select: { id: true, username: true, email: true },
        })
        .then((users) =>
          users.map((user) => ({ name: user.username, email: user.email ?? user.username, userId: user.id })),
        );
  const seen = new Set<string>();
  const recipients: SupplierRecipient[] = [];
  for (const candidate of candidates) {
    const email = candidate.email?.trim();
    if (!email || !email.includes('@') || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    recipients.push({ ...candidate, email });
  }
  return recipients;
}
