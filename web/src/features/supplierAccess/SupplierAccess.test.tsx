import { supplierAccessMessages as say, type TPortalAccount, type TSupplierProfile } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { AccessSettingsPage } from './AccessSettingsPage';
import { CompanyPortalAccess } from './CompanyPortalAccess';
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
  lastSignInAt: null,
  ...over,
});
const LIAM = testId(2);
const ACME = testId(3);
const liam = (over: Partial<TPortalAccount> = {}) =>
  account({
    _id: LIAM,
    name: 'Liam Walker',
    username: 'liam.personnel',
    kind: 'personnel',
    isYou: false,
    lastSignInAt: '2026-11-20T09:30:00.000Z',
    ...over,
  });

/** A set-access call that switches `accounts[index]` as asked and answers with `message`. */
const switching =
  (accounts: TPortalAccount[], index: number, message: string) =>
  ({ body }: { body: unknown }) => {
    const { portalAccess } = body as { portalAccess: boolean };
    accounts[index] = { ...accounts[index]!, portalAccess };
    return ok(accounts[index], message);
  };

describe('Access Settings', () => {
  it('turns a person’s access off, and keeps the caller’s own switch locked', async () => {
    const accounts = [account({}), liam()];
    const fetchMock = mockFetch({
      'POST /api/supplierPortalAccounts': () => ok(accounts),
      'POST /api/supplierPortalAccessSet': switching(accounts, 1, say.accessOff('Liam Walker')),
    });
    renderRoutes([{ path: '/access', element: <AccessSettingsPage /> }], '/access');
    const own = await screen.findByRole('switch', { name: 'Portal access for acme.supplier' });
    expect(own).toBeDisabled();
    expect(screen.getByText('Your own access stays on.')).toBeInTheDocument();
    // Last sign-in: dd/MM/yyyy and the time, or Never.
    const liamRow = screen.getByRole('row', { name: /Liam Walker/ });
    expect(within(liamRow).getByText(/^20\/11\/2026 \d\d:\d\d$/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /acme\.supplier/ })).getByText('Never'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Portal access for Liam Walker' }));
    expect(await screen.findByText(say.accessOff('Liam Walker'))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierPortalAccessSet').at(-1)).toEqual({
      _id: LIAM,
      portalAccess: false,
    });
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

describe('the organisation’s view on the company’s page', () => {
  it('switches any account but the company’s last main account with access', async () => {
    const accounts = [
      account({ isYou: false }),
      account({
        _id: testId(4),
        name: 'acme.office',
        username: 'acme.office',
        isYou: false,
        portalAccess: false,
      }),
      liam({ portalAccess: false }),
    ];
    const fetchMock = mockFetch({
      'POST /api/supplierCompanyPortalAccounts': () => ok(accounts),
      'POST /api/supplierCompanyPortalAccessSet': switching(accounts, 2, say.accessOn('Liam Walker')),
    });
    renderRoutes([{ path: '/company', element: <CompanyPortalAccess supplierId={ACME} /> }], '/company');
    expect(await screen.findByRole('heading', { name: 'Portal access' })).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierCompanyPortalAccounts').at(-1)).toEqual({ supplierId: ACME });
    // acme.office is off: acme.supplier is the last main account with access.
    expect(await screen.findByRole('switch', { name: 'Portal access for acme.supplier' })).toBeDisabled();
    expect(screen.getByText('The company keeps one main account with access.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Portal access for acme.office' })).toBeEnabled();

    await userEvent.click(screen.getByRole('switch', { name: 'Portal access for Liam Walker' }));
    expect(await screen.findByText(say.accessOn('Liam Walker'))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierCompanyPortalAccessSet').at(-1)).toEqual({
      _id: LIAM,
      portalAccess: true,
    });
  });
});

const profile = (over: Partial<TSupplierProfile> = {}): TSupplierProfile => ({
  supplierId: ACME,
  name: 'Acme Contracting',
  organisationName: 'Northwind Facilities',
  email: 'accounts@acme.example',
  contactName: null,
  phone: null,
  address: null,
  logo: null,
  canEdit: true,
  ...over,
});

describe('the supplier’s Profile', () => {
  // jsdom has no object URLs.
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: () => 'blob:logo', revokeObjectURL: () => {} });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('saves the contact details, and shows the server’s field errors', async () => {
    const phoneRule = 'Enter a phone number with digits, spaces and + ( ) - . only.';
    let attempt = 0;
    const fetchMock = mockFetch({
      'POST /api/supplierProfile': () => ok(profile()),
      'POST /api/supplierProfileUpdate': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                ...envelope(null, 400, phoneRule),
                validation_errors: [{ field: 'phone', message: phoneRule }],
              },
            }
          : ok(profile({ phone: '+61 2 5550 1234' }), say.profileSaved),
    });
    renderRoutes([{ path: '/profile', element: <SupplierProfilePage /> }], '/profile');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Company name')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.type(screen.getByLabelText('Address'), '12 Quay Street');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(phoneRule)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+61 2 5550 1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(say.profileSaved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierProfileUpdate').at(-1)).toEqual({
      email: 'accounts@acme.example',
      contactName: '',
      phone: '+61 2 5550 1234',
      address: '12 Quay Street',
    });
  });

  it('shows the logo fetched with the session, and replaces and removes it', async () => {
    const logo = `/api/supplierLogo/${ACME}?v=abc`;
    let current = profile({ logo });
    const fetchMock = mockFetch({
      'POST /api/supplierProfile': () => ok(current),
      [`GET /api/supplierLogo/${ACME}`]: () => ok(null),
      'POST /api/supplierLogoUpload': () => ok(current, say.logoSaved),
      'POST /api/supplierLogoDelete': () => {
        current = profile();
        return ok(current, say.logoRemoved);
      },
    });
    renderRoutes([{ path: '/profile', element: <SupplierProfilePage /> }], '/profile');
    const user = userEvent.setup();
    expect(await screen.findByRole('img', { name: 'Acme Contracting logo' })).toHaveAttribute(
      'src',
      'blob:logo',
    );

    await user.upload(screen.getByLabelText('Replace'), new File(['png'], 'acme.png', { type: 'image/png' }));
    expect(await screen.findByText(say.logoSaved)).toBeInTheDocument();
    const upload = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/supplierLogoUpload'));
    expect((upload?.[1]?.body as FormData).get('file')).toBeInstanceOf(File);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(say.logoRemoved)).toBeInTheDocument();
    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
  });

  it('is read-only for the company’s people', async () => {
    mockFetch({
      'POST /api/supplierProfile': () => ok(profile({ canEdit: false, contactName: 'Dana' })),
    });
    renderRoutes([{ path: '/profile', element: <SupplierProfilePage /> }], '/profile');
    expect(await screen.findByText('Your company’s main account keeps these details.')).toBeInTheDocument();
    expect(screen.getByLabelText('Contact name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Address')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Upload')).not.toBeInTheDocument();
    // Their compliance is not theirs to keep here.
    expect(screen.queryByRole('region', { name: 'Compliance' })).not.toBeInTheDocument();
  });
});
