import {
  type AccessKey,
  changePasswordError,
  messages,
  personName,
  organisationLogoPath,
  type TAccount,
  type TAccountsResponse,
  toAccessMap,
  type TPermissions,
  type TSignInResponse,
  yesNo,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors';
import { hashToken, newToken, type AuthContext } from '../../plugins/auth';
import { clientAddressKey } from '../../plugins/rateLimit';
import type { PasswordHasher } from './passwords';
import { maySwitchTo, requireOwnAccountList } from './policy';
import { throttleAccountOf, type SignInThrottle } from './throttle';

export interface ClientMeta {
  ipAddress: string;
  userAgent?: string;
}

type AccountUser = {
  id: string;
  email: string | null;
  username: string;
  userType: 'employee' | 'supplier' | 'company';
  company: { name: string };
  employee: { firstName: string; lastName: string } | null;
  personnel: { firstName: string; lastName: string } | null;
  supplier: { name: string } | null;
};

/** How an account is named in the shell and in mails: its person, else its supplier, else its username. */
export function displayName(user: {
  employee: AccountUser['employee'];
  personnel: AccountUser['personnel'];
  supplier: { name: string } | null;
  username: string;
}): string {
  return personName(user.employee ?? user.personnel) || (user.supplier?.name ?? user.username);
}

/** The names an account row carries, as displayName reads them. */
interface NamedAccountRow {
  username: string;
  employeeFirstName: string | null;
  employeeLastName: string | null;
  personnelFirstName: string | null;
  personnelLastName: string | null;
  supplierName: string | null;
}

interface AccountRow extends NamedAccountRow {
  id: string;
  email: string | null;
  userType: AccountUser['userType'];
  companyName: string;
}

interface PermissionsRow extends NamedAccountRow {
  id: string;
  companyId: string;
  userType: AccountUser['userType'];
  supplierId: string | null;
  personnelId: string | null;
  employeeId: string | null;
  signInMethod: TPermissions['signInMethod'];
  isForceUpdatePassword: boolean;
  isInitialPassword: boolean;
  portalAccess: boolean;
  companyName: string;
  headerTitle: string | null;
  companyLogoKey: string | null;
  supplierPortal: boolean | null;
  supplierAccess: boolean | null;
  roleAccess: Record<string, unknown> | null;
  restrictions: { keyField: string; isAccess: boolean }[];
}

function accountNames(row: NamedAccountRow) {
  return {
    username: row.username,
    employee:
      row.employeeFirstName === null
        ? null
        : { firstName: row.employeeFirstName, lastName: row.employeeLastName ?? '' },
    personnel:
      row.personnelFirstName === null
        ? null
        : { firstName: row.personnelFirstName, lastName: row.personnelLastName ?? '' },
    supplier: row.supplierName === null ? null : { name: row.supplierName },
  };
}

function toAccount(user: AccountUser): TAccount {
  return {
    _id: user.id,
    email: user.email,
    name: displayName(user),
    companyName:
      user.userType === 'employee' ? user.company.name : (user.supplier?.name ?? user.company.name),
    logo: null,
    userType: user.userType,
  };
}

export interface AuthOptions {
  sessionTtlHours: number;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly passwords: PasswordHasher,
    readonly throttle: SignInThrottle,
    private readonly options: AuthOptions,
  ) {}

  private async createSession(user: { id: string; companyId: string }, meta: ClientMeta): Promise<string> {
    const token = newToken();
    await this.db.session.create({
      data: {
        userId: user.id,
        companyId: user.companyId,
        tokenHash: hashToken(token),
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent?.slice(0, 500),
        expiresAt: new Date(Date.now() + this.options.sessionTtlHours * 3_600_000),
      },
    });
    return token;
  }

  /** Sign-in by username (or the e-mail address of exactly one account) and password. */
  async signIn(input: { username: string; password: string }, meta: ClientMeta): Promise<TSignInResponse> {
    const username = input.username.trim();
    let user = await this.db.user.findFirst({
      where: { username: { equals: username, mode: 'insensitive' } },
    });
    if (!user) {
      const byEmail = await this.db.user.findMany({
        where: { email: { equals: username, mode: 'insensitive' } },
        take: 2,
      });
      if (byEmail.length === 1) user = byEmail[0] ?? null;
    }
    // Counted before the password is checked; a locked name is refused the same whether it exists.
    const account = throttleAccountOf(user, username);
    const address = clientAddressKey(meta.ipAddress);
    if (!(await this.throttle.begin(account, address))) {
      throw new AppError(429, messages.common.accountLocked, messages.common.accountLocked);
    }
    let valid: boolean;
    try {
      valid = await this.passwords.verify(user?.passwordHash ?? null, input.password);
    } catch (error) {
      await this.throttle.undo(account, address);
      throw error;
    }
    if (!user || !valid) {
      await this.throttle.failed(account, address);
      throw unauthorized(messages.common.invalidCredentials);
    }
    await this.throttle.succeeded(account, address);
    // Said only to whoever knows the password, so it tells a stranger nothing.
    if (!user.isActive)
      throw new AppError(403, messages.common.accountDeactivated, messages.common.accountDeactivated);

    const token = await this.createSession(user, meta);
    return { _id: user.id, authToken: token, hasAssociatedAccounts: await this.hasAssociates(user) };
  }

  /**
   * A session for a user whose identity was verified elsewhere (single sign-on): the same session
   * and the same answer as password sign-in. The caller has checked the user is active.
   */
  async signInVerified(
    user: { id: string; companyId: string; accountGroupId: string | null },
    meta: ClientMeta,
  ): Promise<TSignInResponse> {
    const token = await this.createSession(user, meta);
    return { _id: user.id, authToken: token, hasAssociatedAccounts: await this.hasAssociates(user) };
  }

  private async hasAssociates(user: { id: string; accountGroupId: string | null }): Promise<boolean> {
    if (!user.accountGroupId) return false;
    const others = await this.db.user.count({
      where: { accountGroupId: user.accountGroupId, isActive: true, id: { not: user.id } },
    });
    return others > 0;
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.db.session.update({ where: { id: auth.sessionId }, data: { revokedAt: new Date() } });
  }

  /**
   * The permissions profile of 000 section 3; reading it clears a pending updatePermissions. Read
   * on every page load: two prepared statements on the read pool, and a write only when the
   * permissions changed since the session last read them.
   */
  async permissions(auth: AuthContext): Promise<TPermissions> {
    const [[user], accounts] = await Promise.all([
      this.reader.rows<PermissionsRow>(sql`SELECT u.id, u."companyId", u."userType"::text AS "userType",
          u."supplierId", u."personnelId", u."employeeId", u.username, u."signInMethod"::text AS "signInMethod",
          u."isForceUpdatePassword", u."portalAccess",
          -- Nobody ever chose its password (a reset and a change both set passwordChangedAt).
          (u."isForceUpdatePassword" AND u."passwordChangedAt" IS NULL) AS "isInitialPassword", c.name AS "companyName", c."headerTitle",
          c."logoKey" AS "companyLogoKey", e."firstName" AS "employeeFirstName", e."lastName" AS "employeeLastName",
          p."firstName" AS "personnelFirstName", p."lastName" AS "personnelLastName", s.name AS "supplierName",
          s."supplierPortal", s."supplierAccess", r.access AS "roleAccess",
          (SELECT coalesce(json_agg(json_build_object('keyField', x."keyField", 'isAccess', x."isAccess")
              ORDER BY x."keyField"), '[]') FROM "AccessRestriction" x WHERE x."roleId" = r.id) AS restrictions
        FROM "User" u
        JOIN "Company" c ON c.id = u."companyId"
        LEFT JOIN "Employee" e ON e.id = u."employeeId"
        LEFT JOIN "Role" r ON r.id = e."roleId"
        LEFT JOIN "Personnel" p ON p.id = u."personnelId"
        LEFT JOIN "SupplierCompany" s ON s.id = u."supplierId"
        WHERE u.id = ${uuid(auth.userId)}`),
      this.associatedAccounts(auth.userId),
    ]);
    if (!user) throw unauthorized();
    if (auth.permissionsChanged !== false) {
      await this.db.session.update({
        where: { id: auth.sessionId },
        data: { permissionsLoadedAt: new Date() },
      });
    }
    const access = toAccessMap((user.roleAccess ?? {}) as Partial<Record<AccessKey, boolean>>, {
      // An account whose access its company took away sees the portal as off.
      supplierPortal: (user.supplierPortal ?? false) && user.portalAccess,
      supplierAccess: (user.supplierAccess ?? false) && user.portalAccess,
    });
    const others = accounts.filter((account) => account._id !== user.id);
    return {
      userId: user.id,
      companyId: user.companyId,
      userType: user.userType,
      supplierId: user.supplierId,
      personnelId: user.personnelId,
      employeeId: user.employeeId,
      name: displayName(accountNames(user)),
      username: user.username,
      profileImage: null,
      companyLogo: organisationLogoPath(user.companyId, user.companyLogoKey),
      companyName: user.companyName,
      HeaderTitle: user.headerTitle ?? user.companyName,
      signInMethod: user.signInMethod,
      isForceUpdatePassword: yesNo(user.isForceUpdatePassword),
      isInitialPassword: yesNo(user.isInitialPassword),
      authToken: auth.token,
      associatedEmployees: others.filter((account) => account.userType === 'employee'),
      associatedExternalParties: others.filter((account) => account.userType !== 'employee'),
      accessRestriction: user.restrictions.map((restriction) => ({
        keyField: restriction.keyField,
        isAccess: yesNo(restriction.isAccess),
      })),
      access,
    };
  }

  /** The accounts of a user's group (active ones), or the user alone without a group. */
  private async associatedAccounts(userId: string): Promise<TAccount[]> {
    const rows = await this.reader.rows<AccountRow>(sql`SELECT a.id, a.email, a.username,
        a."userType"::text AS "userType", c.name AS "companyName", e."firstName" AS "employeeFirstName",
        e."lastName" AS "employeeLastName", p."firstName" AS "personnelFirstName",
        p."lastName" AS "personnelLastName", s.name AS "supplierName"
      FROM "User" me
      JOIN "User" a ON CASE WHEN me."accountGroupId" IS NULL THEN a.id = me.id
        ELSE a."accountGroupId" = me."accountGroupId" AND a."isActive" END
      JOIN "Company" c ON c.id = a."companyId"
      LEFT JOIN "Employee" e ON e.id = a."employeeId"
      LEFT JOIN "Personnel" p ON p.id = a."personnelId"
      LEFT JOIN "SupplierCompany" s ON s.id = a."supplierId"
      WHERE me.id = ${uuid(userId)}
      ORDER BY a."userType", a.username`);
    return rows.map((row) =>
      toAccount({
        id: row.id,
        email: row.email,
        userType: row.userType,
        company: { name: row.companyName },
        ...accountNames(row),
      }),
    );
  }

  /** GET accounts/:id — only the caller's own list of associated accounts. */
  async accounts(auth: AuthContext, userId: string): Promise<TAccountsResponse> {
    requireOwnAccountList(auth, userId);
    const all = await this.associatedAccounts(auth.userId);
    return {
      accounts: {
        employees: all.filter((account) => account.userType === 'employee'),
        externalParties: all.filter((account) => account.userType !== 'employee'),
      },
      loggedInUser: auth.userId,
    };
  }

  /** Switch sign-in without a password, to an account the policy lets the caller switch to. */
  async switchSignIn(auth: AuthContext, targetId: string, meta: ClientMeta): Promise<{ authToken: string }> {
    const current = await this.db.user.findUniqueOrThrow({ where: { id: auth.userId } });
    const target = await this.db.user.findUnique({ where: { id: targetId } });
    if (!maySwitchTo(auth, current, target)) throw forbidden();
    const token = await this.createSession(target, meta);
    await this.logout(auth);
    return { authToken: token };
  }

  async changePassword(
    auth: AuthContext,
    input: { currentPassword: string; password: string; confirmPassword: string },
  ): Promise<void> {
    const problem = changePasswordError(input);
    if (problem) throw badRequest(problem, [{ field: 'password', message: problem }]);
    const user = await this.db.user.findUniqueOrThrow({ where: { id: auth.userId } });
    if (!(await this.passwords.verify(user.passwordHash, input.currentPassword))) {
      throw new AppError(400, 'Current password is incorrect.', null, [
        { field: 'currentPassword', message: 'Current password is incorrect.' },
      ]);
    }
    const passwordHash = await this.passwords.hash(input.password);
    const now = new Date();
    await this.db.$transaction([
      this.db.user.update({
        where: { id: user.id },
        data: { passwordHash, passwordChangedAt: now, isForceUpdatePassword: false },
      }),
      this.db.session.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: now } }),
    ]);
  }
}
