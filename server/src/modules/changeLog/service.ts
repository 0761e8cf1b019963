import { ADMINISTERED_ENTITIES, type AdministeredEntity, type TRecordChange } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { userNames } from '../employees/accountHolders';

/** A logged value as the screen shows it. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => asText(item) ?? '').join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Reads the change log of administered records (organisation, workplaces, roles, people, notices). */
export class ChangeLogService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, entityType: AdministeredEntity, entityId: string): Promise<TRecordChange[]> {
    if (!auth.accessKeys.has(ADMINISTERED_ENTITIES[entityType])) throw forbidden();
    if (!(await this.exists(auth.companyId, entityType, entityId))) throw notFound();
    const rows = await this.db.changeLog.findMany({
      where: { companyId: auth.companyId, entityType, entityId },
      orderBy: { createdAt: 'desc' },
      take: 500,
    });
    const names = await userNames(
      this.db,
      auth.companyId,
      rows.map((row) => row.userId),
    );
    return rows.map((row) => ({
      _id: row.id,
      createdAt: row.createdAt.toISOString(),
      action: row.action,
      changedBy: row.userId ? (names.get(row.userId) ?? 'Unknown user') : 'Organisation file',
      changes: Object.entries((row.changes ?? {}) as Record<string, [unknown, unknown]>).map(
        ([field, pair]) => ({
          field,
          from: asText(Array.isArray(pair) ? pair[0] : null),
          to: asText(Array.isArray(pair) ? pair[1] : pair),
        }),
      ),
    }));
  }

  /** Whether the record exists in the caller's organisation (another's is not found). */
  private async exists(companyId: string, entityType: AdministeredEntity, id: string): Promise<boolean> {
    const where = { id, companyId };
    switch (entityType) {
      case 'organisation':
        return id === companyId;
      case 'workplace':
        return (await this.db.workplace.count({ where })) > 0;
      case 'branch':
        return (await this.db.branch.count({ where })) > 0;
      case 'role':
        return (await this.db.role.count({ where })) > 0;
      case 'position':
        return (await this.db.position.count({ where })) > 0;
      case 'employee':
        return (await this.db.employee.count({ where })) > 0;
      case 'supplierCompany':
        return (await this.db.supplierCompany.count({ where })) > 0;
      case 'personnel':
        return (await this.db.personnel.count({ where })) > 0;
      case 'notice':
        return (await this.db.notice.count({ where })) > 0;
      case 'formTemplate':
        return (await this.db.formTemplate.count({ where })) > 0;
      case 'document':
        return (await this.db.document.count({ where })) > 0;
    }
  }
}
