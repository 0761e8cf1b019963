import { templateMessages as say } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { conflict, notFound } from '../../errors';
import type { FormTemplate } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';

// The form templates are the organisation's, built by its administrators (the `system` key; the
// calls' gate admits no one else). Another organisation's template is not found, in the list as in
// the builder; an archived one is read but not changed until it is restored.

/** The organisation's templates `t` (the list's first condition). */
export const organisationTemplates = (auth: AuthContext): Sql => sql`t."companyId" = ${uuid(auth.companyId)}`;

/** The caller's organisation's template; another organisation's is not found. */
export async function findTemplate(
  client: Prisma.TransactionClient | Db,
  auth: AuthContext,
  id: string,
): Promise<FormTemplate> {
  const template = await client.formTemplate.findFirst({ where: { id, companyId: auth.companyId } });
  if (!template) throw notFound();
  return template;
}

/** An archived template's design is not changed (saved, published, discarded) until it is restored. */
export function requireNotArchived(template: Pick<FormTemplate, 'isActive'>): void {
  if (!template.isActive) throw conflict(say.archived);
}
