import { assetOptionName, type TAssetRef, type TMaintenanceAssignee } from '@compass/shared';
import { sql, type Sql } from '../../db/sql';
import { Prisma } from '../../generated/prisma/client';

/** A plan's or record's assignee on `row` as JSON (ZMaintenanceAssignee), null when unassigned. */
export const assigneeJson = (row: string): Sql => {
  const on = (column: string) => Prisma.raw(`${row}."${column}"`);
  return sql`CASE WHEN ${on('assigneeEmployeeId')} IS NOT NULL THEN (SELECT json_build_object('kind', 'employee',
      '_id', e.id, 'name', concat_ws(' ', e."firstName", e."lastName")) FROM "Employee" e
      WHERE e.id = ${on('assigneeEmployeeId')} AND e."companyId" = ${on('companyId')})
    WHEN ${on('assigneeSupplierId')} IS NOT NULL THEN (SELECT json_build_object('kind', 'supplier',
      '_id', s.id, 'name', s.name) FROM "SupplierCompany" s
      WHERE s.id = ${on('assigneeSupplierId')} AND s."companyId" = ${on('companyId')}) END`;
};

export type AssigneeJson = TMaintenanceAssignee | null;

/** An asset as a reference: named as pick lists and dashboards name it. */
export const assetRef = (asset: { _id: string; number: string; name: string }): TAssetRef => ({
  _id: asset._id,
  name: assetOptionName(asset),
});
