import { z } from 'zod';
import { logoVersion } from './administration';
import { ACCESS, defineCall } from './call';
import { ZOptionalEmail } from './suppliers';

/**
 * A supplier company's own side of the portal (docs/supplier-access.md): Access Settings, where its
 * main account decides which of its accounts may use the portal, and its Profile (the company's
 * contact details), opened from the header.
 */

export const supplierAccessMessages = {
  mainAccountOnly: "Only the company's main account can change this.",
  notYourOwn: 'You cannot turn off your own access.',
  lastMainAccount: 'The company must keep one main account that can use the portal.',
  accessOn: (name: string) => `${name} can use the portal again.`,
  accessOff: (name: string) => `${name} can no longer use the portal.`,
  profileSaved: 'Your company details were saved.',
  logoSaved: 'The logo was saved.',
  logoRemoved: 'The logo was removed.',
  noLogo: 'This company has no logo.',
} as const;

const ZId = z.object({ _id: z.uuid() });
/** The company's main account (a supplier session without a person); its people are told so. */
const mainAccount = { callers: ['supplier'], refusal: supplierAccessMessages.mainAccountOnly } as const;
/** The organisation's employees who keep its suppliers (External Parties › Companies). */
const supplierKey = { callers: ['employee'], accessKeys: ['supplier'] } as const;

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
  /** When the account last signed in (ISO), if it ever did. */
  lastSignInAt: z.string().nullable(),
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

/** An employee with the supplier key: the same switch, from the company's page. */
export const supplierCompanyPortalAccountsCall = defineCall({
  method: 'POST',
  path: '/supplierCompanyPortalAccounts',
  tags: ['supplierAccess'],
  summary: "A supplier company's accounts and whether each may use the portal (the organisation's view)",
  access: supplierKey,
  body: z.object({ supplierId: z.uuid() }),
  response: z.array(ZPortalAccount),
});

export const supplierCompanyPortalAccessSetCall = defineCall({
  method: 'POST',
  path: '/supplierCompanyPortalAccessSet',
  tags: ['supplierAccess'],
  summary: "Let an account of one of the organisation's supplier companies use the portal, or stop it",
  access: supplierKey,
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
  /** The logo's address (GET, with the session), versioned so a new one is fetched; null without one. */
  logo: z.string().nullable(),
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

export const supplierLogoUploadCall = defineCall({
  method: 'POST',
  path: '/supplierLogoUpload',
  tags: ['supplierAccess'],
  summary:
    "Replace the company's logo (multipart: one PNG, JPEG or WebP file; stored resized to at most 512 px)",
  access: mainAccount,
  multipart: z.object({}),
  response: ZSupplierProfile,
});

export const supplierLogoDeleteCall = defineCall({
  method: 'POST',
  path: '/supplierLogoDelete',
  tags: ['supplierAccess'],
  summary: "Remove the company's logo",
  access: mainAccount,
  response: ZSupplierProfile,
});

export const supplierLogoCall = defineCall({
  method: 'GET',
  path: '/supplierLogo/:supplierId',
  tags: ['supplierAccess'],
  summary: "A supplier company's logo: for the organisation's employees and the company's own accounts",
  access: ACCESS.signedIn,
  params: z.object({ supplierId: z.uuid() }),
  query: z.object({ v: z.string().max(40).optional() }),
  response: 'file',
});

/** The address of a supplier company's logo, versioned by its storage key so a new one is fetched. */
export function supplierLogoPath(supplierId: string, logoKey: string | null): string | null {
  if (!logoKey) return null;
  return `/api/supplierLogo/${supplierId}?v=${logoVersion(logoKey)}`;
}
