import { hrFormEditorPath, hrFormMessages as say, messages } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { ASSIGNMENT, hrFormDetails, MIA, SUBMISSION, TEMPLATE, WELLBEING } from './hrForms.fixtures';
import { HrAssessmentPage } from './HrAssessmentPage';
import { HrReviewPage } from './HrReviewPage';

const path = (side: string) =>
  `/human-resource/employee/form-submit/${side}/${MIA._id}/${ASSIGNMENT}/${TEMPLATE}`;
const routes = [
  {
    path: '/human-resource/employee/form-submit/assessment/:employee/:id/:formId',
    element: <HrAssessmentPage />,
  },
  { path: '/human-resource/employee/form-submit/review/:employee/:id/:formId', element: <HrReviewPage /> },
  { path: '/form-submission/my-action-edit/:id', element: <p>The form editor</p> },
];

describe('the employee’s page of an assigned HR form', () => {
  it('opens the form in the editor with its assignment', async () => {
    const fetchMock = mockFetch({
      'POST /api/hrFormOpen': () =>
        ok({ submissionId: SUBMISSION, path: hrFormEditorPath(SUBMISSION, ASSIGNMENT) }),
    });
    const { router } = renderRoutes(routes, path('assessment'));
    expect(await screen.findByText('The form editor')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?assignFormId=${ASSIGNMENT}`);
    expect(bodiesSent(fetchMock, '/api/hrFormOpen')).toEqual([{ _id: ASSIGNMENT }]);
  });

  it('says why a form cannot be opened (not theirs, or no longer to fill in)', async () => {
    mockFetch({ 'POST /api/hrFormOpen': () => ({ status: 403, body: envelope(null, 403, say.notYours) }) });
    renderRoutes(routes, path('assessment'));
    expect(await screen.findByRole('heading', { name: 'This HR form cannot be opened' })).toBeInTheDocument();
    expect(screen.getByText(say.notYours)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('the reviewer’s page of an HR form', () => {
  it('returns the form only with a comment', async () => {
    const fetchMock = mockFetch({
      'POST /api/hrFormDetails': () => ok(hrFormDetails()),
      'POST /api/hrFormReturn': () => ok(null, say.returned),
    });
    renderRoutes(routes, path('review'));
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: WELLBEING })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('button', { name: 'Return to employee' }));
    const dialog = screen.getByRole('dialog', { name: 'Return to employee' });
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(within(dialog).getByText(say.commentRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/hrFormReturn')).toEqual([]);
    await user.type(within(dialog).getByLabelText('What needs to change'), 'Add your goals for next year.');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await screen.findByText(say.returned)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/hrFormReturn')).toEqual([
      { _id: ASSIGNMENT, comment: 'Add your goals for next year.' },
    ]);
  });

  it('accepts: finds the assignment of the form, closes it off and offers its PDF', async () => {
    const pdf = {
      _id: testId(40),
      name: 'FS 1020.pdf',
      path: `/api/files/${testId(40)}`,
      fileType: 'pdf',
      size: 900,
    };
    const fetchMock = mockFetch({
      'POST /api/hrFormDetails': () => ok(hrFormDetails()),
      'POST /api/hrFormOfSubmission': () => ok({ _id: ASSIGNMENT }),
      'POST /api/assignFormCloseOff': () =>
        ok(
          {
            _id: SUBMISSION,
            isClose: 'yes',
            closedAt: '2026-11-29T01:00:00.000Z',
            version: 3,
            pdf,
            mailsQueued: 1,
          },
          messages.closeOff.closed,
        ),
    });
    renderRoutes(routes, path('review'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept and close' }));
    expect(bodiesSent(fetchMock, '/api/assignFormCloseOff')).toEqual([]);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept and close' }));
    expect(await screen.findByRole('heading', { name: 'Accepted and closed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    const calls = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost').pathname)
      .filter((call) => call === '/api/hrFormOfSubmission' || call === '/api/assignFormCloseOff');
    expect(calls).toEqual(['/api/hrFormOfSubmission', '/api/assignFormCloseOff']);
    expect(bodiesSent(fetchMock, '/api/hrFormOfSubmission')).toEqual([{ formSumissionId: SUBMISSION }]);
    expect(bodiesSent(fetchMock, '/api/assignFormCloseOff')).toEqual([
      expect.objectContaining({ _id: ASSIGNMENT }),
    ]);
  });

  it('offers no decision on a form still with the employee, and leads HR back to the register', async () => {
    mockFetch({
      'POST /api/hrFormDetails': () =>
        ok(hrFormDetails({ status: 'assigned', side: 'hr', canReview: false, submissionId: null })),
    });
    renderRoutes(routes, path('review'));
    expect(await screen.findByText('The employee has not submitted this form yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and close' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HR Forms' })).toHaveAttribute(
      'href',
      '/human-resource/admin/forms',
    );
  });
});
