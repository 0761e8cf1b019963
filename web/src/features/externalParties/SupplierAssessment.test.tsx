import {
  supplierAssessmentPath,
  type TSupplierAssessmentStatus,
  type TSupplierLinkContext,
} from '@compass/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { SupplierAssessmentPage } from './SupplierAssessmentPage';

const COMPANY = testId(1);
const SUBMISSION = testId(2);
const TEMPLATE = testId(3);
const SUPPLIER = testId(4);
const ASSIGNMENT = testId(5);
const COORDINATOR = testId(6);
const TOKEN = 'link-token';

const status = (over: Partial<TSupplierAssessmentStatus> = {}): TSupplierAssessmentStatus => ({
  _id: ASSIGNMENT,
  organisationName: 'Northwind Facilities',
  formName: 'Contractor Safety Assessment',
  status: 'submitted',
  dueDate: '2026-12-04',
  reviewerName: 'Ethan Clarke',
  reviewComment: null,
  returnCount: 0,
  submissionId: SUBMISSION,
  formNumber: 'FS 1042',
  ...over,
});

const context: TSupplierLinkContext = {
  companyId: COMPANY,
  companyName: 'Northwind Facilities',
  homeSiteUrl: 'https://www.northwind.example/',
  supplierId: SUPPLIER,
  supplierName: 'Acme Contracting',
  supplierLogo: null,
  supplierAssignmentId: ASSIGNMENT,
  supplierAssignmentStatus: 'submitted',
  operations: ['read', 'update'],
  expiresAt: '2026-12-20T09:00:00.000Z',
};

const routes = [
  {
    path: 'form/external-parties/form-submit/:pageType/:employeeId/:assignFormId/:formId/:companyId/:reviewerId',
    element: <SupplierAssessmentPage />,
  },
  { path: 'form/form-submission/myactionedit/:companyId/:id', element: <p>Update page</p> },
  { path: 'dashboard', element: <p>Dashboard page</p> },
  { path: 'login', element: <p>Login page</p> },
];

const path = (authtoken?: string) =>
  supplierAssessmentPath({
    supplierId: SUPPLIER,
    supplierAssignId: ASSIGNMENT,
    formTemplateId: TEMPLATE,
    companyId: COMPANY,
    coordinatorUserId: COORDINATOR,
    authtoken,
  });

function serve(answer: TSupplierAssessmentStatus | { status: number; body: unknown }) {
  return mockFetch({
    'GET /api/configuration': () =>
      ok({ productName: 'Compass', homeSiteUrl: 'https://configured.example/', helpCentreUrl: '', sso: {} }),
    'POST /api/supplierAssessmentStatus': () => ('body' in answer ? answer : ok(answer)),
    'POST /api/supplierLinkContext': () => ok(context),
  });
}

describe('the supplier assessment page', () => {
  it('tells a link holder their form is with the reviewer, with the link on every way on', async () => {
    const fetchMock = serve(status());
    renderRoutes(routes, path(TOKEN));
    expect(await screen.findByText('Submitted for review')).toBeInTheDocument();
    expect(screen.getByText(/Ethan Clarke will review your form/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contractor Safety Assessment' })).toBeInTheDocument();
    const view = screen.getByRole('link', { name: 'View what you sent' });
    expect(view.getAttribute('href')).toContain(`authtoken=${TOKEN}`);
    const [call] = fetchMock.mock.calls.filter(([url]) => String(url).includes('/supplierAssessmentStatus'));
    expect(String(call![0])).toContain(`authtoken=${TOKEN}`);
  });

  it('shows the reviewer’s comment of a returned form and opens it to change', async () => {
    serve(status({ status: 'assigned', returnCount: 1, reviewComment: 'Add the insurance number.' }));
    renderRoutes(routes, path(TOKEN));
    expect(await screen.findByText('Changes requested')).toBeInTheDocument();
    expect(screen.getByText('Add the insurance number.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the form' }).getAttribute('href')).toBe(
      `/form/form-submission/myactionedit/${COMPANY}/${SUBMISSION}?authtoken=${TOKEN}&supplierassignId=${ASSIGNMENT}`,
    );
  });

  it('says an accepted form needs nothing more, and offers no change', async () => {
    serve(status({ status: 'closed' }));
    renderRoutes(routes, path(TOKEN));
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /form$/ })).not.toBeInTheDocument();
  });

  it('explains a refused link', async () => {
    serve({ status: 403, body: envelope(null, 403, 'This link does not give access to this item.') });
    renderRoutes(routes, path(TOKEN));
    expect(await screen.findByText('This link does not give access to this item.')).toBeInTheDocument();
  });

  it('sends a visitor without the link to sign in', async () => {
    serve(status());
    renderRoutes(routes, path());
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });
});
