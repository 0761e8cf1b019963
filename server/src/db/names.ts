/**
 * Prisma's `where` for another record of the organisation with this name, case aside: the names an
 * organisation keeps unique (the record being saved, `_id`, does not clash with itself).
 */
export function sameNameElsewhere(companyId: string, item: { _id?: string | undefined; name: string }) {
  return {
    companyId,
    name: { equals: item.name, mode: 'insensitive' as const },
    id: { not: item._id },
  };
}
