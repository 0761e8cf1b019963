import type { z } from 'zod';
import { messages } from '../messages';
import type { AccessKey } from '../rules/access';

/**
 * The five kinds of caller the server knows (DESIGN.md, "Callers and policy"): a signed-in
 * employee, supplier company user or supplier personnel; the holder of a scoped link token; and a
 * guest, who sends neither (the login page, the QR form's visitor).
 */
export const CALLER_KINDS = ['employee', 'supplier', 'personnel', 'link', 'guest'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

/** Who may make a call; the server rules on it before the body is read (server/src/plugins/callers.ts). */
export interface CallAccess {
  /** 'anyone' for public calls (no session is looked up); otherwise the caller kinds served. */
  callers: 'anyone' | readonly Exclude<CallerKind, 'guest'>[];
  /** Still served while the caller's forced password change is pending. */
  duringPasswordChange?: true;
  /** Still served to a supplier user or personnel whose company's supplier portal is off. */
  withPortalOff?: true;
  /** Access keys an employee's role must all have. */
  accessKeys?: readonly AccessKey[];
  /** What a caller kind the call does not serve is told (default: the generic refusal). */
  refusal?: string;
  /**
   * Refused to an integration's API token (docs/integrations.md): the calls that manage a session,
   * a password or the tokens themselves need a person signed in.
   */
  sessionOnly?: true;
}

const SIGNED_IN = ['employee', 'supplier', 'personnel'] as const;

/** The access rules calls share; a call with a rule of its own spells it out. */
export const ACCESS = {
  anyone: { callers: 'anyone' },
  signedIn: { callers: SIGNED_IN },
  signedInOrLink: { callers: [...SIGNED_IN, 'link'] },
  employee: { callers: ['employee'] },
  /** The screens opened from an e-mailed link that only the link can open. */
  link: { callers: ['link'], refusal: messages.links.unknown },
  /** Sign-out and reading one's permissions work in every state, so the client can show it. */
  session: { callers: SIGNED_IN, duringPasswordChange: true, withPortalOff: true, sessionOnly: true },
} as const satisfies Record<string, CallAccess>;

/**
 * One call of the API: the server registers its route from this and the web client calls it
 * through this, so a path, a method or a body cannot drift between the two sides.
 */
export interface Call {
  method: 'GET' | 'POST';
  /** Under /api, with `:name` segments filled from `params`. */
  path: `/${string}`;
  tags: readonly string[];
  summary: string;
  description?: string;
  access: CallAccess;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Files sent as multipart form data, parsed by the route with this schema for the fields. */
  multipart?: z.ZodType;
  /** The schema of response_data; 'file' for a download answered with the file itself. */
  response: z.ZodType | 'file' | 'redirect';
  /** Left out of the OpenAPI document (internal or browser-navigation routes). */
  hidden?: true;
}

/** Declares a call, keeping its literal types for both sides. */
export const defineCall = <const C extends Call>(call: C): C => call;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** What the web sends: the parts the call declares, each typed by its schema. */
export type CallInput<C extends Call> = (C['body'] extends z.ZodType ? { body: In<C['body']> } : unknown) &
  (C['query'] extends z.ZodType
    ? // A query of optional parameters only (a link's authtoken) may be left out.
      Record<never, never> extends In<C['query']>
      ? { query?: In<C['query']> }
      : { query: In<C['query']> }
    : unknown) &
  (C['params'] extends z.ZodType ? { params: In<C['params']> } : unknown) &
  (C['multipart'] extends z.ZodType ? { form: MultipartForm } : unknown);

/** The browser's FormData, as far as shared code (no DOM types) needs to name it. */
export interface MultipartForm {
  append(name: string, value: never, fileName?: string): void;
}

/** What the server's handler reads, parsed by the call's schemas. */
export interface CallParsed<C extends Call> {
  Body: Out<C['body']>;
  Querystring: Out<C['query']>;
  Params: Out<C['params']>;
}

/** response_data of a call answered in the envelope. */
export type CallData<C extends Call> = C['response'] extends z.ZodType ? z.output<C['response']> : never;

/** The path of a call with its `:name` segments filled in, encoded. */
export function callPath(call: Pick<Call, 'path'>, params?: Record<string, string | number>): string {
  return call.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${call.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
