import { messages } from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { badRequest } from '../../errors';
import { newPasswordLink, type PasswordMailOptions } from './links';
import type { MailQueue } from '../../plugins/mail';
import { displayName } from '../auth';
import { invitationMail, signInEmailChangedMail } from '../mail';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** What a mail about an account names: its organisation, its holder's name and its sign-in. */
const ACCOUNT = {
  id: true,
  companyId: true,
  username: true,
  email: true,
  isActive: true,
  company: { select: { name: true } },
  employee: { select: { firstName: true, lastName: true } },
  personnel: { select: { firstName: true, lastName: true } },
  supplier: { select: { name: true } },
} satisfies Prisma.UserSelect;

/**
 * Invitations to new accounts: a single-use, expiring set-password link (a PasswordResetToken of
 * purpose invitation, the reset machinery) mailed through the outbox. Employees open it at
 * /reset-password/{token}; supplier users and personnel at /external-parties-account-activate/{token}.
 */
export class Invitations {
  constructor(
    private readonly mail: MailQueue,
    private readonly options: PasswordMailOptions,
  ) {}

  /**
   * Invites one user inside the caller's transaction; an earlier unused invitation stops working.
   * Refuses a user without an e-mail address or a deactivated one.
   */
  async invite(tx: Prisma.TransactionClient, userId: string): Promise<void> {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { ...ACCOUNT, userType: true },
    });
    if (!user.email) throw badRequest(messages.invitation.noEmail);
    if (!user.isActive) throw badRequest(messages.invitation.inactive);
    const link = await newPasswordLink(tx, user, {
      purpose: 'invitation',
      publicUrl: this.options.publicUrl,
      page: user.userType === 'employee' ? 'reset-password' : 'external-parties-account-activate',
      validMs: INVITATION_TTL_DAYS * 86_400_000,
    });
    await this.mail.enqueue(tx, {
      companyId: user.companyId,
      userId: user.id,
      to: user.email,
      category: 'invitation',
      content: invitationMail({
        productName: this.options.productName,
        companyName: user.company.name,
        name: displayName(user),
        username: user.username,
        link,
        validDays: INVITATION_TTL_DAYS,
      }),
    });
  }

  /**
   * An account's sign-in e-mail was changed (in the caller's transaction, after the change): the old
   * address is told, the account's sessions end (but the caller's own, when it changed itself) and
   * its open reset and invitation links stop working; an invitation still open goes again, to the
   * new address, so a corrected address needs no second step.
   */
  async signInEmailChanged(
    tx: Prisma.TransactionClient,
    change: { userId: string; oldEmail: string; changedBy: string; keepSessionId: string | null },
  ): Promise<{ reinvited: boolean }> {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: change.userId },
      select: { ...ACCOUNT, passwordHash: true },
    });
    const invitationOpen =
      (await tx.passwordResetToken.count({
        where: { userId: user.id, purpose: 'invitation', usedAt: null, expiresAt: { gt: new Date() } },
      })) > 0;
    await tx.passwordResetToken.deleteMany({ where: { userId: user.id, usedAt: null } });
    await tx.session.updateMany({
      where: { userId: user.id, revokedAt: null, id: { not: change.keepSessionId ?? undefined } },
      data: { revokedAt: new Date() },
    });
    await this.mail.enqueue(tx, {
      companyId: user.companyId,
      userId: user.id,
      to: change.oldEmail,
      category: 'signInEmailChanged',
      content: signInEmailChangedMail({
        productName: this.options.productName,
        companyName: user.company.name,
        name: displayName(user),
        username: user.username,
        newEmail: user.email,
        changedBy: change.changedBy,
      }),
    });
    const reinvited = invitationOpen && !user.passwordHash && Boolean(user.email) && user.isActive;
    if (reinvited) await this.invite(tx, user.id);
    return { reinvited };
  }
}
