import { trainingAssignmentMessages as say } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, choosePerson, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { AssignCourseDialog } from './AssignCourseDialog';
import { COURSE, ETHAN, peopleSearch } from './onlineTraining.fixtures';

const STOREMAN = testId(75);
const SAM = { _id: testId(77), name: 'Sam Lee', supplierName: 'Acme Hire', email: 'sam@acme-hire.example' };
const JO = { _id: testId(78), name: 'Jo Park', supplierName: 'Bright Sparks', email: null };

const calls = {
  'POST /api/trainingAssignOptions': () =>
    ok({
      courses: [],
      positions: [{ _id: STOREMAN, name: 'Storeman' }],
      workplaces: [{ _id: testId(76), name: 'Riverside Depot' }],
    }),
  'POST /api/trainingPersonnelOptions': ({ body }: { body: unknown }) => {
    const search = (body as { search: string }).search.toLowerCase();
    return ok({
      rows: [SAM, JO].filter((person) =>
        `${person.name} ${person.supplierName}`.toLowerCase().includes(search),
      ),
    });
  },
  ...peopleSearch,
};

async function openDialog() {
  renderRoutes(
    [
      {
        path: '/',
        element: <AssignCourseDialog course={{ _id: COURSE, name: 'Site induction' }} onClose={() => {}} />,
      },
    ],
    '/',
  );
  return screen.findByRole('dialog', { name: 'Assign Site induction' });
}

describe('AssignCourseDialog', () => {
  it('assigns a site induction to supplier personnel found by name or company, shown as "Name (Company)"', async () => {
    const fetchMock = mockFetch({
      ...calls,
      'POST /api/trainingAssign': () =>
        ok({ count: 1, ids: [testId(60)], mailsQueued: 1 }, 'Assigned to 1 person.'),
    });
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Supplier personnel' }));
    expect(within(dialog).queryByRole('searchbox', { name: 'Employees' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText(say.whomRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a person' }), 'sparks');
    await user.click(await within(dialog).findByRole('button', { name: /^Jo Park \(Bright Sparks\)/ }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a person' }), 'Sam');
    await user.click(await within(dialog).findByRole('button', { name: /^Sam Lee \(Acme Hire\)/ }));
    expect(within(dialog).getByText('Sam Lee (Acme Hire)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Jo Park (Bright Sparks)' }));
    expect(within(dialog).queryByText('Jo Park (Bright Sparks)')).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingPersonnelOptions')).toContainEqual({ search: 'sparks' });

    await choosePerson(user, dialog, 'Reviewer', ETHAN.name);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Assigned to 1 person.')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingAssign')).toEqual([
      expect.objectContaining({
        courseId: COURSE,
        employeeIds: null,
        positionId: null,
        workplaceId: null,
        personnelIds: [SAM._id],
        followPosition: false,
        reviewerEmployeeId: ETHAN._id,
      }),
    ]);
  }, 30_000);

  it('assigns to a position and, unless unticked, to whoever joins it later', async () => {
    const fetchMock = mockFetch({
      ...calls,
      'POST /api/trainingAssign': () => ok({ count: 2, ids: [], mailsQueued: 2 }, say.assigned(2, 2)),
    });
    const dialog = await openDialog();
    const user = userEvent.setup();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'A position' }));
    const follow = within(dialog).getByRole('checkbox', {
      name: 'Also assign to people who join this position later',
    });
    expect(follow).toBeChecked();
    await user.click(follow);
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'Storeman');
    await choosePerson(user, dialog, 'Reviewer', ETHAN.name);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/trainingAssign')).toEqual([
        expect.objectContaining({ positionId: STOREMAN, personnelIds: null, followPosition: false }),
      ]),
    );
  }, 20_000);
});
