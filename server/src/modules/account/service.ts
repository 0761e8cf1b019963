import { messages } from '@compass/shared';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/prisma';
import { badRequest, conflict } from '../../errors';
import { hashToken, type AuthContext } from '../../plugins/auth';
import { requireOwnExternalAccount, type AccountNamed } from './policy';

export class AccountService {
  constructor(private readonly db: Db) {}

  /**
   * An external-party user (supplier SSO) whose username is not an e-mail address sets one: it
   * becomes both the username and the e-mail. Only for the caller's own supplier and personnel.
   */
  async updateUsername(auth: AuthContext, input: AccountNamed & { email: string }): Promise<void> {
    requireOwnExternalAccount(auth, input);
    const email = input.email.trim().toLowerCase();
    const taken = await this.db.user.findFirst({
      where: { username: { equals: email, mode: 'insensitive' }, id: { not: auth.userId } },
      select: { id: true },
    });
    if (taken) throw conflict(messages.updateUsername.inUse);
    try {
      await this.db.user.update({ where: { id: auth.userId }, data: { username: email, email } });
    } catch (error) {
      // Another account took the name between the check and the update.
      if (isUniqueViolation(error)) throw conflict(messages.updateUsername.inUse);
      throw error;
    }
  }

  /** Stops optional mail to the user the unsubscribe link was sent to; answers the notification text. */
  async unsubscribe(input: { authtoken: string; reason: string }): Promise<string> {
    const token = input.authtoken
      ? await this.db.unsubscribeToken.findUnique({ where: { tokenHash: hashToken(input.authtoken) } })
      : null;
    if (!token) throw badRequest(messages.unsubscribe.invalidToken);
    const user = await this.db.user.findUniqueOrThrow({
      where: { id: token.userId },
      select: { unsubscribedAt: true },
    });
    await this.db.user.update({
      where: { id: token.userId },
      data: {
        unsubscribedAt: user.unsubscribedAt ?? new Date(),
        ...(input.reason ? { unsubscribeReason: input.reason } : {}),
      },
    });
    return messages.unsubscribe.done;
  }
}
