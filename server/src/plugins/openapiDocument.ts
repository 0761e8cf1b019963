import * as shared from '@compass/shared';
import { ZErrorEnvelope, type Call, type CallAccess } from '@compass/shared';
import { z } from 'zod';

/**
 * What the OpenAPI document says beyond the routes' schemas (docs/integrations.md): each operation's
 * name, credentials and every answer it can give. registerCall (calls.ts) puts the per-call parts
 * in the route's schema; `completeDocument` turns them into the document's shared responses.
 */

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'access' in value &&
  'response' in value;

/** Each shared call by its export name without `Call` (`reportDataCall` → `reportData`), named once. */
const callNames = new WeakMap<Call, string>();
for (const [name, value] of Object.entries(shared))
  if (isCall(value)) callNames.set(value, name.replace(/Call$/, ''));

/**
 * The operationId of a call: its export name, so a generated client's methods read like the web's
 * calls; a call of an exported group (a register's `riskCalls.people`) is named by its path, as
 * its path names it (`/riskPeople`). Unique across the document (openapiContract.test.ts).
 */
function operationIdOf(call: Call): string {
  return callNames.get(call) ?? call.path.split('/')[1]!;
}

type Security = Record<string, never[]>[];

const serves = (access: CallAccess, kind: 'employee' | 'link') =>
  access.callers !== 'anyone' && access.callers.includes(kind);
const signedIn = (access: CallAccess) =>
  access.callers !== 'anyone' && access.callers.some((kind) => kind !== 'link');

/**
 * The credentials an operation accepts, any one of them: a session, an integration's API token
 * (employee calls that do not need a person signed in, as an API token acts as its employee) and a
 * link token. `anyone` says none: `[]`.
 */
function securityOf(access: CallAccess): Security {
  const security: Security = [];
  if (signedIn(access)) security.push({ authtoken: [] });
  if (serves(access, 'employee') && !access.sessionOnly) security.push({ apiToken: [] });
  if (serves(access, 'link')) security.push({ linkToken: [] });
  return security;
}

const CALLER_NAMES: Record<Exclude<CallAccess['callers'], 'anyone'>[number], string> = {
  employee: 'employees',
  supplier: "supplier companies' users",
  personnel: 'supplier personnel',
  link: 'the holder of a link token issued for it',
};

/** Who may call, in a sentence the operation's description ends with. */
function accessSentence(access: CallAccess): string {
  if (access.callers === 'anyone') return 'Anyone may call it; it needs no credentials.';
  const who = access.callers.map((kind) => CALLER_NAMES[kind]).join(', ');
  const keys = access.accessKeys?.length
    ? ` An employee's role (and an API token) needs the access keys ${access.accessKeys.map((key) => `\`${key}\``).join(', ')}.`
    : '';
  const session = access.sessionOnly ? ' It needs a person signed in: an API token cannot make it.' : '';
  return `Served to ${who}.${keys}${session}`;
}

/** The error answers an operation documents, as components/responses names them. */
const ERROR_RESPONSES = {
  [shared.SUPPLIER_SUBMIT_REFUSED_CODE]: {
    name: 'Refused',
    description:
      'Refused, nothing changed (the specification answers it with this status): `response_message` says why.',
  },
  400: {
    name: 'BadRequest',
    description:
      'The input is not valid: `response_message` is the first problem, `validation_errors` names each field and its message.',
  },
  401: {
    name: 'Unauthorized',
    description:
      'No valid session, API token or link token was sent, or it has expired (for `signIn`: the username or password is wrong).',
  },
  403: {
    name: 'Forbidden',
    description:
      'The caller may not make this call or see this resource; `error_code` says why (a missing access key, a pending password change, a call an API token cannot make, …).',
  },
  404: {
    name: 'NotFound',
    description: 'The resource does not exist or belongs to another organisation.',
  },
  409: {
    name: 'Conflict',
    description: 'The change conflicts with the current data (someone saved first, a name already taken, …).',
  },
  413: {
    name: 'TooLarge',
    description: 'The request body or an uploaded file is larger than the call accepts.',
  },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'The body is sent as a content type the call does not read (JSON, or multipart form data for uploads).',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many calls in a minute; `response_data.retryAfterSeconds` says when to retry.',
  },
  502: {
    name: 'BadGateway',
    description: 'A service the call depends on (the sign-in provider) cannot be reached; retry later.',
  },
  503: {
    name: 'Unavailable',
    description: 'The database cannot be reached or did not answer in time; retry later.',
  },
  507: {
    name: 'InsufficientStorage',
    description:
      'The file store cannot take files now (full or read-only); nothing was changed, retry later.',
  },
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** Marks a route's schema with what `completeDocument` documents: its error statuses and how it answers. */
export const ANSWERS_KEY = 'x-compass-answers';
export interface Answers {
  errors: ErrorStatus[];
  /** 'document': this document itself (plugins/openapi.ts). */
  kind: 'envelope' | 'file' | 'redirect' | 'document';
}

/** The answers a few calls give besides those their definition implies. */
const OWN_ANSWERS = new Map<Call, ErrorStatus[]>([
  // A public call that checks a password itself, and refuses a deactivated account (auth/service.ts).
  [shared.signInCall, [401, 403]],
  // A supplier's submit that cannot be done now (submissions/supplierLinks.ts).
  [shared.supplierFormSubmitCall, [shared.SUPPLIER_SUBMIT_REFUSED_CODE]],
  // The provider's discovery document cannot be fetched (sso/service.ts).
  [shared.ssoConfigurationCall, [502]],
  // A close-off stores its PDF in the file store (closeOff/closePdf.ts, audits/close.ts).
  ...[
    shared.formSubmissionCloseCall,
    shared.assignFormCloseOffCall,
    shared.supplierAssignFormCloseOffCall,
    shared.supplierFormCloseOffCall,
    shared.auditCloseCall,
  ].map((call): [Call, ErrorStatus[]] => [call, [507]]),
]);

/** Multipart calls that read their file without storing it (a CSV import). */
const READS_FILE_ONLY = new Set<Call>([shared.assetImportCall]);

/** How a call answers and the error statuses it can give, read from its definition. */
function answersOf(call: Call, { rateLimited }: { rateLimited: boolean }) {
  const takesInput = Boolean(call.body ?? call.query ?? call.params ?? call.multipart);
  // Every POST reads a body, declared or not: one that does not parse is a 400, one too large a 413,
  // one of a content type no parser reads a 415.
  const post = call.method === 'POST';
  const checked = call.access.callers !== 'anyone';
  // An API token's calls are counted per token (plugins/auth.ts), besides the calls' own limits.
  const counted = rateLimited || securityOf(call.access).some((scheme) => 'apiToken' in scheme);
  const errors: ErrorStatus[] = [
    ...(OWN_ANSWERS.get(call) ?? []),
    ...(takesInput || post ? ([400] as const) : []),
    ...(checked ? ([401, 403] as const) : []),
    // What it names may not exist (404) or not be in a state that allows it (409: a certificate not earned yet).
    ...(takesInput ? ([404, 409] as const) : []),
    ...(post ? ([413, 415] as const) : []),
    ...(counted ? ([429] as const) : []),
    503,
    // Uploaded files go to the file store, which may be full or read-only (plugins/storage.ts).
    ...(call.multipart && !READS_FILE_ONLY.has(call) ? ([507] as const) : []),
  ];
  const kind = call.response === 'file' || call.response === 'redirect' ? call.response : 'envelope';
  return { errors: [...new Set(errors)].sort((a, b) => a - b), kind } satisfies Answers;
}

/**
 * The OpenAPI parts of a call's route schema: its name, its description (the call's own, then who
 * may make it), its credentials, its access keys and the mark of its answers.
 */
export function operationOf(call: Call, limits: { rateLimited: boolean }) {
  return {
    operationId: operationIdOf(call),
    description: [call.description ?? call.summary, accessSentence(call.access)].join('\n\n'),
    security: securityOf(call.access),
    ...(call.access.accessKeys && { 'x-access-keys': [...call.access.accessKeys] }),
    [ANSWERS_KEY]: answersOf(call, limits),
  };
}

/** The areas (tags) of the API, each described once at the top of the document. */
const TAGS: Record<string, string> = {
  account: "The signed-in person's own account: username and mail preferences.",
  actionRegister: 'The action register: corrective and follow-up actions, their files and exports.',
  administration: "The organisation's administration: profile, logo, structure, roles and rights.",
  assetMaintenance: 'Planned and corrective maintenance of assets (key plant).',
  assets: 'The asset register, its categories, faults, labels and CSV import.',
  assignedActions: 'Actions assigned to a person, including the link page of an external assignee.',
  attachments: 'Files attached to records, downloaded by their id.',
  audits: 'Audits: planning, recording and closing them.',
  auth: 'Signing in and out, switching accounts and the permissions of the session.',
  clockIn: 'Clocking in and out at a workplace.',
  closeOff: 'Closing a form submission off with its PDF.',
  competencies: 'The competency catalogue, the records of who holds which, and the matrix.',
  configuration: 'What the web client needs to know before anyone signs in.',
  dashboard: "The dashboard's counts and lists.",
  documentation: 'This document.',
  documents: 'Controlled documents: versions, approval and reading.',
  employees: 'Employees, their records and private information.',
  externalParties: "External parties' requirements, their evidence and courses.",
  hazardous: 'The hazardous substances register.',
  health: 'Liveness and readiness of the server and its database.',
  hrForms: 'HR forms assigned to employees, returned and closed.',
  integrations: "An organisation's API tokens and webhook subscriptions for other systems.",
  links: 'Screens opened from an e-mailed link with a scoped link token.',
  noticeboard: "The organisation's noticeboard.",
  notifications: "The signed-in person's notifications.",
  obligations: 'The compliance obligations register.',
  onlineTraining: 'Online courses: authoring, assigning, taking and marking them.',
  password: 'Forgotten passwords, resets and invitations.',
  performanceReviews: 'Performance reviews: both sides, their steps and the sign-off.',
  qrCodes: 'QR codes that open a form or an asset.',
  qrSubmissions: 'Forms filled in by a visitor from a QR code, without signing in.',
  reports: 'Reports and their exports.',
  risks: 'The risk register.',
  sso: 'Single sign-on through an OpenID Connect provider.',
  submissions: 'Form submissions: new forms, saving, records and pick lists.',
  supplierAccess: "Suppliers' own access: their users, personnel and the supplier portal.",
  suppliers: 'Supplier companies and the forms assigned to them.',
  tasks: 'Tasks and their reminders.',
  templates: 'Form templates and their versions.',
  timesheets: 'Timesheets from clock-ins, their corrections, approval and the payroll export.',
  visitors: 'Visitor management: setup, kiosks, the register and hosts.',
};

type Operation = Record<string, unknown> & { responses: Record<string, unknown>; [ANSWERS_KEY]?: Answers };
type Document = Record<string, unknown> & {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};

/** The real answers of a file download or a redirect, in place of the envelope. */
const SUCCESS = {
  file: {
    200: {
      description: 'The file itself, with its own content type and a `Content-Disposition` naming it.',
      headers: { 'Content-Disposition': { schema: { type: 'string' } } },
      content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
    },
  },
  document: {
    200: {
      description: 'The OpenAPI document.',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
  },
  redirect: {
    302: {
      description: 'A redirect: the browser goes on to `Location`.',
      headers: { Location: { schema: { type: 'string' } } },
    },
  },
} as const;

/** The operation's answers: the success the call gives and a reference to each shared error answer. */
function responsesOf(operation: Operation, answers: Answers): Record<string, unknown> {
  const success =
    answers.kind === 'envelope'
      ? {
          200: {
            ...(operation.responses[200] as object),
            description: "The envelope with the call's `response_data`.",
          },
        }
      : SUCCESS[answers.kind];
  const errors = answers.errors.map((status) => [
    status,
    { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` },
  ]);
  return { ...success, ...Object.fromEntries(errors) };
}

type Schema = Record<string, unknown>;
/** The value null, in OpenAPI 3.0 (which has no null type). */
const NULL_ONLY = { type: 'object', nullable: true, enum: [null] };

/**
 * Says in OpenAPI 3.0 what zod's schemas mean, where the conversion leaves it unsaid: a nullable
 * enum lists null (3.0.3: `nullable` does not widen an `enum`); `nullable` needs a `type` beside it,
 * so a nullable choice of shapes gets null as one more choice, and a nullable value of any type
 * drops it (no type already allows null); and a record keyed by an
 * enum (`required` keys, values in `additionalProperties`) names its required keys as properties.
 */
function sayPlainly(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(sayPlainly);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Schema;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  if (schema.nullable === true && !('type' in schema)) {
    delete schema.nullable;
    // One of several shapes or null: null becomes a choice of its own.
    const choices = (['oneOf', 'anyOf'] as const).find((key) => Array.isArray(schema[key]));
    if (choices) schema[choices] = [...(schema[choices] as unknown[]), NULL_ONLY];
  }
  const values = schema.additionalProperties;
  if (Array.isArray(schema.required) && typeof values === 'object' && values !== null) {
    const properties = (schema.properties ??= {}) as Schema;
    for (const key of schema.required as string[]) properties[key] ??= values;
  }
  Object.values(schema).forEach(sayPlainly);
}

const errorEnvelopeSchema = z.toJSONSchema(ZErrorEnvelope, { target: 'openapi-3.0', io: 'output' });
sayPlainly(errorEnvelopeSchema);

/**
 * The document as @fastify/swagger built it, completed: the marks registerCall left become each
 * operation's responses, and the shared error answers, the envelope and the areas are declared once.
 */
export function completeDocument<D extends object>(built: D): D {
  const document = built as Document;
  const used = new Set<string>();
  for (const methods of Object.values(document.paths ?? {}))
    for (const operation of Object.values(methods)) {
      const answers = operation[ANSWERS_KEY];
      if (answers) {
        operation.responses = responsesOf(operation, answers);
        delete operation[ANSWERS_KEY];
      }
      for (const tag of (operation.tags as string[] | undefined) ?? []) used.add(tag);
    }
  sayPlainly(document.paths);
  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [
      name,
      {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    ]),
  );
  return {
    ...document,
    tags: [...used].sort().map((name) => ({ name, description: TAGS[name] })),
    components: {
      ...document.components,
      schemas: { ...(document.components?.schemas as object), ErrorEnvelope: errorEnvelopeSchema },
      responses,
    },
  } as D;
}
