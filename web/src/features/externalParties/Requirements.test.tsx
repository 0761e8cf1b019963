import {
  requirementMessages as say,
  type TRequirementType,
  type TSupplierCompliance,
  type TSupplierRequirementDetails,
} from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { CompliancePanel } from './CompliancePanel';
import { DocumentReviewPage } from './DocumentReviewPage';
import { DocumentSendPage } from './DocumentSendPage';
import { RequirementsPage } from './RequirementsPage';

const ACME = testId(1);
const LIAM = testId(2);
const ETHAN = testId(3);
const LICENCE = testId(4);
const INSURANCE = testId(5);
const REQUIREMENT = testId(6);
const TOKEN = 'link-token';

const type = (over: Partial<TRequirementType>): TRequirementType => ({
  _id: LICENCE,
  name: 'Electrical Licence',
  appliesTo: 'personnel',
  description: null,
  expires: true,
  isActive: true,
  inUse: 0,
  ...over,
});
const options = {
  templates: [],
  suppliers: [{ _id: ACME, name: 'Acme Contracting', personnel: [{ _id: LIAM, name: 'Liam Walker' }] }],
};

const details = (over: Partial<TSupplierRequirementDetails> = {}): TSupplierRequirementDetails => ({
  _id: REQUIREMENT,
  requirementTypeId: LICENCE,
  typeName: 'Electrical Licence',
  supplierId: ACME,
  supplierName: 'Acme Contracting',
  personnelId: LIAM,
  personnelName: 'Liam Walker',
  reviewerEmployeeId: ETHAN,
  reviewerName: 'Ethan Clarke',
  status: 'pending',
  state: 'toProvide',
  dueDate: '2026-12-09',
  taskDueDateType: 'nodue',
  expiryDate: null,
  organisationName: 'Northwind Facilities',
  description: 'Your current A-grade licence.',
  expires: true,
  appliesTo: 'personnel',
  message: null,
  note: null,
  rejectionReason: null,
  submittedAt: null,
  reviewedAt: null,
  reviewedByName: null,
  documents: [],
  canUpload: true,
  canReview: false,
  ...over,
});

const sentTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(
    ([url]) => new URL(String(url), 'http://localhost').pathname === `/api/${path}`,
  );

describe('the Requirements register', () => {
  it('asks for the person of a personnel type before requesting, then requests it', async () => {
    const fetchMock = mockFetch({
      'POST /api/supplierRequirementList': () => ok({ rows: [], total: 0 }),
      'POST /api/supplierAssignmentOptions': () => ok(options),
      'POST /api/requirementTypeList': () =>
        ok([type({}), type({ _id: INSURANCE, name: 'Public Liability Insurance', appliesTo: 'company' })]),
      'POST /api/supplierReviewerSearch': () => ok([{ _id: ETHAN, name: 'Ethan Clarke' }]),
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
    await user.type(within(dialog).getByRole('searchbox'), 'eth');
    await user.click(await within(dialog).findByRole('button', { name: 'Ethan Clarke' }));
    await user.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(within(dialog).getByText(say.typeForPersonnel)).toBeInTheDocument();
    expect(sentTo(fetchMock, 'supplierRequirementCreate')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Person'), 'Liam Walker');
    await user.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await screen.findByText(say.requested(1))).toBeInTheDocument();
    const [sent] = sentTo(fetchMock, 'supplierRequirementCreate');
    expect(JSON.parse(String(sent![1]!.body))).toMatchObject({
      requirementTypeId: LICENCE,
      supplierId: ACME,
      personnelId: LIAM,
      reviewerEmployeeId: ETHAN,
    });
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
      'POST /api/supplierRequirementDetails': () => ok(details()),
      'POST /api/supplierRequirementUpload': () => ok(null, say.sent),
    });
    renderRoutes(
      [{ path: '/form/external-parties/document-review/:kind/:id', element: <DocumentSendPage /> }],
      `/form/external-parties/document-review/personnel/${REQUIREMENT}?authtoken=${TOKEN}`,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Electrical Licence' })).toBeInTheDocument();
    expect(screen.getByText('Northwind Facilities')).toBeInTheDocument();
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
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the document' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(within(dialog).getByText(say.reasonRequired)).toBeInTheDocument();
    expect(sentTo(fetchMock, 'supplierRequirementReview')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'The scan is cut off.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(await screen.findByText(say.rejected)).toBeInTheDocument();
    const [sent] = sentTo(fetchMock, 'supplierRequirementReview');
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
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
});
