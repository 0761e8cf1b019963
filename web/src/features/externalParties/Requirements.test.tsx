import {
  requirementMessages as say,
  type TSupplierCompliance,
  type TSupplierRequirementDetails,
} from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { CompliancePanel } from './CompliancePanel';
import { DocumentReviewPage } from './DocumentReviewPage';
import { DocumentSendPage } from './DocumentSendPage';
import {
  ACME,
  details,
  ETHAN,
  INSURANCE,
  LIAM,
  LICENCE,
  PARTY_SUPPLIERS,
  pickReviewer,
  REQUIREMENT,
  refuseWithReason,
  reviewerSearch,
  sentTo,
  type,
} from './parties.fixtures';
import { RequirementsPage } from './RequirementsPage';

const TOKEN = 'link-token';
const options = { templates: [], suppliers: PARTY_SUPPLIERS };

const document = (name: string) => ({
  _id: testId(7),
  name,
  path: `/api/files/${testId(7)}`,
  size: 2048,
  fileType: 'application/pdf',
  uploadedAt: '2026-11-20T10:00:00.000Z',
});

describe('the Requirements register', () => {
  it('asks for the person of a personnel type before requesting, then requests it', async () => {
    const fetchMock = mockFetch({
      'POST /api/supplierRequirementList': () => ok({ rows: [], total: 0 }),
      'POST /api/supplierAssignmentOptions': () => ok(options),
      'POST /api/requirementTypeList': () =>
        ok([type({}), type({ _id: INSURANCE, name: 'Public Liability Insurance', appliesTo: 'company' })]),
      ...reviewerSearch,
      'POST /api/supplierRequirementCreate': () => ok({ _id: REQUIREMENT, mailsQueued: 1 }, say.requested(1)),
    });
    renderRoutes([{ path: '/requirements', element: <RequirementsPage /> }], '/requirements');
    const user = userEvent.setup();
    expect(await screen.findByText('No documents requested yet: request the first one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request a document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a document' });
    await user.selectOptions(
      await within(dialog).findByLabelText('Requirement type'),
      'Electrical Licence (person)',
    );
    await user.selectOptions(within(dialog).getByLabelText('Company'), 'Acme Contracting');
    await pickReviewer(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(within(dialog).getByText(say.typeForPersonnel)).toBeInTheDocument();
    expect(sentTo(fetchMock, 'supplierRequirementCreate')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Person'), 'Liam Walker');
    await user.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await screen.findByText(say.requested(1))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierRequirementCreate')[0]).toMatchObject({
      requirementTypeId: LICENCE,
      supplierId: ACME,
      personnelId: LIAM,
      reviewerEmployeeId: ETHAN,
    });
  });

  it('lists the requests with their state, filters by state and sends a request again', async () => {
    const row = (over: Partial<TSupplierRequirementDetails>) => {
      const { _id, typeName, state, status, personnelId, personnelName, dueDate, taskDueDateType } =
        details(over);
      return {
        ...{ _id, typeName, state, status, personnelId, personnelName, dueDate, taskDueDateType },
        ...{ requirementTypeId: LICENCE, supplierId: ACME, supplierName: 'Acme Contracting' },
        ...{ reviewerEmployeeId: ETHAN, reviewerName: 'Ethan Clarke', expiryDate: over.expiryDate ?? null },
      };
    };
    const fetchMock = mockFetch({
      'POST /api/supplierRequirementList': () =>
        ok({
          rows: [
            row({ taskDueDateType: 'overdue' }),
            row({
              _id: INSURANCE,
              typeName: 'Public Liability Insurance',
              personnelId: null,
              personnelName: null,
              status: 'submitted',
              state: 'awaitingReview',
              expiryDate: '2027-03-31',
            }),
          ],
          total: 2,
        }),
      'POST /api/supplierRequirementResend': () => ok({ mailsQueued: 1 }, say.resent(1)),
    });
    renderRoutes([{ path: '/requirements', element: <RequirementsPage /> }], '/requirements');
    const user = userEvent.setup();
    const licence = (await screen.findByRole('cell', { name: 'Electrical Licence' })).closest('tr')!;
    expect(within(licence).getByText('To provide')).toBeInTheDocument();
    expect(within(licence).getByText('Overdue')).toBeInTheDocument();
    expect(within(licence).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      `/external-parties/personnel-document-review/${LIAM}/${REQUIREMENT}`,
    );
    const insurance = screen.getByRole('cell', { name: 'Public Liability Insurance' }).closest('tr')!;
    expect(within(insurance).getByText('The company')).toBeInTheDocument();
    expect(within(insurance).getByText('31/03/2027')).toBeInTheDocument();
    expect(within(insurance).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      `/external-parties/company-document-review/${ACME}/${INSURANCE}`,
    );
    expect(within(insurance).queryByRole('button', { name: /again/ })).not.toBeInTheDocument();

    await user.click(
      within(licence).getByRole('button', { name: 'Send the request for Electrical Licence again' }),
    );
    expect(await screen.findByText(say.resent(1))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierRequirementResend')[0]).toEqual({
      _id: REQUIREMENT,
    });

    await user.selectOptions(screen.getByLabelText('State'), 'Expired');
    await vi.waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/supplierRequirementList').at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        state: 'expired',
      }),
    );
  });

  it('offers no person for a company type', async () => {
    mockFetch({
      'POST /api/supplierRequirementList': () => ok({ rows: [], total: 0 }),
      'POST /api/supplierAssignmentOptions': () => ok(options),
      'POST /api/requirementTypeList': () =>
        ok([type({ _id: INSURANCE, name: 'Public Liability Insurance', appliesTo: 'company' })]),
    });
    renderRoutes([{ path: '/requirements', element: <RequirementsPage /> }], '/requirements');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request a document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a document' });
    await user.selectOptions(
      await within(dialog).findByLabelText('Requirement type'),
      'Public Liability Insurance (company)',
    );
    expect(within(dialog).queryByLabelText('Person')).not.toBeInTheDocument();
  });
});

describe('sending a document', () => {
  it('needs the file and the expiry, then sends them as multipart with the link', async () => {
    const fetchMock = mockFetch({
      'GET /api/configuration': () =>
        ok({
          productName: 'Compass',
          homeSiteUrl: 'https://configured.example/',
          helpCentreUrl: '',
          sso: {},
        }),
      'POST /api/supplierRequirementDetails': () =>
        ok(details({ status: 'rejected', state: 'rejected', documents: [document('cut-off.pdf')] })),
      'POST /api/supplierRequirementUpload': () => ok(null, say.sent),
    });
    renderRoutes(
      [{ path: '/form/external-parties/document-review/:kind/:id', element: <DocumentSendPage /> }],
      `/form/external-parties/document-review/personnel/${REQUIREMENT}?authtoken=${TOKEN}`,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Electrical Licence' })).toBeInTheDocument();
    expect(screen.getByText('Northwind Facilities')).toBeInTheDocument();
    // The link holder reads the document sent through the same link.
    await user.click(screen.getByRole('button', { name: 'Download cut-off.pdf' }));
    expect(fetch).toHaveBeenCalledWith(`/api/files/${testId(7)}?authtoken=${TOKEN}`, expect.anything());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText(say.fileRequired)).toBeInTheDocument();
    expect(screen.getByText(say.expiryRequired)).toBeInTheDocument();

    const file = new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Document', { selector: 'input' }), file);
    await user.type(screen.getByLabelText('Expiry date'), '2028-06-30');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(say.sent)).toBeInTheDocument();
    const [upload] = sentTo(fetchMock, 'supplierRequirementUpload');
    expect(String(upload![0])).toContain(`authtoken=${TOKEN}`);
    const form = upload![1]!.body as FormData;
    expect(form.get('_id')).toBe(REQUIREMENT);
    expect(form.get('expiryDate')).toBe('2028-06-30');
    expect((form.get('files') as File).name).toBe('licence.pdf');
  });

  it('signed in: sends without a link, back to the dashboard, and offers a renewal of an approved document', async () => {
    const fetchMock = mockFetch({
      'POST /api/supplierRequirementDetails': () =>
        ok(
          details({
            appliesTo: 'company',
            personnelId: null,
            personnelName: null,
            expires: false,
            status: 'approved',
            state: 'valid',
            documents: [document('policy-2026.pdf')],
          }),
        ),
      'POST /api/supplierRequirementUpload': () => ok(null, say.sent),
    });
    renderRoutes(
      [{ path: '/external-parties/document-review/:kind/:id', element: <DocumentSendPage /> }],
      `/external-parties/document-review/supplier/${REQUIREMENT}`,
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Send a renewal' });
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('button', { name: 'Download policy-2026.pdf' }));
    expect(fetchMock).toHaveBeenCalledWith(`/api/files/${testId(7)}`, expect.anything());
    expect(within(form).queryByLabelText('Expiry date')).not.toBeInTheDocument();
    await user.upload(
      within(form).getByLabelText('Document', { selector: 'input' }),
      new File(['%PDF-1.4'], 'policy-2027.pdf', { type: 'application/pdf' }),
    );
    expect(within(form).getByText('policy-2027.pdf')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Note (optional)'), 'Renewed for 2027.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sentTo(fetchMock, 'supplierRequirementUpload')).toHaveLength(1));
    const [upload] = sentTo(fetchMock, 'supplierRequirementUpload');
    expect(String(upload![0])).not.toContain('authtoken');
    const sent = upload![1]!.body as FormData;
    expect(sent.get('note')).toBe('Renewed for 2027.');
    expect(sent.get('expiryDate')).toBe('');
  });

  it('shows why the last document was rejected, and refuses a file type the server would', async () => {
    mockFetch({
      'POST /api/supplierRequirementDetails': () =>
        ok(details({ status: 'rejected', state: 'rejected', rejectionReason: 'The scan is cut off.' })),
    });
    renderRoutes(
      [{ path: '/external-parties/document-review/:kind/:id', element: <DocumentSendPage /> }],
      `/external-parties/document-review/personnel/${REQUIREMENT}`,
    );
    const user = userEvent.setup({ applyAccept: false });
    expect(await screen.findByText('The scan is cut off.')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Document', { selector: 'input' }),
      new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }),
    );
    expect(screen.getByText(/setup\.exe/)).toBeInTheDocument();
    expect(screen.getByLabelText('Document', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('reviewing a document', () => {
  it('rejects only with a reason', async () => {
    const fetchMock = mockFetch({
      'POST /api/supplierRequirementDetails': () =>
        ok(details({ status: 'submitted', state: 'awaitingReview', canReview: true, canUpload: false })),
      'POST /api/supplierRequirementReview': () => ok(null, say.rejected),
    });
    renderRoutes([{ path: '/review/:id', element: <DocumentReviewPage /> }], `/review/${REQUIREMENT}`);
    const user = userEvent.setup();
    await refuseWithReason(
      user,
      fetchMock,
      {
        open: 'Reject',
        dialog: 'Reject the document',
        submit: 'Reject document',
        field: 'Reason',
        required: say.reasonRequired,
        call: 'supplierRequirementReview',
      },
      'The scan is cut off.',
    );
    expect(await screen.findByText(say.rejected)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierRequirementReview')[0]).toEqual({
      _id: REQUIREMENT,
      decision: 'reject',
      reason: 'The scan is cut off.',
    });
  });

  it('offers no decision when there is nothing to review', async () => {
    mockFetch({ 'POST /api/supplierRequirementDetails': () => ok(details({ canUpload: false })) });
    renderRoutes([{ path: '/review/:id', element: <DocumentReviewPage /> }], `/review/${REQUIREMENT}`);
    expect(await screen.findByText('The supplier has not sent this document yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('approves after confirming, and shows the message of the server', async () => {
    const fetchMock = mockFetch({
      'POST /api/supplierRequirementDetails': () =>
        ok(details({ status: 'submitted', state: 'awaitingReview', canReview: true, canUpload: false })),
      'POST /api/supplierRequirementReview': () => ok(null, say.approved),
    });
    renderRoutes([{ path: '/review/:id', element: <DocumentReviewPage /> }], `/review/${REQUIREMENT}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(say.approved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierRequirementReview')[0]).toEqual({
      _id: REQUIREMENT,
      decision: 'approve',
    });
    // The page reads the requirement again.
    await vi.waitFor(() => expect(sentTo(fetchMock, 'supplierRequirementDetails')).toHaveLength(2));
  });
});

describe('the compliance panel', () => {
  it('says whether the company is compliant, with each requirement and its expiry', async () => {
    const row = {
      ...details({ status: 'approved', state: 'valid', expiryDate: '2028-06-30', taskDueDateType: 'nodue' }),
    };
    const compliance: TSupplierCompliance = {
      supplierId: ACME,
      supplierName: 'Acme Contracting',
      compliant: true,
      counts: { toProvide: 0, rejected: 0, awaitingReview: 0, valid: 1, expiringSoon: 0, expired: 0 },
      nextExpiry: '2028-06-30',
      company: [],
      personnel: [{ personnelId: LIAM, name: 'Liam Walker', compliant: true, requirements: [row] }],
    };
    mockFetch({ 'POST /api/supplierCompliance': () => ok(compliance) });
    renderRoutes([{ path: '/company', element: <CompliancePanel supplierId={ACME} /> }], '/company');
    expect(await screen.findByText('Compliant')).toBeInTheDocument();
    expect(screen.getByText('Next expiry 30/06/2028')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Liam Walker · compliant' });
    expect(within(table).getByRole('link', { name: 'Electrical Licence' })).toHaveAttribute(
      'href',
      `/external-parties/personnel-document-review/${LIAM}/${REQUIREMENT}`,
    );
    expect(within(table).getByText('30/06/2028')).toBeInTheDocument();
  });

  it('is not shown to a caller without the External Parties key', async () => {
    mockFetch({
      'POST /api/supplierCompliance': () => ({
        status: 403,
        body: envelope(null, 403, 'You do not have access.', { error_code: 'access_key_missing' }),
      }),
    });
    renderRoutes([{ path: '/company', element: <CompliancePanel supplierId={ACME} /> }], '/company');
    await vi.waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Compliance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Compliance' })).not.toBeInTheDocument();
  });
});
