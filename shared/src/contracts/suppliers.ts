import { z } from 'zod';
import { updateUsernameError } from '../rules/email';
import { defineCall } from './call';

/** What the supplier administration says (External Parties > Companies and Personnel). */
export const supplierMessages = {
  nameRequired: 'Please enter the company name.',
  nameTaken: 'A supplier company with this name already exists.',
  firstNameRequired: 'Please enter the first name.',
  lastNameRequired: 'Please enter the last name.',
  emailInvalid: 'Please enter a valid e-mail address.',
  emailRequired: 'An account signs in with its e-mail address: please enter one.',
  usernameTaken: 'This e-mail address is already the username of another account.',
  companyMissing: 'The chosen supplier company does not exist.',
  saved: 'Saved.',
  accountCreated: 'Account created and invited by e-mail.',
  invited: 'Invitation sent.',
  deactivated: 'Deactivated: its accounts are signed out everywhere.',
  reactivated: 'Active again.',
} as const;

const access = { callers: ['employee'], accessKeys: ['supplier'] } as const;
const ZId = z.object({ _id: z.uuid() });
/** An e-mail address, or nothing (''). */
export const ZOptionalEmail = z
  .string()
  .trim()
  .max(320)
  .refine((value) => !value || !updateUsernameError(value), supplierMessages.emailInvalid);

export const ACCOUNT_STATUSES = ['active', 'invited', 'notInvited', 'deactivated'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ZSupplierAccount = z.object({
  _id: z.uuid(),
  username: z.string(),
  email: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
});
export type TSupplierAccount = z.output<typeof ZSupplierAccount>;

const ZListRequest = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  status: z.enum(['active', 'deactivated']).optional(),
});

export const ZSupplierRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  supplierPortal: z.boolean(),
  supplierAccess: z.boolean(),
  isActive: z.boolean(),
  personnelCount: z.number().int(),
  accountCount: z.number().int(),
});
export type TSupplierRow = z.output<typeof ZSupplierRow>;

export const ZSupplierDetails = ZSupplierRow.extend({ accounts: z.array(ZSupplierAccount) });
export type TSupplierDetails = z.output<typeof ZSupplierDetails>;

export const ZSupplierSave = z.object({
  _id: z.uuid().optional(),
  name: z.string().trim().min(1, supplierMessages.nameRequired).max(200),
  email: ZOptionalEmail.optional(),
  supplierPortal: z.boolean(),
  supplierAccess: z.boolean(),
});
export type TSupplierSave = z.input<typeof ZSupplierSave>;

export const ZPersonnelListRequest = ZListRequest.extend({ supplierId: z.uuid().optional() });
export type TPersonnelListRequest = z.input<typeof ZPersonnelListRequest>;

export const ZPersonnelRow = z.object({
  _id: z.uuid(),
  supplierId: z.uuid(),
  supplier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  account: ZSupplierAccount.nullable(),
});
export type TPersonnelRow = z.output<typeof ZPersonnelRow>;

export const ZPersonnelSave = z.object({
  _id: z.uuid().optional(),
  supplierId: z.uuid(),
  firstName: z.string().trim().min(1, supplierMessages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, supplierMessages.lastNameRequired).max(100),
  email: ZOptionalEmail.optional(),
  /** Give the person a sign-in account (their e-mail is its username) and mail them an invitation. */
  invite: z.boolean().optional(),
});
export type TPersonnelSave = z.input<typeof ZPersonnelSave>;

export const supplierListCall = defineCall({
  method: 'POST',
  path: '/supplierList',
  tags: ['suppliers'],
  summary: 'A page of supplier companies: search and status filter',
  access,
  body: ZListRequest,
  response: z.object({ rows: z.array(ZSupplierRow), total: z.number().int() }),
});

export const supplierDetailsCall = defineCall({
  method: 'POST',
  path: '/supplierDetails',
  tags: ['suppliers'],
  summary: 'One supplier company with its portal accounts',
  access,
  body: ZId,
  response: ZSupplierDetails,
});

export const supplierSaveCall = defineCall({
  method: 'POST',
  path: '/supplierSave',
  tags: ['suppliers'],
  summary: 'Create a supplier company, or change one (_id given) with its supplier-portal switches',
  access,
  body: ZSupplierSave,
  response: ZId,
});

export const supplierSetActiveCall = defineCall({
  method: 'POST',
  path: '/supplierSetActive',
  tags: ['suppliers'],
  summary: "Deactivate a supplier company (its accounts' sessions end at once) or reactivate it",
  access,
  body: ZId.extend({ active: z.boolean() }),
  response: z.null(),
});

export const supplierAccountCreateCall = defineCall({
  method: 'POST',
  path: '/supplierAccountCreate',
  tags: ['suppliers'],
  summary: 'Add a portal account to a supplier company (its e-mail is the username) and invite it',
  access,
  body: z.object({
    supplierId: z.uuid(),
    email: ZOptionalEmail.refine(Boolean, supplierMessages.emailRequired),
  }),
  response: ZId,
});

export const supplierAccountInviteCall = defineCall({
  method: 'POST',
  path: '/supplierAccountInvite',
  tags: ['suppliers'],
  summary: 'Send the invitation of a supplier or personnel account again',
  // Minting a sign-in link is identity administration, not a token's (as employeeInvite).
  access: { ...access, sessionOnly: true },
  body: ZId,
  response: z.null(),
});

export const personnelListCall = defineCall({
  method: 'POST',
  path: '/personnelList',
  tags: ['suppliers'],
  summary: "A page of the supplier companies' personnel: search, company and status filters",
  access,
  body: ZPersonnelListRequest,
  response: z.object({ rows: z.array(ZPersonnelRow), total: z.number().int() }),
});

export const personnelSaveCall = defineCall({
  method: 'POST',
  path: '/personnelSave',
  tags: ['suppliers'],
  summary: 'Add a person to a supplier company (optionally with an invited account), or change one',
  access,
  body: ZPersonnelSave,
  response: ZId,
});

export const personnelSetActiveCall = defineCall({
  method: 'POST',
  path: '/personnelSetActive',
  tags: ['suppliers'],
  summary: "Deactivate a supplier's person (their sessions end at once) or reactivate them",
  access,
  body: ZId.extend({ active: z.boolean() }),
  response: z.null(),
});
