import { maintenancePlanListCall } from '@compass/shared';
import { useSearchParams } from 'react-router';
import { callApi } from '../../api/client';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { TabPanel, Tabs } from '../../components/Tabs';
import { usePageTitle } from '../../shell/pageTitle';
import { assetMaintenanceKeys } from './api';
import { NewPlanButton, PLAN_COLUMNS, PlanRowList, usePlanDialogs } from './PlanRows';
import { WorkList } from './WorkList';

type Tab = 'work' | 'plans';
const TABS = [
  { value: 'work', label: 'Work' },
  { value: 'plans', label: 'Plans' },
] as const;
const ID_BASE = 'maintenance-register';

/**
 * Assets > Maintenance Register: the work (open, done and cancelled maintenance of every asset)
 * and the plans that schedule it. The tab is in the address (`?tab=plans`), so Back returns to it.
 */
export function MaintenanceRegisterPage() {
  usePageTitle('Maintenance Register');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'plans' ? 'plans' : 'work';
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Maintenance Register"
        intro="The planned and corrective maintenance of the organisation's assets, and the plans that schedule it."
      />
      <Tabs
        label="Maintenance Register"
        idBase={ID_BASE}
        options={TABS}
        current={tab}
        // A tab starts with its own list: the other's search and filters are left behind.
        onChange={(next) => setParams(next === 'plans' ? { tab: 'plans' } : {})}
      />
      <TabPanel idBase={ID_BASE} value="work" current={tab}>
        {tab === 'work' && <WorkList />}
      </TabPanel>
      <TabPanel idBase={ID_BASE} value="plans" current={tab}>
        {tab === 'plans' && <PlanList />}
      </TabPanel>
    </div>
  );
}

const PLAN_FILTERS = { stopped: '' as 'yes' | '' };

/** Every plan of the organisation (the active ones unless asked), with New plan, Edit and Stop. */
function PlanList() {
  const list = usePagedList({
    queryKey: assetMaintenanceKeys.plans,
    filters: PLAN_FILTERS,
    fetch: ({ stopped, ...request }) =>
      callApi(maintenancePlanListCall, { body: { ...request, includeStopped: stopped === 'yes' } }),
  });
  const dialogs = usePlanDialogs();
  return (
    <div className="stack-lg">
      <div className="row wrap">
        <NewPlanButton label="New plan" onClick={dialogs.onNew} />
      </div>
      <ListFilters searchLabel="Search plans" placeholder="Title, asset or category" list={list}>
        <SelectField
          label="Plans"
          value={list.filters.stopped}
          none="Active"
          options={[{ value: 'yes', label: 'Active and stopped' }]}
          onChange={(value) => list.setFilter('stopped', value as 'yes' | '')}
        />
      </ListFilters>
      <PagedTable
        label="Maintenance plans"
        list={list}
        columns={PLAN_COLUMNS}
        empty="No plans yet"
        narrowedEmpty="No plan matches the filters"
      >
        <PlanRowList plans={list.rows} readOnly={false} dialogs={dialogs} />
      </PagedTable>
      {dialogs.dialogs}
    </div>
  );
}
