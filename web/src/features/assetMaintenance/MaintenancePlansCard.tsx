import { maintenancePlanListCall } from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { Card } from '../../components/Card';
import { DataTable } from '../../components/DataTable';
import { ListState, Pagination, usePaging } from '../../components/ListParts';
import { assetMaintenanceKeys } from './api';
import { NewPlanButton, PLAN_COLUMNS, PlanRowList, usePlanDialogs } from './PlanRows';

/**
 * The asset page's "Maintenance plans": the asset's own plans and its category's, added and
 * edited in the plan dialog (a new one is for this asset) and stopped; `disabled` (a disposed
 * asset) only lists them.
 */
export function MaintenancePlansCard({
  assetId,
  categoryId,
  categoryName,
  disabled,
}: {
  assetId: string;
  categoryId: string | null;
  categoryName: string | null;
  disabled: boolean;
}) {
  const paging = usePaging(10);
  const { page, pageSize } = paging;
  const plans = useQuery({
    // The category is in the key: a new category brings its plans.
    queryKey: [...assetMaintenanceKeys.plans, 'asset', assetId, categoryId, page, pageSize],
    queryFn: () => callApi(maintenancePlanListCall, { body: { assetId, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
  const dialogs = usePlanDialogs(assetId);
  const rows = plans.data?.rows ?? [];
  return (
    <Card
      title="Maintenance plans"
      actions={!disabled && <NewPlanButton label="Add maintenance plan" onClick={dialogs.onNew} />}
      bare
    >
      {categoryName && (
        <p className="card-body text-sm text-secondary">
          With the plans of its category, {categoryName}: they apply to every asset of it.
        </p>
      )}
      <ListState query={plans} count={rows.length} empty="No plans yet" />
      {rows.length > 0 && (
        <DataTable columns={PLAN_COLUMNS} actions>
          <PlanRowList plans={rows} readOnly={disabled} dialogs={dialogs} />
        </DataTable>
      )}
      {plans.data && <Pagination {...paging.pagination(plans.data.total)} />}
      {dialogs.dialogs}
    </Card>
  );
}
