import {
  localDateOf,
  MAIL_CATEGORIES,
  MAIL_CATEGORY_NAMES,
  notificationMessages as say,
  personName,
  type AccountKind,
  type TMailCategoryRow,
  type TTestMail,
  type TUnsubscribedUser,
  type TUnsubscribedUserListRequest,
} from '@compass/shared';
import type { Db, MailMessage, Prisma } from '../../db/prisma';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import { testMail } from '../mail';
import { ofOrganisation, ownTestMails, ownUser } from './policy';

/** One test mail per user in this many seconds: enough to read the result, too few to flood a mailbox. */
const TEST_MAIL_INTERVAL_SECONDS = 60;
/** How far back the mail counts of the categories go. */
const COUNTED_DAYS = 30;
const NOTIFICATIONS_PATH = '/system-administration/notifications';

const owner = {
  employee: { select: { firstName: true, lastName: true, email: true } },
  personnel: { select: { firstName: true, lastName: true, email: true } },
  supplier: { select: { name: true, email: true } },
} satisfies Prisma.UserSelect;
type UserWithOwner = Prisma.UserGetPayload<{ select: typeof owner & { username: true; email: true } }>;

/** Whom an account is of; the kind filter of the list says the same in a where clause. */
function kindOf(user: { employeeId: string | null; personnelId: string | null; supplierId: string | null }) {
  if (user.employeeId) return 'employee';
  if (user.personnelId) return 'personnel';
  if (user.supplierId) return 'supplier';
  return 'organisation';
}
const KIND_WHERE: Record<AccountKind, Prisma.UserWhereInput> = {
  employee: { employeeId: { not: null } },
  personnel: { employeeId: null, personnelId: { not: null } },
  supplier: { employeeId: null, personnelId: null, supplierId: { not: null } },
  organisation: { employeeId: null, personnelId: null, supplierId: null },
};

/** The account's person (or company) as the screen and the change log name it. */
function nameOf(user: UserWithOwner): string {
  if (user.employee) return personName(user.employee);
  if (user.personnel) return personName(user.personnel);
  return user.supplier?.name ?? user.username;
}
const addressOf = (user: UserWithOwner) =>
  user.email ?? user.employee?.email ?? user.personnel?.email ?? user.supplier?.email ?? null;

/** Each word of the search somewhere in the name, username, e-mail or supplier company. */
function searchWhere(search: string | undefined): Prisma.UserWhereInput {
  const words = search?.split(/\s+/).filter(Boolean) ?? [];
  return {
    AND: words.map((word) => {
      const has = { contains: word, mode: 'insensitive' as const };
      const person = { OR: [{ firstName: has }, { lastName: has }, { email: has }] };
      return {
        OR: [
          { username: has },
          { email: has },
          { employee: { is: person } },
          { personnel: { is: person } },
          { supplier: { is: { name: has } } },
        ],
      };
    }),
  };
}

function testMailOf(row: MailMessage): TTestMail {
  return {
    _id: row.id,
    to: row.toAddress,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * System Administration > Notifications: who unsubscribed from optional e-mail and turning it on
 * again (000 section 6), the kinds of mail the organisation sends, and a test mail.
 */
export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly options: { productName: string; publicUrl: string },
  ) {}

  /** The organisation's unsubscribed users, latest first, a page at a time. */
  async unsubscribed(
    auth: AuthContext,
    request: TUnsubscribedUserListRequest,
  ): Promise<{ rows: TUnsubscribedUser[]; total: number }> {
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    const where: Prisma.UserWhereInput = {
      ...ofOrganisation(auth),
      unsubscribedAt: { not: null },
      ...(request.kind && KIND_WHERE[request.kind]),
      ...searchWhere(request.search),
    };
    const [users, total] = await Promise.all([
      this.db.user.findMany({
        where,
        orderBy: [{ unsubscribedAt: 'desc' }, { id: 'asc' }],
        skip: (page - 1) * pageSize,
        take: pageSize,
        select: {
          ...owner,
          id: true,
          username: true,
          email: true,
          employeeId: true,
          personnelId: true,
          supplierId: true,
          unsubscribedAt: true,
          unsubscribeReason: true,
        },
      }),
      this.db.user.count({ where }),
    ]);
    return {
      rows: users.map((user) => ({
        _id: user.id,
        name: nameOf(user),
        username: user.username,
        email: addressOf(user),
        kind: kindOf(user),
        company: user.supplier?.name ?? null,
        unsubscribedAt: user.unsubscribedAt!.toISOString(),
        unsubscribeReason: user.unsubscribeReason,
      })),
      total,
    };
  }

  /**
   * Optional e-mail to a user of the caller's organisation again: the unsubscribe is cleared and the
   * change logged (who, when, whose, since when, why), all or nothing. Answers the user's name.
   */
  async reEnable(auth: AuthContext, userId: string): Promise<string> {
    return this.db.$transaction(async (tx) => {
      const user = await tx.user.findFirst({
        where: { id: userId, ...ofOrganisation(auth) },
        select: { ...owner, username: true, email: true, unsubscribedAt: true, unsubscribeReason: true },
      });
      if (!user) throw notFound();
      // The condition again in the write: of two administrators at once, one re-enables.
      const cleared = await tx.user.updateMany({
        where: { id: userId, ...ofOrganisation(auth), unsubscribedAt: { not: null } },
        data: { unsubscribedAt: null, unsubscribeReason: null },
      });
      if (!user.unsubscribedAt || cleared.count !== 1) throw conflict(say.notUnsubscribed);
      const name = nameOf(user);
      const address = addressOf(user);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'notifications',
        entityId: auth.companyId,
        action: 'e-mails re-enabled',
        before: {
          unsubscribed: address ? `${name} <${address}>` : name,
          unsubscribedOn: localDateOf(user.unsubscribedAt, auth.timeZone),
          unsubscribeReason: user.unsubscribeReason,
        },
        after: { unsubscribed: null, unsubscribedOn: null, unsubscribeReason: null },
      });
      return name;
    });
  }

  /** Every category of MAIL_CATEGORIES with the organisation's mails of it in the last 30 days. */
  async categories(auth: AuthContext): Promise<{ since: string; list: TMailCategoryRow[] }> {
    const since = new Date(Date.now() - COUNTED_DAYS * 86_400_000);
    const counted = await this.db.mailMessage.groupBy({
      by: ['category', 'status'],
      where: { ...ofOrganisation(auth), createdAt: { gte: since } },
      _count: { _all: true },
    });
    const countOf = (category: string, status: MailMessage['status']) =>
      counted.find((row) => row.category === category && row.status === status)?._count._all ?? 0;
    return {
      since: since.toISOString(),
      list: MAIL_CATEGORY_NAMES.map((category) => ({
        category,
        ...MAIL_CATEGORIES[category],
        sent: countOf(category, 'sent'),
        queued: countOf(category, 'queued'),
        failed: countOf(category, 'failed'),
      })),
    };
  }

  /**
   * Queues a test mail to the caller's own address through the outbox, as any mail goes. One a
   * minute per user, counted from the outbox itself (so across API processes and restarts); the
   * lock makes two clicks at once one mail.
   */
  async sendTestMail(auth: AuthContext): Promise<TTestMail> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`test-mail:${auth.userId}`}))`;
      const last = await this.latest(tx, auth);
      if (last) {
        const wait = Math.ceil(
          (last.createdAt.getTime() + TEST_MAIL_INTERVAL_SECONDS * 1000 - Date.now()) / 1000,
        );
        if (wait > 0) throw new AppError(429, say.testMailTooSoon(wait), { retryAfterSeconds: wait });
      }
      const user = await tx.user.findFirstOrThrow({
        where: ownUser(auth),
        select: { ...owner, username: true, email: true },
      });
      const to = addressOf(user);
      if (!to) throw badRequest(say.testMailNoAddress);
      const queued = await this.mail.enqueue(tx, {
        companyId: auth.companyId,
        to,
        userId: auth.userId,
        category: 'testMail',
        content: testMail({
          productName: this.options.productName,
          name: nameOf(user),
          link: `${this.options.publicUrl.replace(/\/$/, '')}${NOTIFICATIONS_PATH}`,
        }),
      });
      if (!queued.queued) throw new Error('a test mail is not optional, so it is always queued');
      return testMailOf(await tx.mailMessage.findUniqueOrThrow({ where: { id: queued.messageId } }));
    });
  }

  /** The caller's latest test mail, as the mail worker left it (sent, or why not), or null. */
  async latestTestMail(auth: AuthContext): Promise<TTestMail | null> {
    const row = await this.latest(this.db, auth);
    return row && testMailOf(row);
  }

  private latest(db: Db | Prisma.TransactionClient, auth: AuthContext) {
    return db.mailMessage.findFirst({
      where: ownTestMails(auth),
      orderBy: { createdAt: 'desc' },
    });
  }
}
