import { hrFormEditorPath, messages, type TFormSubmission } from '@compass/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/storage';
import {
  bodiesSent,
  EMPLOYEE_ID,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { SubmissionEditorPage } from './SubmissionEditorPage';
import { listPerson, relatedListsFixture, submissionFixture } from './submissions.fixtures';

// An HR form assigned to Alex (the signed-in employee, its recorder), reviewed by Ethan (its
// coordinator): issue 42's editor rules for assigned HR forms (001 sections 4 and 7).
const ETHAN = testId(90);
const TEMPLATE = testId(1);
const SUBMISSION = testId(2);
const ASSIGNMENT = testId(5);
const WORKPLACE = testId(80);

function hrForm(over: Partial<TFormSubmission>): TFormSubmission {
  return submissionFixture({
    _id: SUBMISSION,
    formTemplateId: TEMPLATE,
    formTemplateName: 'Annual Wellbeing Check',
    formDescription: 'Annual Wellbeing Check',
    workplace: WORKPLACE,
    workplaceName: 'Riverside Depot',
    formType: 'hr',
    status: 'Open',
    submissionUserId: [{ userId: ETHAN, name: 'Ethan Clarke' }],
    recordedBy: [{ employeeId: EMPLOYEE_ID, personnelId: null, name: 'Alex Morgan' }],
    version: 2,
    templateVersionId: testId(3),
    ...over,
  });
}

const closed = {
  _id: SUBMISSION,
  isClose: 'yes',
  closedAt: '2026-11-21T09:00:00.000Z',
  version: 4,
  pdf: {
    _id: testId(40),
    name: 'FS 1042.pdf',
    path: `/api/files/${testId(40)}`,
    fileType: 'pdf',
    size: 1000,
  },
  mailsQueued: 1,
};

function open(details: TFormSubmission, entry: string) {
  setAuthToken('token-1');
  const fetchMock = mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture()),
    'POST /api/formSubmissionRelatedLists': () =>
      ok(
        relatedListsFixture({
          listEmployee: [listPerson(EMPLOYEE_ID, 'Alex', 'Morgan'), listPerson(ETHAN, 'Ethan', 'Clarke')],
          workplace: [{ _id: WORKPLACE, name: 'Riverside Depot' }],
        }),
      ),
    'POST /api/branchesByWorkplace': () => ok([]),
    'POST /api/formSubmissionDetails': () => ok(details),
    'POST /api/formSubmissionSave': () =>
      ok(
        { _id: SUBMISSION, formatedNumber: 'FS 1042', isDraft: 'no', version: 3, mailsQueued: 1 },
        messages.submission.submitted,
      ),
    'POST /api/hrFormOfSubmission': () => ok({ _id: ASSIGNMENT }),
    'POST /api/assignFormCloseOff': () => ok(closed, messages.closeOff.closed),
  });
  renderRoutes(
    [
      { path: '/form-submission/Record/:id', element: <SubmissionEditorPage /> },
      { path: '/form-submission/my-action-edit/:id', element: <SubmissionEditorPage /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    entry,
  );
  return fetchMock;
}

describe('the editor of an assigned HR form', () => {
  it('gives its employee Save Draft and Submit only, and a submit leads to the dashboard', async () => {
    const fetchMock = open(hrForm({}), hrFormEditorPath(SUBMISSION, ASSIGNMENT));
    await screen.findByRole('heading', { name: 'Initial details' });
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
    for (const name of ['Sign Off', 'Save and Close', 'History'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/formSubmissionSave')).toEqual([
      expect.objectContaining({ _id: SUBMISSION, isDraft: 'no' }),
    ]);
  });

  it('never offers its employee a close, once submitted either', async () => {
    open(
      hrForm({ isDraft: 'no', formatedNumber: 'FS 1042', number: 1042 }),
      hrFormEditorPath(SUBMISSION, ASSIGNMENT),
    );
    await screen.findByRole('heading', { name: 'Initial details' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    for (const name of ['Sign Off', 'Save and Close'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('closes through its assignment when the reviewer signs it off', async () => {
    const submitted = hrForm({
      isDraft: 'no',
      formatedNumber: 'FS 1042',
      number: 1042,
      submissionUserId: [{ userId: EMPLOYEE_ID, name: 'Alex Morgan' }],
    });
    const fetchMock = open(submitted, `/form-submission/Record/${SUBMISSION}`);
    await screen.findByRole('heading', { name: 'Initial details' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Off' }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/hrFormOfSubmission')).toEqual([{ formSumissionId: SUBMISSION }]);
    expect(bodiesSent(fetchMock, '/api/assignFormCloseOff')).toEqual([
      expect.objectContaining({ _id: ASSIGNMENT }),
    ]);
    expect(bodiesSent(fetchMock, '/api/formSubmissionClose')).toEqual([]);
  });
});
