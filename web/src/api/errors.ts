import type { TErrorCode, TValidationError } from '@compass/shared';
import { toast } from 'sonner';
import type { z } from 'zod';

/** A failed call: the envelope's response_code and response_message, or a transport failure (code 0). */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly validationErrors: TValidationError[];
  readonly data: unknown;
  /** The envelope's machine-readable reason, when the server gave one. */
  readonly errorCode: TErrorCode | undefined;

  constructor(input: {
    code: number;
    message: string;
    status?: number;
    validationErrors?: TValidationError[];
    data?: unknown;
    errorCode?: TErrorCode;
  }) {
    super(input.message);
    this.name = 'ApiError';
    this.code = input.code;
    this.status = input.status ?? 0;
    this.validationErrors = input.validationErrors ?? [];
    this.data = input.data ?? null;
    this.errorCode = input.errorCode;
  }

  /** True when the call never reached the server or its answer was not an envelope. */
  get isTransport(): boolean {
    return this.code === 0;
  }

  /** HTTP 400 or response_code 502 with validation errors (000 section 8). */
  get hasValidationErrors(): boolean {
    return (
      (this.status === 400 || this.code === 400 || this.code === 502) && this.validationErrors.length > 0
    );
  }
}

export function formatValidationErrors(errors: TValidationError[]): string {
  return errors.map((error) => `• ${error.message}`).join('\n');
}

/** What the error catalogue shows for a failure: the message, plus the formatted validation errors. */
export function describeError(error: unknown): { message: string; description?: string } {
  if (error instanceof ApiError) {
    // The message is usually the first validation error: listed again it would read twice.
    const others = error.validationErrors.filter((entry) => entry.message !== error.message);
    if (error.hasValidationErrors && others.length > 0) {
      return { message: error.message, description: formatValidationErrors(others) };
    }
    return { message: error.message };
  }
  if (error instanceof Error) return { message: error.message };
  return { message: String(error) };
}

/** Shows a failure as an error toast. */
export function notifyError(error: unknown): void {
  const { message, description } = describeError(error);
  toast.error(message, description ? { description } : undefined);
}

/** A failed call's validation errors by field, for a form to show next to its fields (none: {}). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.validationErrors.map((entry) => [entry.field, entry.message]));
}

/** The server's schema run on a form's body before sending: its first message for each field. */
export function schemaProblems(schema: z.ZodType, body: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of schema.safeParse(body).error?.issues ?? [])
    problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

/** Shows a form's first problem as an error toast; whether there was one (then nothing is sent). */
export function notifyFirstProblem(problems: Record<string, string>): boolean {
  const first = Object.values(problems)[0];
  if (first !== undefined) toast.error(first);
  return first !== undefined;
}
