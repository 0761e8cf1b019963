import { messages } from '@compass/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPLOYEE_ID, envelope, permissionsFixture, renderRoutes } from '../../../test/helpers';
import { AUTH_TOKEN_KEY } from '../../lib/storage';
import { MyQrCodePage } from './MyQrCodePage';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"></svg>';

function serve(qr: Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/permissions'))
      return new Response(JSON.stringify(envelope(permissionsFixture())), {
        headers: { 'Content-Type': 'application/json' },
      });
    if (url === `/api/employeeClockInQr/${EMPLOYEE_ID}`) return qr;
    return new Response(JSON.stringify(envelope(null, 404, 'Not found.')), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = () =>
  renderRoutes([{ path: 'my-clock-in-qr-code', element: <MyQrCodePage /> }], '/my-clock-in-qr-code');

// jsdom has no object URLs.
beforeEach(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:qr', revokeObjectURL: () => {} });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('My clock-in QR code', () => {
  it("shows the signed-in employee's code, fetched with the session header", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    const fetchMock = serve(new Response(SVG, { headers: { 'Content-Type': 'image/svg+xml' } }));
    renderPage();
    const image = await screen.findByRole('img', { name: 'Clock-in QR code of Alex Morgan' });
    expect(image).toHaveAttribute('src', 'blob:qr');
    expect(screen.getByText(messages.qrCodes.myCodeHint)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('employeeClockInQr'));
    expect(call?.[1]?.headers).toEqual({ authtoken: 'session-token' });
  });

  it('shows the refusal message of the server', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    serve(
      new Response(JSON.stringify(envelope(null, 404, messages.clockIn.notFound)), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderPage();
    expect(await screen.findByText(messages.clockIn.notFound)).toBeInTheDocument();
  });
});
