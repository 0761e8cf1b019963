import type { Db } from '../../db/prisma';
import type { AuthContext } from '../../plugins/auth';
import { REGISTERS, type RegisterKind } from './registers';

/**
 * Who may see and change a risk or a hazardous substance (its page, files, actions and review):
 * a caller holding the register's key, for an item of their organisation.
 */
export async function registerItemVisible(
  db: Db,
  auth: AuthContext,
  kind: RegisterKind,
  id: string,
): Promise<boolean> {
  if (!auth.accessKeys.has(REGISTERS[kind].accessKey)) return false;
  const where = { id, companyId: auth.companyId };
  const count =
    kind === 'risk' ? await db.risk.count({ where }) : await db.hazardousSubstance.count({ where });
  return count > 0;
}
