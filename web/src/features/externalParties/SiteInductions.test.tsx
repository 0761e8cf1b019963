import { requirementMessages as say, trainingLinkPaths } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { DocumentReviewPage } from './DocumentReviewPage';
import { DocumentSendPage } from './DocumentSendPage';
import { details, LIAM, LICENCE, PARTY_SUPPLIERS, REQUIREMENT, type } from './parties.fixtures';
import { RequirementsPage } from './RequirementsPage';
import { RequirementTypesDialog } from './RequirementTypesDialog';

/** Site inductions: a personnel requirement type met by an online course, its dialog and its pages. */
const INDUCTION_COURSE = testId(31);
const FORKLIFT_COURSE = testId(32);
const ASSIGNMENT = testId(33);

const courseOptions = {
  'POST /api/requirementTypeCourseOptions': () =>
    ok([
      { _id: FORKLIFT_COURSE, name: 'Forklift Refresher' },
      { _id: INDUCTION_COURSE, name: 'Site Induction' },
    ]),
};

const induction = (over: Parameters<typeof details>[0] = {}) =>
  details({
    typeName: 'Site Induction',
    description: null,
    expires: false,
    canUpload: false,
    training: {
      courseName: 'Site Induction',
      assignmentId: ASSIGNMENT,
      status: 'assigned',
      score: null,
      passedAt: null,
    },
    ...over,
  });

const sendPage = () =>
  renderRoutes(
    [{ path: '/external-parties/document-review/:kind/:id', element: <DocumentSendPage /> }],
    `/external-parties/document-review/personnel/${REQUIREMENT}`,
  );

beforeEach(() => localStorage.setItem('authToken', 't'));

describe('the requirement type dialog', () => {
  it('offers a course for a person’s type only, and a course rules out the expiry', async () => {
    const fetchMock = mockFetch({
      'POST /api/requirementTypeList': () => ok([]),
      ...courseOptions,
      'POST /api/requirementTypeSave': () => ok(type({ name: 'Site Induction' })),
    });
    renderRoutes([{ path: '/', element: <RequirementTypesDialog onClose={() => {}} /> }], '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a requirement type' });
    // A company's type is met by a document.
    expect(within(dialog).queryByLabelText('Met by an online course')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Gate');
    await user.selectOptions(within(dialog).getByLabelText('Asked of'), 'A person');
    const course = within(dialog).getByLabelText('Met by an online course');
    expect(course).toHaveValue('');
    expect(within(course).getByRole('option', { name: 'No — a document' })).toBeInTheDocument();
    const expires = within(dialog).getByRole('checkbox', { name: 'The document has an expiry date' });
    expect(expires).toBeEnabled();
    await within(course).findByRole('option', { name: 'Site Induction' });
    await user.selectOptions(course, 'Site Induction');
    expect(expires).toBeDisabled();
    expect(expires).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(bodiesSent(fetchMock, '/api/requirementTypeSave')).toHaveLength(1));
    expect(bodiesSent(fetchMock, '/api/requirementTypeSave')[0]).toEqual({
      name: 'Gate',
      appliesTo: 'personnel',
      expires: false,
      trainingCourseId: INDUCTION_COURSE,
    });
  });

  it('lists the course a type is met by, and shows the server’s refusal at the field', async () => {
    mockFetch({
      'POST /api/requirementTypeList': () =>
        ok([
          type({
            name: 'Site Induction',
            expires: false,
            trainingCourseId: INDUCTION_COURSE,
            trainingCourseName: 'Site Induction',
          }),
        ]),
      ...courseOptions,
      'POST /api/requirementTypeSave': () => ({
        status: 400,
        body: envelope(null, 400, say.courseUnknown, {
          validation_errors: [{ field: 'trainingCourseId', message: say.courseUnknown }],
        }),
      }),
    });
    renderRoutes([{ path: '/', element: <RequirementTypesDialog onClose={() => {}} /> }], '/');
    const user = userEvent.setup();
    expect(await screen.findByText('Online course: Site Induction')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Site Induction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Site Induction' });
    const course = within(dialog).getByLabelText('Met by an online course');
    await vi.waitFor(() => expect(course).toHaveValue(INDUCTION_COURSE));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(say.courseUnknown)).toBeInTheDocument();
  });
});

describe('requesting a course type', () => {
  it('says the person is given the course to take', async () => {
    mockFetch({
      'POST /api/supplierRequirementList': () => ok({ rows: [], total: 0 }),
      'POST /api/supplierAssignmentOptions': () => ok({ templates: [], suppliers: PARTY_SUPPLIERS }),
      'POST /api/requirementTypeList': () =>
        ok([
          type({
            name: 'Site Induction',
            expires: false,
            trainingCourseId: INDUCTION_COURSE,
            trainingCourseName: 'Site Induction',
          }),
        ]),
    });
    renderRoutes([{ path: '/requirements', element: <RequirementsPage /> }], '/requirements');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request a document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a document' });
    await user.selectOptions(
      await within(dialog).findByLabelText('Requirement type'),
      'Site Induction (person)',
    );
    expect(
      within(dialog).getByText(
        'Met by passing the online course Site Induction: the person is given the course to take, not a document to send.',
      ),
    ).toBeInTheDocument();
  });
});

describe('a requirement met by a course', () => {
  it('tells the person what meets it and opens the course with their session, no upload', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture({ userType: 'supplier', personnelId: LIAM })),
      'POST /api/supplierRequirementDetails': () => ok(induction()),
    });
    sendPage();
    expect(await screen.findByText('Met by passing the online course Site Induction.')).toBeInTheDocument();
    expect(screen.getByText('To complete')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open the course' })).toHaveAttribute(
      'href',
      trainingLinkPaths.status(ASSIGNMENT),
    );
    expect(screen.queryByRole('region', { name: 'Send a document' })).not.toBeInTheDocument();
    expect(screen.queryByText('No document has been sent yet.')).not.toBeInTheDocument();
  });

  it('shows the company’s account where its person stands, without the course’s way in', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture({ userType: 'supplier', personnelId: null })),
      'POST /api/supplierRequirementDetails': () =>
        ok(
          induction({
            status: 'approved',
            state: 'valid',
            note: say.passedCourse('Site Induction', 90),
            training: {
              courseName: 'Site Induction',
              assignmentId: ASSIGNMENT,
              status: 'passed',
              score: 90,
              passedAt: '2026-11-20T10:00:00.000Z',
            },
          }),
        ),
    });
    sendPage();
    expect(await screen.findByText('Passed')).toBeInTheDocument();
    expect(screen.getByText('90%')).toBeInTheDocument();
    expect(screen.getByText('20/11/2026')).toBeInTheDocument();
    expect(screen.getByText(say.passedCourse('Site Induction', 90))).toBeInTheDocument();
    expect(await screen.findByText(/takes it with the link in the course’s e-mail/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the course' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Send a renewal' })).not.toBeInTheDocument();
  });

  it('shows the reviewer the same facts and no decision: the pass approves it', async () => {
    mockFetch({
      'POST /api/supplierRequirementDetails': () =>
        ok(induction({ requirementTypeId: LICENCE, canReview: false })),
    });
    renderRoutes([{ path: '/review/:id', element: <DocumentReviewPage /> }], `/review/${REQUIREMENT}`);
    expect(await screen.findByText('Met by passing the online course Site Induction.')).toBeInTheDocument();
    expect(screen.getByText('To complete')).toBeInTheDocument();
    expect(screen.queryByText('The supplier has not sent this document yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the course' })).not.toBeInTheDocument();
  });
});
