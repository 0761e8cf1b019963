import { z } from 'zod';
import { ACCESS, defineCall } from './call';
import { ZLinkQuery } from './links';
import { ZSignature } from './timesheets';
import { VISIT_KINDS, ZVisitorQuestion } from './visitors';

/**
 * The kiosk of a workplace (docs/timesheets-and-visitors.md): a device registered by an admin
 * whose link token (LinkToken, resourceType visitorKiosk) is its only credential. Its calls reach
 * only its own workplace: its setup, the sign-in of a visitor or contractor, and the sign-out of
 * those on site there. Pages at VISITOR_KIOSK_PATH, full screen.
 */

export const kioskMessages = {
  nameRequired: 'Please enter your full name.',
  purposeRequired: 'Please say what brings you here.',
  supplierRequired: 'Please choose the company you work for.',
  supplierUnknown: 'The chosen company is not known here.',
  hostUnknown: 'The person you visit is not known here.',
  rulesRequired: 'Please read and accept the site rules.',
  signatureRequired: 'Please sign before signing in.',
  photoRequired: 'Please take a photo.',
  answerRequired: (label: string) => `Please answer: ${label}`,
  answerUnknown: 'An answer names a question this kiosk does not ask.',
  answersUnreadable: 'The answers could not be read. Please try again.',
  welcome: (name: string) => `Welcome, ${name}. You are signed in.`,
  goodbye: 'You are signed out. Thank you for visiting.',
  notOnSite: 'This visit is already signed out.',
  searchTooShort: 'Type at least 2 letters of your name.',
} as const;
const say = kioskMessages;

/** Multipart sends text: the answers travel as one JSON field. */
const jsonField = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: say.answersUnreadable });
        return z.NEVER;
      }
    })
    .pipe(schema);

export const ZKioskAnswer = z.object({ questionId: z.uuid(), value: z.string().trim().max(1000) });

/** What the kiosk shows: its organisation, workplace, setup and documents. */
export const ZKioskSetup = z.object({
  companyName: z.string(),
  workplace: z.string(),
  branch: z.string().nullable(),
  kioskName: z.string(),
  questions: z.array(ZVisitorQuestion),
  siteRules: z.string(),
  takeSignature: z.boolean(),
  takePhoto: z.boolean(),
  documents: z.array(z.object({ _id: z.uuid(), name: z.string() })),
});
export type TKioskSetup = z.output<typeof ZKioskSetup>;

/** A name the kiosk offers: a host employee or a supplier company. */
export const ZKioskOption = z.object({ _id: z.uuid(), name: z.string() });
export const ZKioskSearch = z.object({ search: z.string().trim().min(2, say.searchTooShort).max(100) });
export const ZKioskOptions = z.object({ options: z.array(ZKioskOption) });
/** The most names a kiosk search answers. */
export const KIOSK_SEARCH_LIMIT = 10;

/** A visitor's or contractor's sign-in: multipart, these fields and a `photo` file when asked. */
export const ZKioskSignIn = z
  .object({
    kind: z.enum(VISIT_KINDS),
    fullName: z.string({ error: say.nameRequired }).trim().min(1, say.nameRequired).max(200),
    /** A visitor's company (optional); a contractor's is their supplier's name. */
    visitorCompany: z.string().trim().max(200).default(''),
    supplierId: z.uuid({ error: say.supplierRequired }).optional(),
    hostEmployeeId: z.uuid({ error: say.hostUnknown }).optional(),
    purpose: z.string({ error: say.purposeRequired }).trim().min(1, say.purposeRequired).max(500),
    phone: z.string().trim().max(40).default(''),
    answers: jsonField(z.array(ZKioskAnswer).max(20)).default([]),
    acceptRules: z.enum(['yes', 'no']).default('no'),
    signature: ZSignature.optional(),
  })
  .refine((visit) => visit.kind !== 'contractor' || visit.supplierId !== undefined, {
    path: ['supplierId'],
    error: say.supplierRequired,
  });
export type TKioskSignIn = z.input<typeof ZKioskSignIn>;

export const ZKioskSignedIn = z.object({
  _id: z.uuid(),
  fullName: z.string(),
  SigninTime: z.iso.datetime({ offset: true }),
});

/** Someone on site found by the sign-out search: first name and last initial only. */
export const ZKioskOnSite = z.object({
  list: z.array(
    z.object({
      _id: z.uuid(),
      name: z.string(),
      company: z.string(),
      SigninTime: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type TKioskOnSite = z.output<typeof ZKioskOnSite>;

// ---------- Calls ----------

const access = ACCESS.link;

export const visitorKioskCall = defineCall({
  method: 'POST',
  path: '/visitorKiosk',
  tags: ['visitors'],
  summary: "The kiosk's workplace and setup: what it asks and shows (the kiosk's link only)",
  access,
  query: ZLinkQuery,
  response: ZKioskSetup,
});

export const visitorKioskHostsCall = defineCall({
  method: 'POST',
  path: '/visitorKioskHosts',
  tags: ['visitors'],
  summary: 'Employees a visitor may name as their host, by name (at most 10; names only)',
  access,
  query: ZLinkQuery,
  body: ZKioskSearch,
  response: ZKioskOptions,
});

export const visitorKioskSuppliersCall = defineCall({
  method: 'POST',
  path: '/visitorKioskSuppliers',
  tags: ['visitors'],
  summary: 'Supplier companies a contractor may name, by name (at most 10; names only)',
  access,
  query: ZLinkQuery,
  body: ZKioskSearch,
  response: ZKioskOptions,
});

export const visitorKioskSignInCall = defineCall({
  method: 'POST',
  path: '/visitorKioskSignIn',
  tags: ['visitors'],
  summary:
    'A visitor or contractor signs in at the kiosk (multipart: the fields and a photo when the setup asks one); the host is told by mail',
  access,
  query: ZLinkQuery,
  multipart: ZKioskSignIn,
  response: ZKioskSignedIn,
});

export const visitorKioskOnSiteCall = defineCall({
  method: 'POST',
  path: '/visitorKioskOnSite',
  tags: ['visitors'],
  summary: "The kiosk's sign-out search: visits open at its workplace whose name matches",
  access,
  query: ZLinkQuery,
  body: ZKioskSearch,
  response: ZKioskOnSite,
});

export const visitorKioskSignOutCall = defineCall({
  method: 'POST',
  path: '/visitorKioskSignOut',
  tags: ['visitors'],
  summary: 'A visitor or contractor signs out at the kiosk of the workplace they signed in at',
  access,
  query: ZLinkQuery,
  body: z.object({ _id: z.uuid() }),
  response: z.null(),
});

export const visitorKioskDocumentCall = defineCall({
  method: 'GET',
  path: '/visitorKioskDocument/:id',
  tags: ['visitors'],
  summary: "A document of the kiosk's workplace setup (the file itself)",
  access,
  params: z.object({ id: z.uuid() }),
  query: ZLinkQuery,
  response: 'file',
});
