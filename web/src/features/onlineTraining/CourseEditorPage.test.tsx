import { ONLINE_TRAINING_ADMIN_PATH, onlineTrainingMessages as say } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { CourseEditorPage } from './CourseEditorPage';
import { content, COURSE, courseDetails, MANUAL } from './onlineTraining.fixtures';

const render = () =>
  renderRoutes(
    [
      { path: `${ONLINE_TRAINING_ADMIN_PATH}/:id`, element: <CourseEditorPage /> },
      { path: ONLINE_TRAINING_ADMIN_PATH, element: <p>The catalogue</p> },
    ],
    `${ONLINE_TRAINING_ADMIN_PATH}/${COURSE}`,
  );

const region = (name: string) => screen.getByRole('region', { name });

/** What a save sends, as the tests read it. */
type SaveSent = { _id: string; revision: number; content: ReturnType<typeof content> };

/** The published course opened, and its saves answered at revision 5. */
function mockSaving() {
  const fetchMock = mockFetch({
    'POST /api/trainingCourseDetails': () => ok(courseDetails()),
    'POST /api/trainingCourseSave': () => ok({ _id: COURSE, revision: 5 }, say.saved),
    'POST /api/trainingCourseList': () => ok({ rows: [], total: 0 }),
  });
  render();
  return fetchMock;
}

describe('CourseEditorPage', () => {
  it('adds, fills and moves a section, and saves the draft at the revision it read', async () => {
    const fetchMock = mockSaving();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Forklift refresher' })).toBeInTheDocument();
    expect(screen.getByText('Version 1 in use')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const second = region('Section 2');
    await user.type(within(second).getByLabelText('Title'), 'On the road');
    await user.type(within(second).getByLabelText('Video link (optional)'), 'https://video.example/forks');
    await user.click(screen.getByRole('button', { name: 'Move section 2 up' }));
    expect(within(region('Section 1')).getByLabelText('Title')).toHaveValue('On the road');
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    // The save itself (a toast of an earlier test's save may still be up).
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/trainingCourseSave')).toHaveLength(1));
    const [sent] = bodiesSent(fetchMock, '/api/trainingCourseSave') as [SaveSent];
    expect(sent).toMatchObject({ _id: COURSE, revision: 4, name: 'Forklift refresher' });
    expect(sent.content.sections.map((section) => section.title)).toEqual([
      'On the road',
      'Before you drive',
    ]);
    expect(sent.content.sections[0]).toMatchObject({ videoUrl: 'https://video.example/forks', fileIds: [] });
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
    expect(screen.getByText('Unpublished changes')).toBeInTheDocument();
  }, 30_000);

  it('writes a question of each kind with its answer key, and removes one', async () => {
    const fetchMock = mockSaving();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add question' }));
    const trueFalse = region('Question 2');
    await user.selectOptions(within(trueFalse).getByLabelText('Kind'), 'trueFalse');
    await user.type(within(trueFalse).getByLabelText('Statement'), 'Forks travel low.');
    await user.click(within(trueFalse).getByLabelText('True'));

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const several = region('Question 3');
    await user.selectOptions(within(several).getByLabelText('Kind'), 'multipleChoice');
    await user.type(within(several).getByLabelText('Question'), 'Which?');
    await user.type(within(several).getByLabelText('Answer 1'), 'Tyres');
    await user.type(within(several).getByLabelText('Answer 2'), 'Horn');
    await user.click(within(several).getByRole('button', { name: 'Add answer' }));
    await user.type(within(several).getByLabelText('Answer 3'), 'Lunch');
    await user.click(within(several).getByLabelText('Answer 1 is correct'));
    await user.click(within(several).getByLabelText('Answer 2 is correct'));
    await user.clear(within(several).getByLabelText('Points'));
    await user.type(within(several).getByLabelText('Points'), '2');

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const short = region('Question 4');
    await user.selectOptions(within(short).getByLabelText('Kind'), 'shortAnswer');
    await user.type(within(short).getByLabelText('Question'), 'Why?');
    await user.type(within(short).getByLabelText('Model answer for the reviewer (optional)'), 'Cracks.');
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(screen.queryByRole('region', { name: 'Question 4' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    // The save itself (a toast of an earlier test's save may still be up).
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/trainingCourseSave')).toHaveLength(1));
    const [sent] = bodiesSent(fetchMock, '/api/trainingCourseSave') as [SaveSent];
    const [tf, multiple, written] = sent.content.questions;
    expect(tf).toMatchObject({
      kind: 'trueFalse',
      text: 'Forks travel low.',
      correctAnswer: true,
      options: [],
    });
    expect(multiple).toMatchObject({ kind: 'multipleChoice', points: 2 });
    expect(multiple!.options.map((option) => option.text)).toEqual(['Tyres', 'Horn', 'Lunch']);
    expect(multiple!.correctOptionIds).toEqual([multiple!.options[0]!._id, multiple!.options[1]!._id]);
    expect(written).toMatchObject({ kind: 'shortAnswer', modelAnswer: 'Cracks.', options: [] });
  }, 30_000);

  it('shows what stops a publish at its field and in a summary, before sending anything', async () => {
    const fetchMock = mockFetch({
      'POST /api/trainingCourseDetails': () => ok(courseDetails()),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add question' }));
    const added = region('Question 2');
    await user.clear(screen.getByLabelText('Pass mark (%)'));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    const summary = screen.getByText('5 problems to fix first:').closest('[role="alert"]') as HTMLElement;
    expect(
      within(summary).getByRole('button', { name: `Settings: ${say.passMarkRange}` }),
    ).toBeInTheDocument();
    expect(
      within(summary).getByRole('button', { name: `Question 2: ${say.oneCorrect}` }),
    ).toBeInTheDocument();
    expect(within(added).getByLabelText('Question')).toHaveAttribute('aria-invalid', 'true');
    expect(within(added).getByText(say.questionTextRequired)).toBeInTheDocument();
    expect(within(added).getAllByText(say.optionTextRequired)).toHaveLength(2);
    expect(bodiesSent(fetchMock, '/api/trainingCourseSave')).toEqual([]);
    expect(bodiesSent(fetchMock, '/api/trainingCoursePublish')).toEqual([]);

    await user.click(
      within(summary).getByRole('button', { name: `Question 2: ${say.questionTextRequired}` }),
    );
    expect(within(added).getByLabelText('Question')).toHaveFocus();
  }, 30_000);

  it('saves the changes before publishing them, and marks the server’s problems at their fields', async () => {
    let refuse = true;
    const fetchMock = mockFetch({
      'POST /api/trainingCourseDetails': () =>
        ok(courseDetails({ draft: content({ passMark: 70 }), revision: 6 })),
      'POST /api/trainingCourseSave': () => ok({ _id: COURSE, revision: 7 }, say.saved),
      'POST /api/trainingCoursePublish': () =>
        refuse
          ? {
              status: 400,
              body: envelope(null, 400, say.sectionTitleRequired, {
                validation_errors: [{ field: 'content.sections.0.title', message: say.sectionTitleRequired }],
              }),
            }
          : ok({ currentVersion: 2, revision: 8 }, say.published(2)),
      'POST /api/trainingCourseList': () => ok({ rows: [], total: 0 }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const title = within(region('Section 1')).getByLabelText('Title');
    expect(await within(region('Section 1')).findByText(say.sectionTitleRequired)).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesSent(fetchMock, '/api/trainingCourseSave')).toEqual([]);
    expect(bodiesSent(fetchMock, '/api/trainingCoursePublish')).toEqual([{ _id: COURSE, revision: 6 }]);

    refuse = false;
    await user.type(title, ' today');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(say.published(2))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingCourseSave')).toHaveLength(1);
    expect(bodiesSent(fetchMock, '/api/trainingCoursePublish').at(-1)).toEqual({ _id: COURSE, revision: 7 });
    // The editor starts again from what the server has now.
    expect(bodiesSent(fetchMock, '/api/trainingCourseDetails')).toHaveLength(2);
  }, 30_000);

  it('offers to reload when someone else changed the course', async () => {
    const fetchMock = mockFetch({
      'POST /api/trainingCourseDetails': () => ok(courseDetails()),
      'POST /api/trainingCourseSave': () => ({
        status: 409,
        body: envelope(null, 409, say.stale, { error_code: 'stale_version' }),
      }),
    });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), ' 2026');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByText('Someone else changed this course.');
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }),
    );
    expect(await screen.findByLabelText('Name')).toHaveValue('Forklift refresher');
    expect(bodiesSent(fetchMock, '/api/trainingCourseDetails')).toHaveLength(2);
    expect(screen.queryByText('Someone else changed this course.')).not.toBeInTheDocument();
  }, 30_000);

  it('opens a published version read-only, with its answer key', async () => {
    mockFetch({
      'POST /api/trainingCourseDetails': () => ok(courseDetails()),
      'POST /api/trainingCourseVersion': () => ok({ ...courseDetails().versions[0], content: content() }),
    });
    render();
    const user = userEvent.setup();
    const versions = await screen.findByRole('region', { name: 'Versions' });
    expect(within(versions).getByText('Olivia Admin')).toBeInTheDocument();
    await user.click(within(versions).getByRole('button', { name: 'View version 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Version 1' });
    expect(await within(dialog).findByText('What do you check first?')).toBeInTheDocument();
    expect(within(dialog).getByText('The forks').closest('li')).toHaveTextContent('Correct');
    expect(within(dialog).getByText('The radio').closest('li')).not.toHaveTextContent('Correct');
    expect(within(dialog).getByText('Files: Forklift manual.pdf')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  }, 30_000);

  it('uploads files into a section and deletes a file from the course once confirmed', async () => {
    const added = {
      _id: testId(51),
      name: 'Checklist.pdf',
      path: '/api/files/51',
      fileType: 'pdf',
      size: 100,
    };
    const fetchMock = mockFetch({
      'POST /api/trainingCourseDetails': () => ok(courseDetails()),
      'POST /api/trainingCourseFilesAdd': () => ok([added], say.filesAdded),
      'POST /api/trainingCourseFileDelete': () => ok({ revision: 5 }, say.fileDeleted),
      'POST /api/trainingCourseSave': () => ok({ _id: COURSE, revision: 6 }, say.saved),
      'POST /api/trainingCourseList': () => ok({ rows: [], total: 0 }),
    });
    render();
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Section 1' });
    expect(within(section).getByLabelText('Forklift manual.pdf')).toBeChecked();
    await user.upload(
      within(section).getByLabelText('Files to upload to section 1'),
      new File(['%PDF'], 'Checklist.pdf', { type: 'application/pdf' }),
    );
    expect(await within(section).findByLabelText('Checklist.pdf')).toBeChecked();
    const form = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/trainingCourseFilesAdd'))![1]!
      .body as FormData;
    expect(form.get('_id')).toBe(COURSE);
    expect((form.get('files') as File).name).toBe('Checklist.pdf');

    await user.click(within(section).getByRole('button', { name: 'Delete Forklift manual.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Forklift manual.pdf?' });
    expect(bodiesSent(fetchMock, '/api/trainingCourseFileDelete')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(say.fileDeleted)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingCourseFileDelete')).toEqual([
      { _id: COURSE, fileId: MANUAL._id },
    ]);
    expect(within(section).queryByLabelText('Forklift manual.pdf')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findAllByText(say.saved)).not.toHaveLength(0);
    expect(bodiesSent(fetchMock, '/api/trainingCourseSave')).toHaveLength(1);
    expect(bodiesSent(fetchMock, '/api/trainingCourseSave')[0]).toMatchObject({
      revision: 5,
      content: { sections: [{ fileIds: [added._id] }] },
    });
  }, 30_000);

  it('discards the changes and takes the course out of use only once confirmed', async () => {
    const fetchMock = mockFetch({
      'POST /api/trainingCourseDetails': () => ok(courseDetails({ draft: content({ passMark: 90 }) })),
      'POST /api/trainingCourseDiscard': () => ok({ revision: 5 }, say.discarded),
      'POST /api/trainingCourseSetActive': () => ok({ revision: 6 }, say.deactivated),
      'POST /api/trainingCourseList': () => ok({ rows: [], total: 0 }),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Pass mark (%)')).toHaveValue(90);
    await user.click(screen.getByRole('button', { name: 'Take out of use' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Take Forklift refresher out of use?' })).getByRole(
        'button',
        {
          name: 'Take out of use',
        },
      ),
    );
    expect(await screen.findByText(say.deactivated)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingCourseSetActive')).toEqual([
      { _id: COURSE, revision: 4, isActive: false },
    ]);
    expect(screen.getByText('Not in use')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Put back in use' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard the unpublished changes?' });
    expect(bodiesSent(fetchMock, '/api/trainingCourseDiscard')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText(say.discarded)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingCourseDiscard')).toEqual([{ _id: COURSE, revision: 6 }]);
  }, 30_000);

  it('leaves without asking when nothing changed', async () => {
    mockFetch({ 'POST /api/trainingCourseDetails': () => ok(courseDetails()) });
    render();
    const user = userEvent.setup();
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('link', { name: 'Online Training' }));
    expect(await screen.findByText('The catalogue')).toBeInTheDocument();
  }, 30_000);

  it('keeps the changes when the user stays, and leaves when they say so', async () => {
    mockFetch({ 'POST /api/trainingCourseDetails': () => ok(courseDetails()) });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Introduction (shown first)'), ' Twice.');
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Online Training' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Stay' }),
    );
    expect(screen.getByLabelText('Introduction (shown first)')).toHaveValue(
      'Drivers refresh the rules every year. Twice.',
    );
    await user.click(screen.getByRole('link', { name: 'Online Training' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByText('The catalogue')).toBeInTheDocument();
  }, 30_000);
});
