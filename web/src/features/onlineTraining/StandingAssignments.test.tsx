import { trainingAssignmentMessages as say, type TTrainingPositionRule } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, mockFetch, ok, renderRoutes, stubObjectUrls, testId } from '../../../test/helpers';
import { AssignmentsCard } from './AssignmentsCard';
import { ASSIGNMENT, assignmentRow, COURSE, ETHAN } from './onlineTraining.fixtures';

const FORKLIFT = { _id: COURSE, name: 'Forklift refresher', currentVersion: 1, isActive: true };
const RULE: TTrainingPositionRule = {
  _id: testId(40),
  courseId: COURSE,
  positionId: testId(75),
  positionName: 'Storeman',
  reviewerEmployeeId: ETHAN._id,
  reviewerName: ETHAN.name,
  completeWithinDays: 14,
  repeat: { frequency: 'years', interval: 2 },
  createdAt: '2026-11-25T02:00:00.000Z',
};

const render = () => renderRoutes([{ path: '/', element: <AssignmentsCard course={FORKLIFT} /> }], '/');

describe('the course’s standing assignments and certificates', () => {
  it('lists the standing assignments to positions and stops one once confirmed, with the server’s message', async () => {
    let rules = [RULE];
    const fetchMock = mockFetch({
      'POST /api/trainingAssignmentList': () => ok({ rows: [], total: 0 }),
      'POST /api/trainingPositionRuleList': () => ok({ rows: rules }),
      'POST /api/trainingPositionRuleStop': () => {
        rules = [];
        return ok({ ok: true }, say.ruleStopped);
      },
    });
    render();
    const user = userEvent.setup();
    const part = await screen.findByRole('region', { name: 'Standing assignments' });
    const row = (await within(part).findByText('Storeman')).closest('tr')!;
    expect(within(row).getByText(ETHAN.name)).toBeInTheDocument();
    expect(within(row).getByText('Within 14 days')).toBeInTheDocument();
    expect(within(row).getByText('Annual, every 2 periods')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingPositionRuleList')).toEqual([{ courseId: COURSE }]);

    await user.click(within(row).getByRole('button', { name: 'Stop assigning to Storeman' }));
    const confirm = screen.getByRole('dialog', { name: 'Stop assigning Forklift refresher to Storeman?' });
    expect(bodiesSent(fetchMock, '/api/trainingPositionRuleStop')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText(say.ruleStopped)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingPositionRuleStop')).toEqual([{ _id: RULE._id }]);
    expect(await within(part).findByText('No standing assignments.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it('names supplier personnel with their company and downloads a passed training’s certificate', async () => {
    const saved = stubObjectUrls();
    const fetchMock = mockFetch({
      'POST /api/trainingPositionRuleList': () => ok({ rows: [] }),
      'POST /api/trainingAssignmentList': () =>
        ok({
          rows: [
            assignmentRow({
              employeeId: null,
              personnelId: testId(77),
              employeeName: 'Sam Lee',
              supplierName: 'Acme Hire',
              status: 'passed',
              score: 90,
            }),
            assignmentRow({ _id: testId(62), employeeName: 'Noah Patel' }),
          ],
          total: 2,
        }),
      'GET /api/trainingCertificate': () => ({ body: 'PDF' }),
    });
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Assigned training' });
    const sam = (await within(table).findByText('Sam Lee (Acme Hire)')).closest('tr')!;
    const noah = within(table).getByText('Noah Patel').closest('tr')!;
    expect(within(noah).queryByRole('button', { name: /certificate/ })).not.toBeInTheDocument();
    expect(screen.getByText('No standing assignments.')).toBeInTheDocument();

    await user.click(within(sam).getByRole('button', { name: 'Download the certificate of Sam Lee' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toMatch(
      new RegExp(`/api/trainingCertificate\\?assignmentId=${ASSIGNMENT}$`),
    );
  });
});
