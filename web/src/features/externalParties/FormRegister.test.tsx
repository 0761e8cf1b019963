import { externalPartiesMessages as say, type TSupplierAssignmentDetails } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { FormRegisterPage } from './FormRegisterPage';
import {
  ACME,
  ETHAN,
  LIAM,
  PARTY,
  PARTY_SUPPLIERS,
  pickReviewer,
  refuseWithReason,
  reviewerSearch,
} from './parties.fixtures';
import { ReviewPage } from './ReviewPage';

const TEMPLATE = testId(1);
const ASSIGNMENT = testId(5);

const options = {
  templates: [{ _id: TEMPLATE, name: 'Contractor Safety Assessment' }],
  suppliers: PARTY_SUPPLIERS,
};

describe('the Form Register', () => {
  it('assigns a form to a person with a reviewer found by name, and names what is missing first', async () => {
    const fetchMock = mockFetch({
      'POST /api/supplierAssignmentList': () => ok({ rows: [], total: 0 }),
      'POST /api/supplierAssignmentOptions': () => ok(options),
      ...reviewerSearch,
      'POST /api/supplierAssignmentCreate': () => ok({ _id: ASSIGNMENT, mailsQueued: 1 }, say.assigned(1)),
    });
    renderRoutes([{ path: '/register', element: <FormRegisterPage /> }], '/register');
    const user = userEvent.setup();
    expect(await screen.findByText('No forms assigned yet: assign the first one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assign a form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a form' });
    await within(dialog).findByLabelText('Form');
    await user.click(within(dialog).getByRole('button', { name: 'Assign and invite' }));
    expect(within(dialog).getByText(say.templateNotSupplier)).toBeInTheDocument();
    expect(within(dialog).getByText(say.reviewerUnknown)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Form'), 'Contractor Safety Assessment');
    await user.selectOptions(within(dialog).getByLabelText('Company'), 'Acme Contracting');
    await user.selectOptions(within(dialog).getByLabelText('Person'), 'Liam Walker');
    await pickReviewer(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Assign and invite' }));
    expect(await screen.findByText(say.assigned(1))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierAssignmentCreate')[0]).toMatchObject({
      formTemplateId: TEMPLATE,
      supplierId: ACME,
      personnelId: LIAM,
      reviewerEmployeeId: ETHAN,
    });
  });
});

const details: TSupplierAssignmentDetails = {
  _id: ASSIGNMENT,
  formTemplateId: TEMPLATE,
  formName: 'Contractor Safety Assessment',
  ...PARTY,
  status: 'submitted',
  dueDate: '2026-12-09',
  taskDueDateType: 'nodue',
  submissionId: testId(6),
  formNumber: 'FS 1020',
  returnCount: 0,
  createdAt: '2026-11-25T02:00:00.000Z',
  message: null,
  reviewComment: null,
  canReview: true,
};

describe('the review page', () => {
  it('says "of 1,000+" when the server stopped counting the register', async () => {
    const row = {
      ...PARTY,
      personnelId: null,
      personnelName: null,
      dueDate: '2026-12-01',
      taskDueDateType: 'nodue',
      formTemplateId: TEMPLATE,
      formName: 'Contractor Safety Assessment',
      status: 'closed',
      submissionId: null,
      formNumber: null,
      returnCount: 0,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    mockFetch({
      'POST /api/supplierAssignmentList': () =>
        ok({
          rows: Array.from({ length: 20 }, (_, index) => ({ ...row, _id: testId(100 + index) })),
          total: 1000,
          totalCapped: true,
        }),
      'POST /api/supplierAssignmentOptions': () => ok(options),
    });
    renderRoutes([{ path: '/register', element: <FormRegisterPage /> }], '/register');
    expect(await screen.findByText('1–20 of 1,000+')).toBeInTheDocument();
  });

  it('returns the form only with a comment, and sends it', async () => {
    const fetchMock = mockFetch({
      'POST /api/supplierAssignmentDetails': () => ok(details),
      'POST /api/supplierAssignmentReturn': () => ok(null, say.returned),
    });
    renderRoutes([{ path: '/review/:id', element: <ReviewPage /> }], `/review/${ASSIGNMENT}`);
    const user = userEvent.setup();
    await refuseWithReason(
      user,
      fetchMock,
      {
        open: 'Return to supplier',
        dialog: 'Return to supplier',
        submit: 'Return',
        field: 'What needs to change',
        required: say.commentRequired,
        call: 'supplierAssignmentReturn',
      },
      'Add the cable rating.',
    );
    expect(await screen.findByText(say.returned)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/supplierAssignmentReturn')[0]).toEqual({
      _id: ASSIGNMENT,
      comment: 'Add the cable rating.',
    });
  });
});
