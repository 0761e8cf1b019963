import { kioskMessages, messages, VISITOR_KIOSK_PATH, type TKioskSetup } from '@compass/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { KIOSK_IDLE_MS, KIOSK_WELCOME_MS, KioskPage } from './KioskPage';
import { drawStroke } from '../../fields/testing';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const QUESTION_ID = testId(11);
const SUPPLIER_ID = testId(21);
const HOST_ID = testId(31);
const VISIT_ID = testId(41);

const setupFixture = (over: Partial<TKioskSetup> = {}): TKioskSetup => ({
  companyName: 'Acme Manufacturing',
  workplace: 'Riverside Plant',
  branch: null,
  kioskName: 'Front desk',
  questions: [{ _id: QUESTION_ID, label: 'Do you feel well today?', type: 'yesNo', required: true }],
  siteRules: 'Wear your hi-vis vest at all times.',
  takeSignature: true,
  takePhoto: false,
  documents: [{ _id: testId(51), name: 'Site induction.pdf' }],
  ...over,
});

function routes(setup: TKioskSetup = setupFixture(), extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'POST /api/visitorKiosk': () => ok(setup),
    'POST /api/visitorKioskSuppliers': () => ok({ options: [{ _id: SUPPLIER_ID, name: 'Acme Electrical' }] }),
    'POST /api/visitorKioskHosts': () => ok({ options: [{ _id: HOST_ID, name: 'Alex Morgan' }] }),
    'POST /api/visitorKioskSignIn': () =>
      ok({ _id: VISIT_ID, fullName: 'Jane Doe', SigninTime: '2026-11-30T09:00:00.000Z' }),
    ...extra,
  });
}

// jsdom runs no pdf.js: the PDF view is replaced at its module boundary, and shows what it was handed.
vi.mock('../../components/PdfView', () => ({
  default: ({ data }: { data: Blob }) => <p>PDF of {data.size} bytes</p>,
}));

function renderKiosk(options: { advanceTimers?: (ms: number) => void } = {}) {
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  renderRoutes(
    [{ path: VISITOR_KIOSK_PATH, element: <KioskPage /> }],
    `${VISITOR_KIOSK_PATH}?authtoken=tok-1`,
  );
  return user;
}

/** One stroke across the signature canvas. */
const sign = () => drawStroke(screen.getByRole('img', { name: 'Signature' }));

/** The multipart body the sign-in sent. */
function signInForm(fetchMock: ReturnType<typeof mockFetch>): FormData {
  const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/visitorKioskSignIn'));
  expect(call).toBeDefined();
  return call![1]!.body as FormData;
}

// jsdom has no canvas: a 2D context whose drawing calls do nothing, and a fixed PNG.
beforeEach(() => {
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, property) => (property in target ? target[property] : (target[property] = vi.fn())),
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('visitor kiosk', () => {
  it('shows the organisation, the workplace and the two ways in, asking with the link token', async () => {
    const fetchMock = routes(setupFixture({ branch: 'North' }));
    renderKiosk();
    expect(await screen.findByRole('heading', { level: 1, name: 'Riverside Plant' })).toBeInTheDocument();
    expect(screen.getByText('Acme Manufacturing')).toBeInTheDocument();
    expect(screen.getByText('North')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/visitorKiosk?authtoken=tok-1');
  });

  it('says what is missing before signing in: name, purpose, answers, rules and signature', async () => {
    const fetchMock = routes();
    const user = renderKiosk();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: "I'm visiting" }));
    expect(screen.getByRole('heading', { name: 'Visitor sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Site induction\.pdf/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // One alert sums the form up; each field says its own problem by it.
    expect(screen.getByText('Please check the 5 marked fields.')).toHaveAttribute('role', 'alert');

    expect(screen.getByLabelText(/^Full name/)).toHaveAccessibleDescription(kioskMessages.nameRequired);
    expect(screen.getByLabelText(/^Full name/)).toHaveFocus();
    expect(screen.getByLabelText(/^Purpose of visit/)).toHaveAccessibleDescription(
      kioskMessages.purposeRequired,
    );
    expect(screen.getByText(kioskMessages.answerRequired('Do you feel well today?'))).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'I have read and accept the site rules' }),
    ).toHaveAccessibleDescription(kioskMessages.rulesRequired);
    expect(screen.getByRole('group', { name: 'Signature' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Signature' })).toHaveAccessibleDescription(
      kioskMessages.signatureRequired,
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/visitorKioskSignIn'))).toBe(false);

    // Only the yes-or-no question left: its first answer takes the focus.
    await user.type(screen.getByLabelText(/^Full name/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^Purpose of visit/), 'Meeting');
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the site rules' }));
    sign();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    expect(screen.getByText('Please check the marked field.')).toBeInTheDocument();
  });

  it('shows a PDF document in the product’s preview from the file it fetched with the kiosk’s token', async () => {
    const fetchMock = routes(setupFixture(), {
      [`GET /api/visitorKioskDocument/${testId(51)}`]: () => ok(null),
    });
    const open = vi.spyOn(window, 'open');
    const user = renderKiosk();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: "I'm visiting" }));
    await user.click(screen.getByRole('button', { name: /Site induction\.pdf/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Site induction.pdf' });
    // The bytes fetched go to pdf.js (replaced above): no frame, no page of its own.
    expect(await within(dialog).findByText(/^PDF of \d+ bytes$/)).toBeInTheDocument();
    expect(dialog.querySelector('iframe')).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/visitorKioskDocument/'));
    expect(String(call?.[0])).toBe(`/api/visitorKioskDocument/${testId(51)}?authtoken=tok-1`);
    expect(open).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Back to sign-in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ends the kiosk’s session when a document is refused to its link', async () => {
    routes(setupFixture(), {
      [`GET /api/visitorKioskDocument/${testId(51)}`]: () => ({
        status: 403,
        body: envelope(null, 403, messages.links.revoked),
      }),
    });
    const user = renderKiosk();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: "I'm visiting" }));
    await user.click(screen.getByRole('button', { name: /Site induction\.pdf/ }));
    // The preview says it too, for the moment before the kiosk leaves the form for its refusal.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(messages.links.revoked)).toBeInTheDocument();
  });

  it('holds Back and Cancel while the sign-in is sent, and drops an answer that comes after the reset', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = routes(
      setupFixture({ questions: [], siteRules: '', takeSignature: false, documents: [] }),
    );
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/visitorKioskSignIn')) await held;
      return fetchMock(input, init);
    });
    const user = renderKiosk({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: "I'm visiting" }));
    await user.type(screen.getByLabelText(/^Full name/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^Purpose of visit/), 'Meeting');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await act(async () => {
      release();
      await held;
    });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText(kioskMessages.welcome('Jane Doe'))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks a contractor for their company, then sends the fields as one multipart body', async () => {
    const fetchMock = routes();
    const user = renderKiosk();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: "I'm a contractor" }));
    await user.type(screen.getByLabelText(/^Full name/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^Purpose of visit/), 'Electrical inspection');
    await user.type(screen.getByLabelText('Phone'), '0400 000 000');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the site rules' }));
    sign();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('combobox', { name: /^Your company/ })).toHaveAccessibleDescription(
      kioskMessages.supplierRequired,
    );

    await user.type(screen.getByRole('combobox', { name: /^Your company/ }), 'Acme');
    await user.click(await screen.findByRole('option', { name: 'Acme Electrical' }));
    expect(screen.getByRole('combobox', { name: /^Your company/ })).toHaveValue('Acme Electrical');
    await user.type(screen.getByRole('combobox', { name: 'Who are you visiting?' }), 'Al');
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'Alex Morgan' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('combobox', { name: 'Who are you visiting?' })).toHaveValue('Alex Morgan');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(kioskMessages.welcome('Jane Doe'))).toBeInTheDocument();
    const form = signInForm(fetchMock);
    expect(Object.fromEntries(form.entries())).toEqual({
      kind: 'contractor',
      fullName: 'Jane Doe',
      purpose: 'Electrical inspection',
      phone: '0400 000 000',
      answers: JSON.stringify([{ questionId: QUESTION_ID, value: 'Yes' }]),
      acceptRules: 'yes',
      supplierId: SUPPLIER_ID,
      hostEmployeeId: HOST_ID,
      signature: PNG,
    });
    const suppliers = fetchMock.mock.calls.find(([url]) => String(url).includes('/visitorKioskSuppliers'));
    expect(String(suppliers?.[0])).toBe('/api/visitorKioskSuppliers?authtoken=tok-1');
    expect(JSON.parse(String(suppliers?.[1]?.body))).toEqual({ search: 'Acme' });
  });

  it('sends the photo when the setup asks one, and shows the server’s refusal by its field', async () => {
    const fetchMock = routes(
      setupFixture({ questions: [], siteRules: '', takeSignature: false, takePhoto: true, documents: [] }),
      {
        'POST /api/visitorKioskSignIn': () => ({
          status: 400,
          body: envelope(null, 400, kioskMessages.hostUnknown, {
            validation_errors: [{ field: 'hostEmployeeId', message: kioskMessages.hostUnknown }],
          }),
        }),
      },
    );
    const user = renderKiosk();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: "I'm visiting" }));
    await user.type(screen.getByLabelText(/^Full name/), 'Jane Doe');
    await user.type(screen.getByLabelText('Company'), 'Northwind');
    await user.type(screen.getByLabelText(/^Purpose of visit/), 'Meeting');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText(kioskMessages.photoRequired)).toBeInTheDocument();

    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    const photo = new File(['photo'], 'me.webp', { type: 'image/webp' });
    await user.upload(screen.getByLabelText(/^Photo/), photo);
    expect(await screen.findByRole('img', { name: 'Your photo' })).toHaveAttribute('src', 'blob:photo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('combobox', { name: 'Who are you visiting?' }),
    ).toHaveAccessibleDescription(kioskMessages.hostUnknown);
    const form = signInForm(fetchMock);
    expect(form.get('kind')).toBe('visitor');
    expect(form.get('visitorCompany')).toBe('Northwind');
    expect((form.get('photo') as File).name).toBe('me.webp');
    expect(form.has('signature')).toBe(false);
  });

  it('finds the visitor by name and signs them out', async () => {
    let onSite = true;
    const fetchMock = routes(setupFixture(), {
      'POST /api/visitorKioskOnSite': () =>
        ok({
          list: onSite
            ? [
                {
                  _id: VISIT_ID,
                  name: 'Jane D.',
                  company: 'Northwind',
                  SigninTime: '2026-11-30T09:00:00.000Z',
                },
              ]
            : [],
        }),
      'POST /api/visitorKioskSignOut': () => {
        onSite = false;
        return ok(null);
      },
    });
    const user = renderKiosk();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await user.type(screen.getByRole('searchbox', { name: 'Your name' }), 'J');
    expect(screen.getByText(kioskMessages.searchTooShort)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Your name' }), 'a');
    const row = (await screen.findByText('Jane D.')).closest('li')!;
    expect(row.closest('[role="status"]')).not.toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText(kioskMessages.goodbye)).toBeInTheDocument();
    const signOut = fetchMock.mock.calls.find(([url]) => String(url).includes('/visitorKioskSignOut'));
    expect(String(signOut?.[0])).toBe('/api/visitorKioskSignOut?authtoken=tok-1');
    expect(JSON.parse(String(signOut?.[1]?.body))).toEqual({ _id: VISIT_ID });
  });

  it('shows why a refused link cannot be used, without asking again', async () => {
    const fetchMock = mockFetch({
      'POST /api/visitorKiosk': () => ({ status: 401, body: envelope(null, 401, messages.links.revoked) }),
    });
    renderKiosk();
    expect(await screen.findByRole('heading', { name: 'This kiosk is not connected' })).toBeInTheDocument();
    expect(screen.getByText(messages.links.revoked)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the link is refused during a flow', async () => {
    routes(setupFixture(), {
      'POST /api/visitorKioskOnSite': () => ({
        status: 401,
        body: envelope(null, 401, messages.links.expired),
      }),
    });
    const user = renderKiosk();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await user.type(screen.getByRole('searchbox', { name: 'Your name' }), 'Jane');
    expect(await screen.findByRole('heading', { name: 'This kiosk is not connected' })).toBeInTheDocument();
    expect(screen.getByText(messages.links.expired)).toBeInTheDocument();
  });

  it('without a link token says the link is not valid, asking the server nothing', async () => {
    const fetchMock = routes();
    renderRoutes([{ path: VISITOR_KIOSK_PATH, element: <KioskPage /> }], VISITOR_KIOSK_PATH);
    expect(await screen.findByRole('heading', { name: 'This kiosk is not connected' })).toBeInTheDocument();
    expect(screen.getByText(messages.links.unknown)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes back to the start after two idle minutes, the form cleared', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routes();
    const user = renderKiosk({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: "I'm visiting" }));
    await user.type(screen.getByLabelText(/^Full name/), 'Jane Doe');

    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000));
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Jane Doe');
    await user.type(screen.getByLabelText(/^Purpose of visit/), 'M');
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000));
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Jane Doe');
    act(() => vi.advanceTimersByTime(1000));

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: "I'm visiting" }));
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
  });

  it('greets the visitor and comes back to the start after the welcome', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    routes(setupFixture({ questions: [], siteRules: '', takeSignature: false, documents: [] }));
    const user = renderKiosk({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: "I'm visiting" }));
    await user.type(screen.getByLabelText(/^Full name/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^Purpose of visit/), 'Meeting');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('status')).toHaveTextContent(kioskMessages.welcome('Jane Doe'));

    act(() => vi.advanceTimersByTime(KIOSK_WELCOME_MS));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument());
    expect(screen.queryByText(kioskMessages.welcome('Jane Doe'))).not.toBeInTheDocument();
  });
});
