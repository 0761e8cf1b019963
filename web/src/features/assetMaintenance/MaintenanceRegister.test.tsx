import { assetPath, maintenanceMessages as say, maintenanceRecordPath } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queryClient';
import {
  bodiesSent,
  choosePerson,
  mockFetch,
  ok,
  permissionsFixture,
  queryClient,
  renderRoutes,
} from '../../../test/helpers';
import { browserToday } from '../../lib/timeZone';
import { ASSET, CATEGORY, ETHAN, plan, PLAN, RECORD, workRow } from './assetMaintenance.fixtures';
import { MaintenancePlansCard } from './MaintenancePlansCard';
import { MaintenanceRegisterPage } from './MaintenanceRegisterPage';

const people = () => ok({ options: [{ _id: ETHAN, name: 'Ethan Clarke' }], hasMore: false });

function renderRegister(entry = '/asset/maintenance') {
  queryClient.setQueryData(queryKeys.permissions, permissionsFixture());
  return renderRoutes([{ path: '/asset/maintenance', element: <MaintenanceRegisterPage /> }], entry);
}

describe('MaintenanceRegisterPage', () => {
  it('lists the open work with its asset, record, assignee and due marker, and filters it', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'POST /api/maintenanceList': () =>
        ok({
          rows: [
            workRow(),
            workRow({
              _id: PLAN,
              title: 'Fault: forks bent',
              kind: 'corrective',
              assignee: null,
              frequency: null,
            }),
          ],
          total: 2,
        }),
    });
    renderRegister();
    expect(screen.getByRole('heading', { name: 'Maintenance Register' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Work' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table');
    for (const column of ['Asset', 'Maintenance', 'Kind', 'Done by', 'Due', 'Status'])
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'A-00001 Forklift' })[0]).toHaveAttribute(
      'href',
      assetPath(ASSET),
    );
    expect(within(table).getByRole('link', { name: 'Monthly service' })).toHaveAttribute(
      'href',
      maintenanceRecordPath(RECORD),
    );
    expect(within(table).getByText('Unassigned')).toBeInTheDocument();
    expect(within(table).getAllByText('Overdue').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Due'), 'overdue');
    await user.click(screen.getByLabelText('Unassigned only'));
    await user.type(screen.getByRole('searchbox', { name: 'Search maintenance' }), 'FL{Enter}');
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/maintenanceList').at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        search: 'FL',
        due: 'overdue',
        unassigned: 'yes',
      }),
    );
  });

  it('says when there is no maintenance', async () => {
    mockFetch({ 'POST /api/maintenanceList': () => ok({ rows: [], total: 0 }) });
    renderRegister();
    expect(await screen.findByText('No maintenance due')).toBeInTheDocument();
  });

  it('adds a plan for a category on the Plans tab', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'POST /api/maintenancePlanList': () => ok({ rows: [plan()], total: 1 }),
      'POST /api/assetOptions': () =>
        ok({ categories: [{ _id: CATEGORY, name: 'Forklifts' }], workplaces: [] }),
      'POST /api/assetPickerSearch': people,
      'POST /api/maintenancePlanSave': () => ok({ _id: PLAN }, say.planSaved),
    });
    renderRegister('/asset/maintenance?tab=plans');
    expect(await screen.findByRole('cell', { name: 'Monthly' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Add maintenance plan' });

    // Nothing chosen: the schema's messages, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    expect(within(dialog).getByText(say.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(say.frequencyUnknown)).toBeInTheDocument();
    expect(within(dialog).getByText(say.assigneeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(say.targetRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/maintenancePlanSave')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'A category' }));
    await user.selectOptions(await within(dialog).findByLabelText('Category'), CATEGORY);
    await user.type(within(dialog).getByLabelText('Title'), 'Quarterly inspection');
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'quarterly');
    await choosePerson(user, dialog, 'Employee', 'Ethan Clarke');
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));

    expect(await screen.findByText(say.planSaved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/maintenancePlanSave')).toEqual([
      {
        assetId: null,
        categoryId: CATEGORY,
        title: 'Quarterly inspection',
        instructions: '',
        frequency: 'quarterly',
        assignee: { kind: 'employee', _id: ETHAN },
        formTemplateId: null,
        firstDueDate: browserToday(),
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 15_000);

  it('stops a plan after asking', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'POST /api/maintenancePlanList': () => ok({ rows: [plan()], total: 1 }),
      'POST /api/maintenancePlanStop': () => ok(null, say.planStoppedDone),
    });
    renderRegister('/asset/maintenance?tab=plans');
    await user.click(await screen.findByRole('button', { name: 'Stop Monthly service' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop plan' }));
    expect(await screen.findByText(say.planStoppedDone)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/maintenancePlanStop')).toEqual([{ _id: PLAN }]);
  });

  it('says when there are no plans', async () => {
    mockFetch({ 'POST /api/maintenancePlanList': () => ok({ rows: [], total: 0 }) });
    renderRegister('/asset/maintenance?tab=plans');
    expect(await screen.findByText('No plans yet')).toBeInTheDocument();
  });
});

describe('MaintenancePlansCard', () => {
  function renderCard(disabled: boolean) {
    return renderRoutes(
      [
        {
          path: '/',
          element: (
            <MaintenancePlansCard
              assetId={ASSET}
              categoryId={CATEGORY}
              categoryName="Forklifts"
              disabled={disabled}
            />
          ),
        },
      ],
      '/',
    );
  }

  it('lists the asset’s plans and adds one for this asset, edits and stops them', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'POST /api/maintenancePlanList': () =>
        ok({
          rows: [
            plan(),
            plan({
              _id: RECORD,
              asset: null,
              category: { _id: CATEGORY, name: 'Forklifts' },
              title: 'Yearly load test',
              frequency: 'years',
            }),
          ],
          total: 2,
        }),
      'POST /api/assetPickerSearch': people,
      'POST /api/maintenancePlanSave': () => ok({ _id: PLAN }, say.planSaved),
    });
    renderCard(false);
    const card = screen.getByRole('region', { name: 'Maintenance plans' });
    expect(await within(card).findByRole('cell', { name: 'Category: Forklifts' })).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/maintenancePlanList')[0]).toMatchObject({ assetId: ASSET });

    await user.click(within(card).getByRole('button', { name: 'Add maintenance plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Add maintenance plan' });
    expect(within(dialog).queryByRole('radio', { name: 'An asset' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Weekly check');
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'weeks');
    await choosePerson(user, dialog, 'Employee', 'Ethan Clarke');
    await user.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    // Sonner's toasts outlive a test: the dialog closing says the save is done.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, '/maintenancePlanSave')[0]).toMatchObject({
      assetId: ASSET,
      categoryId: null,
      title: 'Weekly check',
      frequency: 'weeks',
    });

    await user.click(within(card).getByRole('button', { name: 'Edit Monthly service' }));
    const edit = screen.getByRole('dialog', { name: 'Edit maintenance plan' });
    expect(within(edit).getByLabelText('Title')).toHaveValue('Monthly service');
    expect(within(edit).queryByLabelText('First due')).not.toBeInTheDocument();
    await user.click(within(edit).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(bodiesSent(fetchMock, '/maintenancePlanSave')).toHaveLength(2));
    expect(bodiesSent(fetchMock, '/maintenancePlanSave')[1]).toMatchObject({
      _id: PLAN,
      assetId: null,
      categoryId: null,
    });
  }, 15_000);

  it('only lists the plans of a disposed asset', async () => {
    mockFetch({ 'POST /api/maintenancePlanList': () => ok({ rows: [plan()], total: 1 }) });
    renderCard(true);
    const card = screen.getByRole('region', { name: 'Maintenance plans' });
    expect(await within(card).findByRole('cell', { name: 'Monthly service' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Add maintenance plan' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Edit|Stop/ })).not.toBeInTheDocument();
  });

  it('says when the asset has no plans', async () => {
    mockFetch({ 'POST /api/maintenancePlanList': () => ok({ rows: [], total: 0 }) });
    renderCard(false);
    expect(await screen.findByText('No plans yet')).toBeInTheDocument();
  });
});
