import { containing, emptySql, join, sql, startingWith, uuid, type Sql } from '../../db/sql';

/**
 * An employee `e` whose first or last name, or another of `alsoMatching`'s columns (given the ILIKE
 * pattern), contains the text; or whose first and last names start with its first word and the rest
 * ("ali mor" finds Alice Morgan).
 */
export function employeeSearch(search: string, alsoMatching: (pattern: string) => Sql[]): Sql {
  const pattern = containing(search);
  const [first, ...rest] = search.split(/\s+/);
  const fullName =
    first && rest.length > 0
      ? sql` OR (e."firstName" ILIKE ${startingWith(first)} AND e."lastName" ILIKE ${startingWith(rest.join(' '))})`
      : emptySql;
  return sql`(e."firstName" ILIKE ${pattern} OR e."lastName" ILIKE ${pattern}
    OR ${join(alsoMatching(pattern), ' OR ')}${fullName})`;
}

/** The ids of the organisation's employees whose names `employeeSearch` finds. */
export const matchingPeople = (companyId: string, search: string): Sql =>
  sql`SELECT e.id FROM "Employee" e WHERE e."companyId" = ${uuid(companyId)}
    AND ${employeeSearch(search, () => [sql`false`])}`;
