import { messages, resetPasswordError, type TPasswordLink } from '@compass/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/prisma';
import { badRequest } from '../../errors';
import { hashToken } from '../../plugins/auth';
import { newPasswordLink, type PasswordMailOptions } from './links';
import type { MailQueue } from '../../plugins/mail';
import type { PasswordHasher } from '../auth';
import { displayName } from '../auth';
import { throttleAccountOf, type SignInThrottle } from '../auth';
import { passwordResetMail } from '../mail';

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/**
 * Every forgot-password answer takes at least this long, so the answer for an existing account
 * (token, mail) cannot be told from the one for an unknown name by its timing.
 */
const FORGOT_PASSWORD_MIN_MS = 250;
/** At most this many accounts share one e-mail address in a forgot-password request. */
const MAX_ACCOUNTS_PER_EMAIL = 5;

export class PasswordService {
  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly passwords: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly options: PasswordMailOptions,
  ) {}

  /** Always resolves the same way; mails a reset link to each active account the name matches. */
  async forgotPassword(username: string): Promise<void> {
    const started = Date.now();
    try {
      await this.sendResetLinks(username.trim());
    } finally {
      const remaining = FORGOT_PASSWORD_MIN_MS - (Date.now() - started);
      if (remaining > 0) await sleep(remaining);
    }
  }

  private async sendResetLinks(name: string): Promise<void> {
    const select = {
      id: true,
      companyId: true,
      username: true,
      email: true,
      employee: { select: { firstName: true, lastName: true } },
      personnel: { select: { firstName: true, lastName: true } },
      supplier: { select: { name: true } },
    } as const;
    const byUsername = await this.db.user.findFirst({
      where: { username: { equals: name, mode: 'insensitive' }, isActive: true },
      select,
    });
    const users = byUsername
      ? [byUsername]
      : await this.db.user.findMany({
          where: { email: { equals: name, mode: 'insensitive' }, isActive: true },
          select,
          take: MAX_ACCOUNTS_PER_EMAIL,
          orderBy: { createdAt: 'asc' },
        });
    for (const user of users) {
      if (!user.email) continue;
      const email = user.email;
      await this.db.$transaction(async (tx) => {
        const link = await newPasswordLink(tx, user, {
          purpose: 'reset',
          publicUrl: this.options.publicUrl,
          page: 'reset-password',
          validMs: RESET_TOKEN_TTL_MINUTES * 60_000,
        });
        await this.mail.enqueue(tx, {
          companyId: user.companyId,
          userId: user.id,
          to: email,
          category: 'passwordReset',
          content: passwordResetMail({
            productName: this.options.productName,
            name: displayName(user),
            username: user.username,
            link,
            validMinutes: RESET_TOKEN_TTL_MINUTES,
          }),
        });
      });
    }
  }

  /** A usable (unused, unexpired, active user's) token of a reset or invitation link, or the refusal. */
  private async usableToken(token: string, now: Date) {
    const found = token
      ? await this.db.passwordResetToken.findUnique({
          where: { tokenHash: hashToken(token) },
          include: {
            user: {
              select: {
                isActive: true,
                username: true,
                company: { select: { name: true } },
                employee: { select: { firstName: true, lastName: true } },
                personnel: { select: { firstName: true, lastName: true } },
                supplier: { select: { name: true } },
              },
            },
          },
        })
      : null;
    if (!found || found.usedAt || found.expiresAt <= now || !found.user.isActive) {
      throw badRequest(
        found?.purpose === 'invitation'
          ? messages.invitation.invalidToken
          : messages.resetPassword.invalidToken,
      );
    }
    return found;
  }

  /** What a link is for, for the set-password page to greet its user. */
  async linkDetails(token: string): Promise<TPasswordLink> {
    const found = await this.usableToken(token, new Date());
    return {
      purpose: found.purpose,
      name: displayName(found.user),
      username: found.user.username,
      companyName: found.user.supplier?.name ?? found.user.company.name,
    };
  }

  /**
   * Sets a new password from a reset or invitation link: the token is used up, a forced update is
   * cleared and every session of the user is revoked, all in one transaction. Answers the link's purpose.
   */
  async resetPassword(input: {
    token: string;
    password: string;
    confirmPassword: string;
  }): Promise<TPasswordLink['purpose']> {
    const problem = resetPasswordError(input.password, input.confirmPassword);
    if (problem) throw badRequest(problem, [{ field: 'password', message: problem }]);
    const now = new Date();
    const found = await this.usableToken(input.token, now);
    const invalid = () =>
      badRequest(
        found.purpose === 'invitation'
          ? messages.invitation.invalidToken
          : messages.resetPassword.invalidToken,
      );
    const passwordHash = await this.passwords.hash(input.password);
    await this.db.$transaction(async (tx) => {
      // Conditional on still being unused: of two concurrent uses only one succeeds.
      const used = await tx.passwordResetToken.updateMany({
        where: { id: found.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (used.count !== 1) throw invalid();
      await tx.user.update({
        where: { id: found.userId },
        data: {
          passwordHash,
          passwordChangedAt: now,
          isForceUpdatePassword: false,
        },
      });
      await tx.session.updateMany({
        where: { userId: found.userId, revokedAt: null },
        data: { revokedAt: now },
      });
    });
    await this.throttle.forget(throttleAccountOf({ id: found.userId }, ''));
    return found.purpose;
  }
}
