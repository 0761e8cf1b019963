import type { z } from 'zod';
import type { TErrorCode, TValidationError } from '@compass/shared';
import { messages } from '@compass/shared';

/**
 * An error meant for the caller: its message is shown to the user as response_message, its
 * status is the HTTP status. Anything else thrown is a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
    readonly validationErrors?: TValidationError[],
    /** A machine-readable reason, sent as `error_code`, for clients that act on it. */
    readonly code?: TErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, validationErrors?: TValidationError[]) =>
  new AppError(400, message, null, validationErrors);
export const unauthorized = (message: string = messages.common.sessionExpired, data: unknown = null) =>
  new AppError(401, message, data);
export const forbidden = (message: string = messages.common.forbidden) => new AppError(403, message);
export const notFound = (message: string = messages.common.notFound) => new AppError(404, message);
export const conflict = (message: string, code?: TErrorCode) =>
  new AppError(409, message, null, undefined, code);
/** Someone else saved first: the screen reloads instead of overwriting. */
export const staleVersion = () => conflict(messages.closeOff.stale, 'stale_version');
/** A form with open actions cannot close; the screen offers to review them. */
export const openTasksBlockClose = () =>
  conflict(messages.submission.openTaskBlocksClose, 'open_tasks_block_close');

/** Parses input the route schema could not (multipart fields); failures read like schema errors. */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const validationErrors = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  throw badRequest(validationErrors[0]?.message ?? 'Invalid request.', validationErrors);
}

/**
 * A readable reason for any thrown value, for logs and start-up failures: a connection refused on
 * `localhost` is an AggregateError with an empty message (one error per address tried), and some
 * libraries reject with nothing at all.
 */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0)
    return [...new Set(error.errors.map(describeError))].join('; ');
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return error.message || (typeof code === 'string' ? code : error.name);
  }
  return error === undefined || error === null ? 'an unknown error (nothing was thrown)' : String(error);
}
