import { ratingMessages } from '@compass/shared';

/** A rating not chosen in full: the matrix's message, under `${name}` as the server names it. */
export function ratingErrors(name: string, value: Partial<{ likelihood: number; consequence: number }>) {
  return value.likelihood === undefined || value.consequence === undefined
    ? { [name]: ratingMessages.outsideMatrix }
    : {};
}

/** A rating picker's error: its likelihood's or consequence's (as the server names them), else its own. */
export function ratingError(errors: Record<string, string>, name: string): string | undefined {
  return errors[`${name}.likelihood`] ?? errors[`${name}.consequence`] ?? errors[name];
}

/** The errors left once the fields named (and their parts: 'inherent' takes 'inherent.likelihood') change. */
export function withoutErrors(errors: Record<string, string>, ...fields: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([key]) => !fields.some((field) => key === field || key.startsWith(`${field}.`)),
    ),
  );
}
