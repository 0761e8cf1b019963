import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessMap, mockFetch, ok, permissionsFixture, renderRoutes } from '../../../test/helpers';
import { NoticeboardPage } from './NoticeboardPage';

const NOTICE = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Depot induction',
  content: 'Meet at the gate.',
  isTruncated: 'no',
  priority: 'high',
  startDate: '2026-11-24',
  expireDate: null,
  attachment: [],
  employeeDetails: { firstName: 'Olivia', lastName: 'Bennett', profileImage: null },
  positionDetails: null,
  createdAt: '2026-11-24',
};
const board = () => ok({ page: 1, pageSize: 20, total: 1, list: [NOTICE] });

describe('NoticeboardPage', () => {
  beforeEach(() => localStorage.setItem('authToken', 't'));

  it("shows the reader's notices, with no Manage tab without the system key", async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture({ access: accessMap({ system: 'no' }) })),
      'POST /api/noticeboardList': board,
    });
    renderRoutes([{ path: '/noticeboard', element: <NoticeboardPage /> }], '/noticeboard');
    expect(await screen.findByText('Depot induction')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Manage notices' })).not.toBeInTheDocument();
  });

  it('lets an administrator manage notices: the list with status and a new-notice form that checks itself', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/noticeboardList': board,
      'POST /api/noticeAdminList': () =>
        ok({
          total: 1,
          rows: [
            {
              _id: NOTICE._id,
              title: 'Depot induction',
              priority: 'high',
              startDate: '2026-11-24',
              expireDate: null,
              audience: 'workplaces',
              audienceNames: ['Harbour Depot'],
              status: 'draft',
              author: 'Olivia Bennett',
              attachmentCount: 0,
            },
          ],
        }),
      'POST /api/noticeAudienceOptions': () => ok({ workplaces: [], roles: [], suppliers: [] }),
    });
    renderRoutes([{ path: '/noticeboard', element: <NoticeboardPage /> }], '/noticeboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Manage notices' }));
    expect(await screen.findByRole('cell', { name: 'Draft' })).toBeInTheDocument();
    expect(screen.getByText(/Harbour Depot/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New notice' }));
    await user.click(await screen.findByRole('button', { name: 'Save notice' }));
    expect(screen.getByText('Please enter a title.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/noticeSave'))).toBe(false);
  });

  it('says "of 1,000+" when the server stopped counting the notices', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/noticeboardList': board,
      'POST /api/noticeAdminList': () =>
        ok({
          total: 1000,
          totalCapped: true,
          rows: Array.from({ length: 20 }, (_, index) => ({
            _id: `66666666-6666-4666-8666-${String(index).padStart(12, '0')}`,
            title: `Notice ${index}`,
            priority: 'none',
            startDate: '2026-11-24',
            expireDate: null,
            audience: 'everyone',
            audienceNames: [],
            status: 'live',
            author: null,
            attachmentCount: 0,
          })),
        }),
      'POST /api/noticeAudienceOptions': () => ok({ workplaces: [], roles: [], suppliers: [] }),
    });
    renderRoutes([{ path: '/noticeboard', element: <NoticeboardPage /> }], '/noticeboard');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Manage notices' }));
    expect(await screen.findByText('1–20 of 1,000+')).toBeInTheDocument();
  });
});
