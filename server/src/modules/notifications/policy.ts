import type { AuthContext } from '../../plugins/auth';

// The notification settings are administered by the organisation's administrators (the `system`
// key; the calls' gate admits no one else): the organisation's users and mail only, and a test
// mail goes to the caller alone.

/** The organisation's records (users, mail), as a Prisma where: another organisation's are none. */
export const ofOrganisation = (auth: AuthContext) => ({ companyId: auth.companyId });

/** The caller's own user record. */
export const ownUser = (auth: AuthContext) => ({ id: auth.userId, companyId: auth.companyId });

/** The caller's own test mails. */
export const ownTestMails = (auth: AuthContext) => ({
  companyId: auth.companyId,
  userId: auth.userId,
  category: 'testMail',
});
