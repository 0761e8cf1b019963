/**
 * JSON with every object's keys sorted: equal values give equal text whatever order they were
 * written in. A `jsonb` column keeps no key order of its own, so a stored value read back and the
 * same value as a client sent it compare equal only this way.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}
