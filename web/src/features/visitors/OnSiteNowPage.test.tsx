import { onSiteNowPath, visitorMessages } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { DEPOT, OFFICE, onSiteNow, VISIT, visitorPageMocks } from './visitors.fixtures';
import { ON_SITE_REFRESH_MS } from './api';
import { OnSiteNowPage } from './OnSiteNowPage';

const render = (workplaceId = DEPOT._id) =>
  renderRoutes(
    [{ path: '/configure-vismate/on-site/:workplaceId', element: <OnSiteNowPage /> }],
    onSiteNowPath(workplaceId),
  );

describe('OnSiteNowPage', () => {
  it('lists who is on site by group, prints the roll call and signs a visitor out', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const fetchMock = mockFetch({
      ...visitorPageMocks,
      'POST /api/onSiteNow': () => ok(onSiteNow()),
      'POST /api/visitSignOut': () => ok(null, visitorMessages.signedOut),
    });
    render();
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'On site now — Riverside Depot' }),
    ).toBeInTheDocument();
    const employees = screen.getByRole('region', { name: 'Employees' });
    expect(within(employees).getByText('Sam Carter')).toBeInTheDocument();
    expect(within(employees).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    const visitors = screen.getByRole('region', { name: 'Visitors' });
    expect(within(visitors).getByText('1')).toBeInTheDocument();
    expect(within(visitors).getByText('Ethan Clarke')).toBeInTheDocument();
    expect(within(visitors).getByText('North Yard')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Contractors' })).getByText('Nobody.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Updated \d\d:\d\d$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Print roll call' }));
    expect(print).toHaveBeenCalledOnce();

    await user.click(within(visitors).getByRole('button', { name: 'Sign out' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Sign out visitor' })).getByRole('button', {
        name: 'Sign out',
      }),
    );
    expect(await screen.findByText(visitorMessages.signedOut)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/visitSignOut')).toEqual([{ _id: VISIT }]);
    // The roll call is read again after the sign-out.
    expect(bodiesSent(fetchMock, '/api/onSiteNow').length).toBeGreaterThan(1);
  }, 15_000);

  it('reads the roll call again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const fetchMock = mockFetch({ ...visitorPageMocks, 'POST /api/onSiteNow': () => ok(onSiteNow()) });
    render();
    await screen.findByRole('heading', { level: 1, name: 'On site now — Riverside Depot' });
    expect(bodiesSent(fetchMock, '/api/onSiteNow')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(ON_SITE_REFRESH_MS);
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/onSiteNow')).toHaveLength(2));
  });

  it('switches workplace from its select', async () => {
    const fetchMock = mockFetch({
      ...visitorPageMocks,
      'POST /api/onSiteNow': ({ body }) => {
        const { workplaceId } = body as { workplaceId: string };
        return ok(
          workplaceId === OFFICE._id
            ? onSiteNow({ workplaceId, workplace: OFFICE.name, people: [] })
            : onSiteNow(),
        );
      },
    });
    const { router } = render();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'On site now — Riverside Depot' });
    await user.selectOptions(screen.getByLabelText('Workplace'), OFFICE._id);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'On site now — Head Office' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(onSiteNowPath(OFFICE._id));
    expect(bodiesSent(fetchMock, '/api/onSiteNow').at(-1)).toEqual({ workplaceId: OFFICE._id });
  });
});
