/**
 * Maintenance on the dashboards (docs/assets.md): the open maintenance of assets assigned to the
 * caller — an employee's own on dashboardList, their supplier company's in the portal (its account
 * and its personnel alike). The condition is the one maintenanceDetails opens a record by for a
 * caller without the register's key (assetMaintenance/policy.ts), so every item listed opens.
 */
import {
  DASHBOARD_LIST_LIMIT,
  localDateOf,
  taskDueType,
  type MaintenanceKind,
  type TMaintenanceItem,
} from '@compass/shared';
import { timestampOf } from '../../db/reader';
import { openMaintenanceOfSql, type MaintenanceAssigneeOf } from '../assetMaintenance';
import type { Opens } from './openers';
import {
  countOf,
  emptySection,
  sql,
  toSection,
  topItems,
  type Counted,
  type Query,
  type Section,
  type Source,
} from './sql';

/** The assignee's open records by due day, on the index (companyId, assignee, status, dueDate). */
export function maintenanceSources(companyId: string, assignee: MaintenanceAssigneeOf): Source[] {
  return [
    {
      kind: 'maintenance',
      from: sql`"MaintenanceRecord" t`,
      where: openMaintenanceOfSql(companyId, assignee),
      due: sql`t."dueDate"`,
    },
  ];
}

export async function maintenanceSection(
  query: Query,
  scope: { companyId: string; today: string; timeZone: string; opens: Opens },
  assignee: MaintenanceAssigneeOf,
): Promise<Section<TMaintenanceItem>> {
  if (!scope.opens('maintenance')) return emptySection();
  const sources = maintenanceSources(scope.companyId, assignee);
  const rows = await query<
    Array<
      Counted & {
        id: string | null;
        assetId: string;
        number: string;
        name: string;
        title: string;
        kind: MaintenanceKind;
        location: string;
        workplaceName: string | null;
        dueDate: string;
        createdAt: string;
      }
    >
  >(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT t.id, t."assetId", a.number, a.name, t.title, t.kind::text AS kind, a.location,
      w.name AS "workplaceName", to_char(i.due, 'YYYY-MM-DD') AS "dueDate", t."createdAt",
      ${countOf(sources)} AS total
    FROM top i
    JOIN "MaintenanceRecord" t ON t.id = i.id
    JOIN "Asset" a ON a.id = t."assetId"
    LEFT JOIN "Workplace" w ON w.id = a."workplaceId"
    ORDER BY i.due, i.id`);
  return toSection(rows, (row) => ({
    _id: row.id!,
    assetId: row.assetId,
    assetNumber: row.number,
    assetName: row.name,
    title: row.title,
    kind: row.kind,
    location: row.location,
    workplaceName: row.workplaceName,
    dueDate: row.dueDate,
    createdAt: localDateOf(timestampOf(row.createdAt), scope.timeZone),
    taskDueDateType: taskDueType(row.dueDate, scope.today),
    badge: 'Pending Completion',
  }));
}
