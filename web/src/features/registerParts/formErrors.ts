import { ratingMessages } from '@compass/shared';

/** A rating not chosen in full: the matrix's message, under `${name}` as the server names it. */
export function ratingErrors(name: string, value: Partial<{ likelihood: number; consequence: number }>) {
  return value.likelihood === undefined || value.consequence === undefined
    ? { [name]: ratingMessages.outsideMatrix }
    : {};
}

/** The errors left once the fields named (and their parts: 'inherent' takes 'inherent.likelihood') change. */
export function withoutErrors(errors: Record<string, string>, ...fields: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([key]) => !fields.some((field) => key === field || key.startsWith(`${field}.`)),
    ),
  );
}
