import { z } from 'zod';
import { MAIL_CATEGORY_NAMES } from '../rules/mailCategories';
import type { CallAccess } from './call';
import { defineCall } from './call';
import { ZPage } from './envelope';

/**
 * What System Administration > Notifications says (the specification draws no such screen; 000
 * section 6 says only that re-enabling unsubscribed e-mails is the organisation's system admin's).
 */
export const notificationMessages = {
  reEnabled: (name: string) => `${name} receives optional e-mails again.`,
  notUnsubscribed: 'This user already receives optional e-mails.',
  testMailQueued: (address: string) => `Test mail queued to ${address}.`,
  testMailNoAddress: 'Your account has no e-mail address to send a test mail to.',
  testMailTooSoon: (seconds: number) =>
    `You can send one test mail a minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

/** Every call of the screen: employees whose role has System Administration. */
const access = { callers: ['employee'], accessKeys: ['system'] } as const satisfies CallAccess;

/** Who an account belongs to: an employee, a supplier company (its main account) or one of its people. */
export const ACCOUNT_KINDS = ['employee', 'supplier', 'personnel', 'organisation'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  employee: 'Employee',
  supplier: 'Supplier company',
  personnel: 'Supplier personnel',
  organisation: 'Organisation account',
};

export const ZUnsubscribedUserListRequest = z.object({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  kind: z.enum(ACCOUNT_KINDS).optional(),
});
export type TUnsubscribedUserListRequest = z.input<typeof ZUnsubscribedUserListRequest>;

/** A user of the organisation who unsubscribed from optional e-mail; `_id` is the user's. */
export const ZUnsubscribedUser = z.object({
  _id: z.uuid(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  kind: z.enum(ACCOUNT_KINDS),
  /** The supplier company of a supplier account or person. */
  company: z.string().nullable(),
  unsubscribedAt: z.string(),
  unsubscribeReason: z.string().nullable(),
});
export type TUnsubscribedUser = z.output<typeof ZUnsubscribedUser>;

/** A kind of mail, as MAIL_CATEGORIES defines it, with what the organisation sent of it lately. */
export const ZMailCategoryRow = z.object({
  category: z.enum(MAIL_CATEGORY_NAMES),
  label: z.string(),
  trigger: z.string(),
  optional: z.boolean(),
  /** The organisation's mails of this kind made since `since`, by where they stand. */
  sent: z.number().int(),
  queued: z.number().int(),
  failed: z.number().int(),
});
export type TMailCategoryRow = z.output<typeof ZMailCategoryRow>;

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;

/** A test mail of the signed-in administrator, as the outbox holds it. */
export const ZTestMail = z.object({
  _id: z.uuid(),
  to: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  /** The mail worker's last error: why it was not sent (yet). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TTestMail = z.output<typeof ZTestMail>;

export const unsubscribedUserListCall = defineCall({
  method: 'POST',
  path: '/unsubscribedUserList',
  tags: ['notifications'],
  summary:
    "A page of the organisation's users who unsubscribed from optional e-mail, latest first: search by name, username, e-mail or company",
  access,
  body: ZUnsubscribedUserListRequest,
  response: z.object({ rows: z.array(ZUnsubscribedUser), total: z.number().int() }),
});

export const unsubscribedUserReEnableCall = defineCall({
  method: 'POST',
  path: '/unsubscribedUserReEnable',
  tags: ['notifications'],
  summary:
    "Sends optional e-mail to a user of the organisation again (clears the unsubscribe); kept in the Notifications change log (entity 'notifications', the organisation's id)",
  access,
  body: z.object({ _id: z.uuid() }),
  response: z.null(),
});

export const mailCategoryListCall = defineCall({
  method: 'POST',
  path: '/mailCategoryList',
  tags: ['notifications'],
  summary:
    'Every kind of e-mail the product sends, whether users may unsubscribe from it, and how many the organisation made of it in the last 30 days',
  access,
  response: z.object({ since: z.string(), list: z.array(ZMailCategoryRow) }),
});

export const testMailSendCall = defineCall({
  method: 'POST',
  path: '/testMailSend',
  tags: ['notifications'],
  summary:
    "Queues a test mail to the caller's own address through the outbox (one a minute per user; 429 sooner)",
  access,
  response: ZTestMail,
});

export const testMailStatusCall = defineCall({
  method: 'POST',
  path: '/testMailStatus',
  tags: ['notifications'],
  summary:
    "The caller's latest test mail and where it stands (queued, sent, failed with the reason), or null",
  access,
  response: ZTestMail.nullable(),
});
