import { reviewCalls, reviewMessages as say, type TReviewDetails } from '@compass/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { ReviewPage } from './ReviewPage';

const ITEM = testId(1);
const ETHAN = testId(2);
const MIA = testId(3);
const calls = reviewCalls('sample', { tag: 'sample', accessKey: 'obligation' });

const details = (over: Partial<TReviewDetails> = {}): TReviewDetails => ({
  _id: testId(9),
  name: 'Work Health and Safety Act s.19',
  itemId: ITEM,
  actionType: 'review',
  reviewer: { _id: ETHAN, name: 'Ethan Clarke' },
  coReviewer: null,
  isCoReviewed: false,
  coReviewComments: null,
  frequency: 'quarterly',
  dueDate: '2026-11-25',
  taskDueDateType: 'due',
  waitingForCoReviewer: false,
  history: [],
  ...over,
});

function open(path: string) {
  return renderRoutes(
    [
      {
        path: '/sample/review/:id/:x',
        element: (
          <ReviewPage
            title="Sample review"
            calls={calls}
            back={{ to: '/sample', label: 'Samples' }}
            itemPath={(id) => `/sample/${id}`}
            queryKey={['sample']}
          />
        ),
      },
      { path: '/sample/:id', element: <p>The record</p> },
    ],
    path,
  );
}

describe('ReviewPage', () => {
  it('asks the reviewer for an outcome, sends it, and opens the record', async () => {
    const fetchMock = mockFetch({
      'POST /api/sampleReviewDetails': () => ok(details()),
      'POST /api/sampleReviewComplete': () => ok({ nextDueDate: '2027-02-25' }, say.reviewed),
    });
    open(`/sample/review/${ITEM}/review`);
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Work Health and Safety Act s.19' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Quarterly/)).toBeInTheDocument();
    expect(screen.getByText('No review has been completed yet.')).toBeInTheDocument();

    await user.click(screen.getByLabelText(/^Still current/));
    await user.type(screen.getByLabelText('Comments'), 'Checked against the 2026 amendment.');
    await user.click(screen.getByRole('button', { name: 'Complete review' }));
    expect(await screen.findByText('The record')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'sampleReviewComplete')).toEqual([
      {
        itemId: ITEM,
        reviewId: testId(9),
        actionType: 'review',
        outcome: 'noChange',
        comments: 'Checked against the 2026 amendment.',
      },
    ]);
  });

  it('shows the server’s message next to the field it concerns', async () => {
    mockFetch({
      'POST /api/sampleReviewDetails': () => ok(details()),
      'POST /api/sampleReviewComplete': () => ({
        status: 400,
        body: envelope(null, 400, say.outcomeRequired, {
          validation_errors: [{ path: 'outcome', message: say.outcomeRequired }],
        }),
      }),
    });
    open(`/sample/review/${ITEM}/review`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Complete review' }));
    expect(await screen.findAllByText(say.outcomeRequired)).not.toHaveLength(0);
  });

  it('lets the co-reviewer comment, and keeps the reviewer waiting for them', async () => {
    const coReview = details({
      actionType: 'coReview',
      coReviewer: { _id: MIA, name: 'Mia Chen' },
      history: [
        {
          _id: testId(8),
          dueDate: '2026-08-25',
          completedAt: '2026-08-24T09:00:00.000Z',
          completedBy: 'Ethan Clarke',
          outcome: 'updated',
          comments: 'New clause 4',
          coReviewer: null,
          coReviewComments: null,
        },
      ],
    });
    const fetchMock = mockFetch({ 'POST /api/sampleReviewDetails': () => ok(coReview) });
    const { unmount } = open(`/sample/review/${ITEM}/coReview`);
    expect(await screen.findByRole('button', { name: 'Record co-review' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Outcome' })).not.toBeInTheDocument();
    expect(screen.getByText('New clause 4')).toBeInTheDocument();
    expect(screen.getByText('24/08/2026')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'sampleReviewDetails')).toEqual([{ itemId: ITEM, actionType: 'coReview' }]);
    unmount();

    mockFetch({
      'POST /api/sampleReviewDetails': () =>
        ok(details({ coReviewer: { _id: MIA, name: 'Mia Chen' }, waitingForCoReviewer: true })),
    });
    open(`/sample/review/${ITEM}/review`);
    expect(await screen.findByText(/Mia Chen reviews this first/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete review' })).not.toBeInTheDocument();
  });

  it('says so when the review is not the caller’s', async () => {
    mockFetch({
      'POST /api/sampleReviewDetails': () => ({ status: 403, body: envelope(null, 403, say.notYours) }),
    });
    open(`/sample/review/${ITEM}/review`);
    expect(await screen.findByText(say.notYours)).toBeInTheDocument();
  });
});
