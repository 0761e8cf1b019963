import { visitorMessages } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, stubObjectUrls } from '../../../test/helpers';
import { PHOTO, VISIT, visitDetails } from './visitors.fixtures';
import { VisitPage } from './VisitPage';

const render = () =>
  renderRoutes(
    [{ path: '/configure-vismate/visit/:id', element: <VisitPage /> }],
    `/configure-vismate/visit/${VISIT}`,
  );

describe('VisitPage', () => {
  it('shows the visit, its answers, signature and photo, and signs the visitor out after asking', async () => {
    stubObjectUrls();
    let signedOut = false;
    const fetchMock = mockFetch({
      'POST /api/visitDetails': () =>
        ok(
          signedOut
            ? visitDetails({ SignoutTime: '2026-11-27T11:00:00.000Z', hours: 2, signedOutBy: 'Alex Morgan' })
            : visitDetails(),
        ),
      [`GET /api/files/${PHOTO}`]: () => ({ body: 'jpeg' }),
      'POST /api/visitSignOut': () => {
        signedOut = true;
        return ok(null, visitorMessages.signedOut);
      },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jordan Lee' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Acme Couriers')).toBeInTheDocument();
    expect(within(details).getByText('Reception tablet')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Answers' })).toHaveTextContent('Do you have a vehicle?Yes');
    expect(screen.getByRole('img', { name: 'Signature' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(await screen.findByRole('img', { name: 'Photo' })).toHaveAttribute('src', 'blob:test');

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out visitor' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(visitorMessages.signedOut)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/visitSignOut')).toEqual([{ _id: VISIT }]);
    expect(await screen.findByText('Alex Morgan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  }, 15_000);

  it("says when the visit cannot be opened (another organisation's or deleted)", async () => {
    mockFetch({ 'POST /api/visitDetails': () => ({ status: 404, body: envelope(null, 404, 'Not found.') }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('This visit cannot be opened');
    expect(screen.getByRole('link', { name: 'Back to the Visitor Register' })).toBeInTheDocument();
  });
});
