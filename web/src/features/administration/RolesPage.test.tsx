import { ACCESS_KEYS, accessKeyGroups } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accessMap,
  bodiesSent,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
} from '../../../test/helpers';
import { setAuthToken } from '../../lib/storage';
import { RolesPage } from './RolesPage';

const ROLE = {
  _id: '44444444-4444-4444-8444-444444444444',
  name: 'Depot Staff',
  access: ['task'],
  memberCount: 2,
};

describe('the access-key grid', () => {
  beforeEach(() => setAuthToken('token'));

  it('groups every key as the navigation does, once, with Quick Add left out', () => {
    const groups = accessKeyGroups();
    expect(groups.map((group) => group.label)).not.toContain('Quick Add');
    expect(groups.flatMap((group) => group.keys).sort()).toEqual([...ACCESS_KEYS].sort());
    expect(groups.find((group) => group.label === 'Form Submission')?.keys).toContain(
      'formSubmissionNewSubmission',
    );
    // Form Submission › Templates also asks for `system`: ticking Form Submission must not grant it.
    expect(groups.find((group) => group.label === 'Form Submission')?.keys).not.toContain('system');
    expect(groups.find((group) => group.label === 'System Administration')?.keys).toEqual(['system']);
  });

  it('edits a role: a group box ticks its keys, and the save sends the keys in their order', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/roleList': () => ok({ list: [ROLE] }),
      'POST /api/roleSave': () => ok({ _id: ROLE._id }, 'Saved.'),
    });
    renderRoutes([{ path: '/roles', element: <RolesPage /> }], '/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Depot Staff' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: /^Task\s?task$/ })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Documents' }));
    expect(within(dialog).getByRole('checkbox', { name: /^Document\s?document$/ })).toBeChecked();
    expect(within(dialog).getByText('2 of 28 keys')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/roleSave')).toEqual([
      {
        _id: ROLE._id,
        name: 'Depot Staff',
        access: ['document', 'task'],
      },
    ]);
  });

  it('offers only the keys its editor holds, and keeps a key the role has', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () =>
        ok(permissionsFixture({ access: accessMap({ risk: 'no', hazardous: 'no' }) })),
      'POST /api/roleList': () => ok({ list: [{ ...ROLE, access: ['task', 'hazardous'] }] }),
      'POST /api/roleSave': () => ok({ _id: ROLE._id }, 'Saved.'),
    });
    renderRoutes([{ path: '/roles', element: <RolesPage /> }], '/roles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Depot Staff' }));
    const dialog = screen.getByRole('dialog');
    const risk = await within(dialog).findByRole('checkbox', { name: /^Risk.*risk.*You do not hold it$/ });
    expect(risk).toBeDisabled();
    // A key the role has stays, and may be unticked, though its editor lacks it.
    const hazardous = within(dialog).getByRole('checkbox', { name: /^Hazardous.*hazardous/ });
    expect(hazardous).toBeChecked();
    expect(hazardous).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/roleSave')).toHaveLength(1));
    expect(bodiesSent(fetchMock, '/api/roleSave')[0]?.access).toEqual(['task', 'hazardous']);
  });

  it('refuses an empty role name in the browser, sending nothing', async () => {
    const fetchMock = mockFetch({ 'POST /api/roleList': () => ok({ list: [] }) });
    renderRoutes([{ path: '/roles', element: <RolesPage /> }], '/roles');
    const user = userEvent.setup();
    expect(await screen.findByText('No roles yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a name.')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/roleSave')).toEqual([]);
  });
});
