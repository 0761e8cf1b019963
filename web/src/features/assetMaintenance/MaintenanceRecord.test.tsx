import {
  assetPath,
  displayDay,
  maintenanceMessages as say,
  maintenanceRecordPath,
  type TPermissions,
} from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queryClient';
import {
  accessMap,
  bodiesSent,
  choosePerson,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  queryClient,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { ACME, ASSET, CHECKLIST, details, ETHAN, RECORD, SUBMISSION } from './assetMaintenance.fixtures';
import { MaintenanceRecordPage } from './MaintenanceRecordPage';

/** Ethan, the assignee: an employee without the register's key. */
const assignee = permissionsFixture({ employeeId: ETHAN, access: accessMap({ plant: 'no' }) });
const register = permissionsFixture();
const supplier = permissionsFixture({
  userType: 'supplier',
  employeeId: null,
  supplierId: ACME,
  access: accessMap({ supplierPortal: 'yes', plant: 'no' }),
});

function renderRecord(permissions: TPermissions) {
  queryClient.setQueryData(queryKeys.permissions, permissions);
  return renderRoutes(
    [{ path: '/asset/maintenance/:id', element: <MaintenanceRecordPage /> }],
    maintenanceRecordPath(RECORD),
  );
}

const paths = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

async function chooseFile(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.upload(screen.getByLabelText('Add files'), new File(['photo'], name, { type: 'image/jpeg' }));
}

describe('MaintenanceRecordPage', () => {
  it('lets the assignee complete it: the files go up first, then the completion, and the toast names the next due day', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'POST /api/maintenanceDetails': () => ok(details()),
      'POST /api/maintenanceFilesAdd': () => ok(null, say.filesAdded),
      'POST /api/maintenanceComplete': () => ok({ nextDueDate: '2026-12-20' }, say.completed),
    });
    renderRecord(assignee);
    expect(await screen.findByRole('heading', { name: 'Monthly service', level: 1 })).toBeInTheDocument();
    // Not the register: the asset is named, not linked, and there is no reassigning.
    expect(screen.queryByRole('link', { name: 'A-00001 Forklift' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change assignee or due date' })).not.toBeInTheDocument();
    expect(screen.getByText('Check the brakes and the forks.')).toBeInTheDocument();
    const fill = screen.getByRole('link', { name: /Fill in Forklift checklist/ });
    expect(fill).toHaveAttribute('href', `/form-submission/new/${CHECKLIST}`);
    expect(fill).toHaveAttribute('target', '_blank');

    const form = screen.getByRole('region', { name: 'Complete maintenance' });
    await user.type(within(form).getByLabelText('Notes'), 'Brakes adjusted.');
    await user.type(within(form).getByLabelText('Cost'), '120.50');
    await user.selectOptions(within(form).getByLabelText('Form submission (optional)'), SUBMISSION);
    await chooseFile(user, 'forks.jpg');
    expect(within(form).getByText(/forks\.jpg/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Complete' }));

    expect(await screen.findByText(say.completedNext(displayDay('2026-12-20')))).toBeInTheDocument();
    const sent = paths(fetchMock);
    expect(sent.indexOf('/api/maintenanceFilesAdd')).toBeLessThan(sent.indexOf('/api/maintenanceComplete'));
    expect(bodiesSent(fetchMock, '/maintenanceComplete')[0]).toMatchObject({
      _id: RECORD,
      notes: 'Brakes adjusted.',
      cost: 120.5,
      formSubmissionId: SUBMISSION,
    });
  }, 15_000);

  it('keeps the form and sends no completion when the upload fails', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'POST /api/maintenanceDetails': () => ok(details()),
      'POST /api/maintenanceFilesAdd': () => ({
        status: 400,
        body: envelope(null, 400, 'The file is too large.'),
      }),
      'POST /api/maintenanceComplete': () => ok({ nextDueDate: null }),
    });
    renderRecord(assignee);
    const form = await screen.findByRole('region', { name: 'Complete maintenance' });
    await user.type(within(form).getByLabelText('Notes'), 'Done.');
    await chooseFile(user, 'forks.jpg');
    await user.click(within(form).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('The file is too large.')).toBeInTheDocument();
    expect(paths(fetchMock)).not.toContain('/api/maintenanceComplete');
    expect(within(form).getByLabelText('Notes')).toHaveValue('Done.');
    expect(within(form).getByText(/forks\.jpg/)).toBeInTheDocument();
  });

  it('checks the form before sending: a bad cost and a day in the future', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'POST /api/maintenanceDetails': () => ok(details()) });
    renderRecord(assignee);
    const form = await screen.findByRole('region', { name: 'Complete maintenance' });
    await user.type(within(form).getByLabelText('Cost'), 'twelve');
    const done = within(form).getByLabelText('Date done');
    await user.clear(done);
    await user.type(done, '01/01/2099');
    await user.click(within(form).getByRole('button', { name: 'Complete' }));
    expect(await within(form).findByText(/Enter the cost as an amount/)).toBeInTheDocument();
    expect(within(form).getByText(say.completedInFuture)).toBeInTheDocument();
    expect(paths(fetchMock)).not.toContain('/api/maintenanceComplete');
  });

  it('gives a supplier’s user the completion without the asset link, the submission or reassigning', async () => {
    mockFetch({
      'POST /api/maintenanceDetails': () =>
        ok(
          details({
            assignee: { kind: 'supplier', _id: ACME, name: 'Acme Servicing' },
            submissionOptions: [],
          }),
        ),
    });
    renderRecord(supplier);
    const form = await screen.findByRole('region', { name: 'Complete maintenance' });
    expect(within(form).queryByLabelText('Form submission (optional)')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Fill in/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'A-00001 Forklift' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Dashboard/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getAllByText('Acme Servicing (supplier)').length).toBeGreaterThan(0);
  });

  it('lets the register change the assignee and the due day', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'POST /api/maintenanceDetails': () => ok(details({ canReassign: true, canComplete: false })),
      'POST /api/assetPickerSearch': () =>
        ok({ options: [{ _id: ACME, name: 'Acme Servicing' }], hasMore: false }),
      'POST /api/maintenanceReassign': () => ok(null, say.reassigned),
    });
    renderRecord(register);
    expect(await screen.findByRole('link', { name: 'A-00001 Forklift' })).toHaveAttribute(
      'href',
      assetPath(ASSET),
    );
    expect(screen.queryByRole('region', { name: 'Complete maintenance' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change assignee or due date' }));
    const dialog = screen.getByRole('dialog', { name: 'Change assignee or due date' });
    await user.click(within(dialog).getByRole('radio', { name: 'A supplier company' }));
    await choosePerson(user, dialog, 'Supplier company', 'Acme Servicing');
    const due = within(dialog).getByLabelText('Due date');
    await user.clear(due);
    await user.type(due, '05/12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(say.reassigned)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/maintenanceReassign')).toEqual([
      { _id: RECORD, assignee: { kind: 'supplier', _id: ACME }, dueDate: '2026-12-05' },
    ]);
  });

  it('shows what was done, with the fault it came from', async () => {
    mockFetch({
      'POST /api/maintenanceDetails': () =>
        ok(
          details({
            kind: 'corrective',
            title: 'Fault: brakes squeal',
            frequency: null,
            planId: null,
            formTemplate: null,
            status: 'done',
            canComplete: false,
            fault: {
              description: 'The brakes squeal when loaded.',
              reportedBy: 'Mia Torres',
              reportedAt: '2026-11-18T09:00:00.000Z',
              tookOutOfService: true,
              photos: [
                {
                  _id: testId(40),
                  name: 'brakes.jpg',
                  path: '/api/files/brakes.jpg',
                  fileType: 'image/jpeg',
                  size: 2048,
                },
              ],
            },
            completedOn: '2026-11-21',
            completedBy: 'Ethan Clarke',
            completionNotes: 'Pads replaced.',
            cost: '80.00',
            formSubmission: { _id: SUBMISSION, name: 'FS 1001 Forklift checklist' },
            attachments: [
              {
                _id: testId(41),
                name: 'invoice.pdf',
                path: '/api/files/invoice.pdf',
                fileType: 'application/pdf',
                size: 4096,
              },
            ],
          }),
        ),
    });
    renderRecord(assignee);
    const fault = await screen.findByRole('region', { name: 'Reported fault' });
    expect(within(fault).getByText('The brakes squeal when loaded.')).toBeInTheDocument();
    expect(within(fault).getByText(/taken out of service/)).toBeInTheDocument();
    expect(within(fault).getByRole('button', { name: 'brakes.jpg' })).toBeInTheDocument();
    expect(screen.getByText('Done on 21/11/2026 by Ethan Clarke')).toBeInTheDocument();
    expect(screen.getByText('Pads replaced.')).toBeInTheDocument();
    expect(screen.getByText('Cost: 80.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FS 1001 Forklift checklist' })).toHaveAttribute(
      'href',
      `/form-submission/Record/${SUBMISSION}`,
    );
    const files = screen.getByRole('region', { name: 'Files' });
    expect(within(files).getByRole('button', { name: 'invoice.pdf' })).toBeInTheDocument();
    // Only the register adds files to done work.
    expect(within(files).queryByRole('button', { name: 'Add files' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Complete maintenance' })).not.toBeInTheDocument();
  });

  it('says when the record cannot be opened', async () => {
    mockFetch({
      'POST /api/maintenanceDetails': () => ({ status: 404, body: envelope(null, 404, 'Not found.') }),
    });
    renderRecord(assignee);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  });
});
