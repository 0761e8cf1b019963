/**
 * A `@db.Date` column as Prisma reads and writes it: a Date at midnight UTC. These turn it into the
 * wire's yyyy-MM-dd and back, whatever the server's time zone.
 */
export const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

export function dayOf(date: Date): string;
export function dayOf(date: Date | null): string | null;
export function dayOf(date: Date | null): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}
