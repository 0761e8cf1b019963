import type { Prisma } from '../../db/prisma';
import { hashToken, newToken } from '../../plugins/auth';

/** Where the site is and what it is called, for the links and mails of the password flows. */
export interface PasswordMailOptions {
  publicUrl: string;
  productName: string;
}

/**
 * A new single-use link of `purpose` to a page of the site at `publicUrl` ({page}/{token}): the token
 * is kept only hashed, and the user's earlier unused links of that purpose stop working.
 */
export async function newPasswordLink(
  tx: Prisma.TransactionClient,
  user: { id: string; companyId: string },
  link: { purpose: 'reset' | 'invitation'; publicUrl: string; page: string; validMs: number },
): Promise<string> {
  const token = newToken();
  await tx.passwordResetToken.deleteMany({
    where: { userId: user.id, usedAt: null, purpose: link.purpose },
  });
  await tx.passwordResetToken.create({
    data: {
      companyId: user.companyId,
      userId: user.id,
      purpose: link.purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + link.validMs),
    },
  });
  return `${link.publicUrl.replace(/\/$/, '')}/${link.page}/${token}`;
}
