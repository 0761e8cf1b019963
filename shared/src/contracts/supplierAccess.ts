import { z } from 'zod';
import { defineCall } from './call';
import { ZOptionalEmail } from './suppliers';

/**
 * A supplier company's own side of the portal (docs/supplier-access.md): Access Settings, where its
 * main account decides which of its accounts may use the portal, and its Profile (the company's
 * contact details), opened from the header.
 */

export const supplierAccessMessages = {
  mainAccountOnly: "Only the company's main account can change this.",
  notYourOwn: 'You cannot turn off your own access.',
  accessOn: (name: string) => `${name} can use the portal again.`,
  accessOff: (name: string) => `${name} can no longer use the portal.`,
  profileSaved: 'Your company details were saved.',
} as const;

const ZId = z.object({ _id: z.uuid() });
/** The company's main account (a supplier session without a person); its people are told so. */
const mainAccount = { callers: ['supplier'], refusal: supplierAccessMessages.mainAccountOnly } as const;

export const ZPortalAccount = z.object({
  _id: z.uuid(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  /** The company's own account, or one of its people's. */
  kind: z.enum(['company', 'personnel']),
  portalAccess: z.boolean(),
  /** Deactivated by the organisation: it cannot sign in whatever its access. */
  isActive: z.boolean(),
  /** The caller's own account (its access cannot be turned off here). */
  isYou: z.boolean(),
});
export type TPortalAccount = z.output<typeof ZPortalAccount>;

export const supplierPortalAccountsCall = defineCall({
  method: 'POST',
  path: '/supplierPortalAccounts',
  tags: ['supplierAccess'],
  summary: "Access Settings: the accounts of the caller's company and whether each may use the portal",
  access: mainAccount,
  response: z.array(ZPortalAccount),
});

export const supplierPortalAccessSetCall = defineCall({
  method: 'POST',
  path: '/supplierPortalAccessSet',
  tags: ['supplierAccess'],
  summary: "Let one of the company's accounts use the portal, or stop it (at once, for its open sessions)",
  access: mainAccount,
  body: ZId.extend({ portalAccess: z.boolean() }),
  response: ZPortalAccount,
});

export const ZSupplierProfile = z.object({
  supplierId: z.uuid(),
  /** Named by the organisation: read-only here. */
  name: z.string(),
  organisationName: z.string(),
  email: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** The caller is the company's main account. */
  canEdit: z.boolean(),
});
export type TSupplierProfile = z.output<typeof ZSupplierProfile>;

export const ZSupplierProfileUpdate = z.object({
  email: ZOptionalEmail,
  contactName: z.string().trim().max(120),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9+()\-. ]*$/, 'Enter a phone number with digits, spaces and + ( ) - . only.'),
  address: z.string().trim().max(500),
});
export type TSupplierProfileUpdate = z.input<typeof ZSupplierProfileUpdate>;

export const supplierProfileCall = defineCall({
  method: 'POST',
  path: '/supplierProfile',
  tags: ['supplierAccess'],
  summary: "The caller's company profile (its people read it; its main account edits it)",
  access: { callers: ['supplier', 'personnel'] },
  response: ZSupplierProfile,
});

export const supplierProfileUpdateCall = defineCall({
  method: 'POST',
  path: '/supplierProfileUpdate',
  tags: ['supplierAccess'],
  summary: "Change the company's contact details (its main account)",
  access: mainAccount,
  body: ZSupplierProfileUpdate,
  response: ZSupplierProfile,
});
