import { reportMessages, savedReportPath, type TSavedReport } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { SaveReportButton } from './SaveReportDialog';

const ROLES = [
  { _id: testId(71), name: 'Managers' },
  { _id: testId(72), name: 'Safety team' },
];
const SAVED_ID = testId(90);
const FILTERS = { period: 'last3Months', personId: testId(5) } as const;

const saved: TSavedReport = {
  _id: SAVED_ID,
  name: 'Overdue by source',
  report: 'actions',
  by: 'source',
  filters: { period: 'last3Months' },
  sharedRoleId: testId(72),
  sharedRole: 'Safety team',
  schedule: 'monthly',
  owner: 'Alex Morgan',
  isOwner: 'yes',
  nextSendAt: '2026-12-01T07:00:00.000Z',
  lastSentAt: null,
  updatedAt: '2026-11-20T09:00:00.000Z',
};

type SaveReply = ReturnType<typeof ok>;

function setup(
  savedReport?: TSavedReport,
  answer: () => SaveReply = () => ok({ _id: SAVED_ID }, reportMessages.saved),
) {
  const fetchMock = mockFetch({
    'GET /api/reportRoles': () => ok({ rows: ROLES }),
    'POST /api/savedReportSave': answer,
  });
  const { router } = renderRoutes(
    [
      {
        path: '/report-chart/actions',
        element: <SaveReportButton report="actions" by="source" filters={FILTERS} saved={savedReport} />,
      },
      { path: '/report-chart/saved/:savedId', element: <p>Saved report page</p> },
    ],
    '/report-chart/actions',
  );
  return { fetchMock, router, user: userEvent.setup() };
}

describe('SaveReportButton', () => {
  it('saves the report’s grouping and filters under a name, shared and scheduled, then opens it', async () => {
    const { fetchMock, router, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    const dialog = screen.getByRole('dialog', { name: 'Save report' });
    const share = within(dialog).getByLabelText('Share with role');
    expect(within(share).getAllByRole('option')[0]).toHaveTextContent('Nobody');
    await within(share).findByRole('option', { name: 'Managers' });

    // No name: the contract's message, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(reportMessages.nameRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/savedReportSave')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), '  My overdue actions ');
    await user.selectOptions(share, 'Managers');
    await user.selectOptions(within(dialog).getByLabelText('E-mail it to me'), 'Every Monday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(reportMessages.saved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/savedReportSave')).toEqual([
      {
        name: '  My overdue actions ',
        report: 'actions',
        by: 'source',
        filters: FILTERS,
        sharedRoleId: testId(71),
        schedule: 'weekly',
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(savedReportPath(SAVED_ID)));
  }, 15_000);

  it('starts from a saved report and changes it in place', async () => {
    const { fetchMock, router, user } = setup(saved);
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    const dialog = screen.getByRole('dialog', { name: 'Save report' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Overdue by source');
    await within(dialog).findByRole('option', { name: 'Safety team' });
    expect(within(dialog).getByLabelText('Share with role')).toHaveValue(testId(72));
    expect(within(dialog).getByLabelText('E-mail it to me')).toHaveValue('monthly');

    await user.selectOptions(within(dialog).getByLabelText('Share with role'), 'Nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, '/savedReportSave')).toEqual([
      {
        _id: SAVED_ID,
        name: 'Overdue by source',
        report: 'actions',
        by: 'source',
        filters: FILTERS,
        sharedRoleId: null,
        schedule: 'monthly',
      },
    ]);
    expect(router.state.location.pathname).toBe('/report-chart/actions');
  }, 15_000);

  it.each([
    ['a name already taken', 'name', 'Name', reportMessages.nameTaken],
    ['a role gone since the list was read', 'sharedRoleId', 'Share with role', reportMessages.roleUnknown],
  ])('shows the server’s refusal of %s at its field', async (_what, field, label, message) => {
    const { user } = setup(saved, () => ({
      status: 400,
      body: envelope(null, 400, message, { validation_errors: [{ field, message }] }),
    }));
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    const dialog = screen.getByRole('dialog', { name: 'Save report' });
    await within(dialog).findByRole('option', { name: 'Safety team' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText(label)).toHaveAccessibleDescription(message));
    expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
  });
});
