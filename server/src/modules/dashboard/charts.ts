/** The pie and bar charts, counted from the same sources as the sections' lists. */
import { type TDashboardPieChartResponse, type TPieEntry } from '@compass/shared';
import { countOf, pieOf, sql, type Query, type Source } from './sql';
import {
  assignedActionSources,
  COORDINATOR_PLAN,
  formCoordinationSources,
  providerParts,
  scheduledTaskSources,
  supplierSources,
  type Provider,
  type Scope,
} from './sources';
import { OPENS_ALL, type Opens } from './openers';

export async function pies(
  query: Query,
  scope: Scope | null,
  provider: Provider | null,
  today: string,
): Promise<TDashboardPieChartResponse> {
  const zero: TPieEntry = { total: 0, today: 0, upcoming: 0, due: 0 };
  const pie = async (sources: Source[], plan?: 'custom') => {
    const [row] = await query<TPieEntry[]>(pieOf(sources, today), plan);
    return row ?? zero;
  };
  if (scope) {
    const [form, assignAction, scheduledActivites] = await Promise.all([
      pie(formCoordinationSources(scope.companyId, scope.employeeId), COORDINATOR_PLAN),
      pie(assignedActionSources(scope.companyId, { employeeId: scope.employeeId }, scope.opens)),
      pie(scheduledTaskSources(scope.companyId, scope.employeeId, scope.opens)),
    ]);
    return { form, assignAction, scheduledActivites };
  }
  if (!provider) return { form: zero, assignAction: zero, scheduledActivites: zero };
  const parts = providerParts(provider);
  const [form, assignAction] = await Promise.all([
    pie(supplierSources(provider.companyId, parts.assignedForms)),
    pie(parts.assignedActions),
  ]);
  return { form, assignAction, scheduledActivites: zero };
}

/**
 * The caller's own items (`who`, those it may open) or the organisation's, due in the period.
 */
export async function barCounts(
  query: Query,
  companyId: string,
  who: { employeeId: string; opens: Opens } | null,
  range: { startDay: string; endDay: string },
) {
  const opens = who?.opens ?? OPENS_ALL;
  const employeeId = who?.employeeId ?? null;
  const [row] = await query<Array<{ form: number; assignAction: number; scheduled: number }>>(
    sql`
    SELECT ${countOf(formCoordinationSources(companyId, employeeId), range)} AS form,
      ${countOf(
        assignedActionSources(companyId, employeeId ? { employeeId } : 'organisation', opens),
        range,
      )} AS "assignAction",
      ${countOf(scheduledTaskSources(companyId, employeeId, opens), range)} AS scheduled`,
    who ? COORDINATOR_PLAN : undefined,
  );
  return row;
}
