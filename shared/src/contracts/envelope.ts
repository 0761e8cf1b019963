import { z } from 'zod';

/**
 * Machine-readable reasons an error carries besides its message, so a client acts on the reason
 * and never on message text.
 */
export const ERROR_CODES = [
  // What an error of each status carries when nothing more specific applies.
  'invalid_input',
  'not_signed_in',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'too_many_requests',
  'unavailable',
  'server_error',
  // The caller's state or kind (server/src/plugins/callers.ts).
  'password_change_required',
  'supplier_portal_disabled',
  'caller_not_served',
  'access_key_missing',
  // An API token called a call that needs a person signed in (CallAccess.sessionOnly).
  'session_required',
  // Conflicts a screen resolves in its own way.
  'stale_version',
  'open_tasks_block_close',
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

/** The code of an error that names none: one per HTTP status. */
export function errorCodeOfStatus(status: number): TErrorCode {
  switch (status) {
    case 400:
      return 'invalid_input';
    case 401:
      return 'not_signed_in';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 429:
      return 'too_many_requests';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'server_error' : 'invalid_input';
  }
}

export const ZValidationError = z.object({ field: z.string(), message: z.string() });
export type TValidationError = z.infer<typeof ZValidationError>;

/** Every API body: `{ response_code, response_message, response_data }` (200 is success). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    response_code: z.number().int(),
    response_message: z.string(),
    response_data: data,
    validation_errors: z.array(ZValidationError).optional(),
    error_code: ZErrorCode.optional(),
    /** 'yes' tells the client to fetch the permissions once more. */
    updatePermissions: z.enum(['yes', 'no']).optional(),
  });
}

export const ZErrorEnvelope = envelopeOf(z.unknown().nullable());

export type Envelope<T> = {
  response_code: number;
  response_message: string;
  response_data: T;
  validation_errors?: TValidationError[];
  error_code?: TErrorCode;
  updatePermissions?: 'yes' | 'no';
};

export const ZYesNo = z.enum(['yes', 'no']);

export { DAY_MESSAGE, ZDay } from '../rules/day';

/** The largest value of a PostgreSQL integer column: integers on the wire stay within it. */
export const INT4_MAX = 2_147_483_647;
export const INTEGER_MESSAGE = `Numbers are whole and at most ${INT4_MAX}`;
/** A record's version for optimistic concurrency (0 before the first save). */
export const ZVersion = z.number().int().min(0).max(INT4_MAX, INTEGER_MESSAGE);
/** A page of a list; the bound keeps the row offset a sensible number. */
export const MAX_PAGE = 1_000_000;
export const ZPage = z.number().int().min(1).max(MAX_PAGE, `Pages go up to ${MAX_PAGE}`);
export const ZUuid = z.uuid();
