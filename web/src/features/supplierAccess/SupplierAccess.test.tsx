import { supplierAccessMessages as say, type TPortalAccount, type TSupplierProfile } from '@compass/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { AccessSettingsPage } from './AccessSettingsPage';
import { SupplierProfilePage } from './SupplierProfilePage';

const account = (over: Partial<TPortalAccount>): TPortalAccount => ({
  _id: testId(1),
  name: 'acme.supplier',
  username: 'acme.supplier',
  email: 'accounts@acme.example',
  kind: 'company',
  portalAccess: true,
  isActive: true,
  isYou: true,
  ...over,
});
const LIAM = testId(2);

describe('Access Settings', () => {
  it('turns a person’s access off, and keeps the caller’s own switch locked', async () => {
    const accounts = [
      account({}),
      account({
        _id: LIAM,
        name: 'Liam Walker',
        username: 'liam.personnel',
        kind: 'personnel',
        isYou: false,
      }),
    ];
    const fetchMock = mockFetch({
      'POST /api/supplierPortalAccounts': () => ok(accounts),
      'POST /api/supplierPortalAccessSet': ({ body }) => {
        const { portalAccess } = body as { portalAccess: boolean };
        accounts[1] = { ...accounts[1]!, portalAccess };
        return ok(accounts[1], say.accessOff('Liam Walker'));
      },
    });
    renderRoutes([{ path: '/access', element: <AccessSettingsPage /> }], '/access');
    const own = await screen.findByRole('switch', { name: 'Portal access for acme.supplier' });
    expect(own).toBeDisabled();
    const liam = screen.getByRole('switch', { name: 'Portal access for Liam Walker' });
    await userEvent.click(liam);
    expect(await screen.findByText(say.accessOff('Liam Walker'))).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/supplierPortalAccessSet'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ _id: LIAM, portalAccess: false });
    expect(await screen.findByRole('switch', { name: 'Portal access for Liam Walker' })).not.toBeChecked();
  });

  it('tells a person that only the main account keeps it', async () => {
    mockFetch({
      'POST /api/supplierPortalAccounts': () => ({
        status: 403,
        body: envelope(null, 403, say.mainAccountOnly),
      }),
    });
    renderRoutes([{ path: '/access', element: <AccessSettingsPage /> }], '/access');
    expect(await screen.findByText(say.mainAccountOnly)).toBeInTheDocument();
  });
});

const profile = (over: Partial<TSupplierProfile> = {}): TSupplierProfile => ({
  supplierId: testId(3),
  name: 'Acme Contracting',
  organisationName: 'Northwind Facilities',
  email: 'accounts@acme.example',
  contactName: null,
  phone: null,
  address: null,
  canEdit: true,
  ...over,
});

describe('the supplier’s Profile', () => {
  it('saves the contact details, and shows the server’s field errors', async () => {
    let attempt = 0;
    const fetchMock = mockFetch({
      'POST /api/supplierProfile': () => ok(profile()),
      'POST /api/supplierProfileUpdate': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                ...envelope(null, 400, 'Enter a phone number with digits, spaces and + ( ) - . only.'),
                validation_errors: [
                  { field: 'phone', message: 'Enter a phone number with digits, spaces and + ( ) - . only.' },
                ],
              },
            }
          : ok(profile({ phone: '+61 2 5550 1234' }), say.profileSaved),
    });
    renderRoutes([{ path: '/profile', element: <SupplierProfilePage /> }], '/profile');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Company name')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText('Enter a phone number with digits, spaces and + ( ) - . only.')).length,
    ).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+61 2 5550 1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(say.profileSaved)).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/supplierProfileUpdate'));
    expect(JSON.parse(String(calls.at(-1)?.[1]?.body))).toMatchObject({ phone: '+61 2 5550 1234' });
  });

  it('is read-only for the company’s people', async () => {
    mockFetch({ 'POST /api/supplierProfile': () => ok(profile({ canEdit: false, contactName: 'Dana' })) });
    renderRoutes([{ path: '/profile', element: <SupplierProfilePage /> }], '/profile');
    expect(await screen.findByText('Your company’s main account keeps these details.')).toBeInTheDocument();
    expect(screen.getByLabelText('Contact name')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
