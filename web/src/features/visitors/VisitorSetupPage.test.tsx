import { visitorMessages, visitorSetupPath } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { BRANCH, DEPOT, KIOSK, OFFICE, QUESTION, setupDetails, visitorPageMocks } from './visitors.fixtures';
import { VisitorSetupListPage } from './VisitorSetupListPage';
import { VisitorSetupPage } from './VisitorSetupPage';

const LINK = 'https://compass.example/configure-vismate/kiosk?authtoken=secret';

const render = () =>
  renderRoutes(
    [{ path: '/configure-vismate/setup/:workplaceId', element: <VisitorSetupPage /> }],
    visitorSetupPath(DEPOT._id),
  );

describe('VisitorSetupListPage', () => {
  it('lists the workplaces with their setup, kiosks and who is on site', async () => {
    mockFetch(visitorPageMocks);
    renderRoutes(
      [{ path: '/configure-vismate/setup', element: <VisitorSetupListPage /> }],
      visitorSetupPath(),
    );
    expect(screen.getByRole('heading', { name: 'Vismate Setup' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Workplaces' });
    expect(within(table).getByRole('link', { name: DEPOT.name })).toHaveAttribute(
      'href',
      visitorSetupPath(DEPOT._id),
    );
    expect(within(table).getByRole('link', { name: OFFICE.name })).toHaveAttribute(
      'href',
      visitorSetupPath(OFFICE._id),
    );
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Yes12');
    expect(rows[2]).toHaveTextContent('No00');
  });
});

describe('VisitorSetupPage', () => {
  it('checks the form, then saves the setup with its questions in their order', async () => {
    const fetchMock = mockFetch({
      'POST /api/visitorSetupDetails': () => ok(setupDetails()),
      'POST /api/visitorSetupSave': () => ok(null, visitorMessages.setupSaved),
    });
    render();
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Setup — Riverside Depot' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Site rules')).toHaveValue('Wear a high-visibility vest.');
    expect(screen.getByLabelText('Ask for a signature')).toBeChecked();
    expect(screen.getByLabelText('Take a photo')).not.toBeChecked();

    const retention = screen.getByLabelText('Keep visit records for (days)');
    await user.clear(retention);
    await user.type(retention, '0');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.click(screen.getByRole('button', { name: 'Save setup' }));
    expect(screen.getByText(visitorMessages.retentionInvalid)).toBeInTheDocument();
    expect(screen.getByText(visitorMessages.questionLabelRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/visitorSetupSave')).toEqual([]);

    await user.clear(retention);
    await user.type(retention, '90');
    const second = screen.getByRole('group', { name: 'Question 2' });
    await user.type(within(second).getByLabelText('Question'), 'Which vehicle?');
    await user.click(within(second).getByLabelText('Required'));
    await user.click(within(second).getByRole('button', { name: 'Move up' }));
    await user.click(screen.getByLabelText('Take a photo'));
    await user.click(screen.getByRole('button', { name: 'Save setup' }));
    expect(await screen.findByText(visitorMessages.setupSaved)).toBeInTheDocument();
    const [saved] = bodiesSent(fetchMock, '/api/visitorSetupSave');
    expect(saved).toMatchObject({
      workplaceId: DEPOT._id,
      takePhoto: true,
      retentionDays: 90,
      questions: [
        { label: 'Which vehicle?', type: 'text', required: true },
        { _id: QUESTION, label: 'Do you have a vehicle?', type: 'yesNo', required: true },
      ],
    });

    await user.click(
      within(screen.getByRole('group', { name: 'Question 1' })).getByRole('button', { name: 'Remove' }),
    );
    expect(screen.queryByDisplayValue('Which vehicle?')).not.toBeInTheDocument();
  }, 15_000);

  it('registers a kiosk and shows its link once', async () => {
    const fetchMock = mockFetch({
      'POST /api/visitorSetupDetails': () => ok(setupDetails()),
      'POST /api/branchesByWorkplace': () => ok([BRANCH]),
      'POST /api/visitorKioskCreate': () => ok({ _id: KIOSK, link: LINK }, visitorMessages.kioskCreated),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register kiosk' }));
    const dialog = screen.getByRole('dialog', { name: 'Register kiosk' });
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText(visitorMessages.kioskNameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Kiosk name'), 'Gate tablet');
    await user.selectOptions(await within(dialog).findByLabelText('Branch (optional)'), BRANCH._id);
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));

    const shown = await screen.findByRole('dialog', { name: 'Kiosk registered' });
    expect(within(shown).getByLabelText('Kiosk link')).toHaveValue(LINK);
    expect(within(shown).getByLabelText('Kiosk link')).toHaveAttribute('readonly');
    expect(
      within(shown).getByText('Open this link on the kiosk device. It is shown only once.'),
    ).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/visitorKioskCreate')).toEqual([
      { workplaceId: DEPOT._id, branchId: BRANCH._id, name: 'Gate tablet' },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(LINK)).not.toBeInTheDocument();
  }, 15_000);

  it('keeps the register dialog open while the kiosk is being created', async () => {
    mockFetch({
      'POST /api/visitorSetupDetails': () => ok(setupDetails()),
      'POST /api/branchesByWorkplace': () => ok([BRANCH]),
      'POST /api/visitorKioskCreate': () => ok({ _id: KIOSK, link: LINK }, visitorMessages.kioskCreated),
    });
    // The create call waits until released, so the dialog can be tried while it runs.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/visitorKioskCreate')) await held;
      return answer(input, init);
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register kiosk' }));
    const dialog = screen.getByRole('dialog', { name: 'Register kiosk' });
    await user.type(within(dialog).getByLabelText('Kiosk name'), 'Gate tablet');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Register kiosk' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();

    release();
    const shown = await screen.findByRole('dialog', { name: 'Kiosk registered' });
    expect(within(shown).getByLabelText('Kiosk link')).toHaveValue(LINK);
  }, 15_000);

  it('revokes a kiosk after asking, and lists the documents', async () => {
    const fetchMock = mockFetch({
      'POST /api/visitorSetupDetails': () => ok(setupDetails()),
      'POST /api/visitorKioskRevoke': () => ok(null, visitorMessages.kioskRevoked),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('region', { name: 'Documents' })).toHaveTextContent('Site map.pdf');
    const kiosks = screen.getByRole('region', { name: 'Kiosks' });
    expect(within(kiosks).getByText('Active')).toBeInTheDocument();
    await user.click(within(kiosks).getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke kiosk' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodiesSent(fetchMock, '/api/visitorKioskRevoke')).toEqual([]);

    await user.click(within(kiosks).getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke kiosk' })).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText(visitorMessages.kioskRevoked)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/visitorKioskRevoke')).toEqual([{ _id: KIOSK }]);
  });

  it('adds documents as one form for the workplace', async () => {
    const fetchMock = mockFetch({
      'POST /api/visitorSetupDetails': () => ok(setupDetails()),
      'POST /api/visitorSetupDocumentsAdd': () => ok(null, visitorMessages.documentsAdded),
    });
    render();
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Add documents'),
      new File(['induction'], 'Induction.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(visitorMessages.documentsAdded)).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/api/visitorSetupDocumentsAdd'),
    )?.[1]?.body;
    expect((sent as FormData).get('workplaceId')).toBe(DEPOT._id);
    expect((sent as FormData).get('files')).toBeInstanceOf(File);
  });
});
