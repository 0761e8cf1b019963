import { randomUUID } from 'node:crypto';
import {
  onlineTrainingMessages as say,
  type TTrainingCourseContentInput,
  type TTrainingCourseSave,
} from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueLink } from '../src/modules/links/service';
import {
  apiCalls,
  DEMO_USERS,
  multipartPayload,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/**
 * Online training's catalogue (issue 43): HR's courses, drafts, versions and files, and who
 * reaches them. Olivia holds hrAdmin; Mia's role is without it here; Sam is another
 * organisation's administrator; a supplier, personnel, a link and a guest are refused at the gate.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
let linkToken: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  const mia = await setRoleKeys(ctx.db, 'mia.employee', { hrAdmin: false });
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  const link = await ctx.db.$transaction((tx) =>
    issueLink(tx, {
      companyId: mia.companyId,
      resourceType: 'submission',
      resourceId: randomUUID(),
      operations: ['read'],
    }),
  );
  linkToken = link.token;
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const unique = () => Math.random().toString(36).slice(2, 8);
const HR = 'olivia.admin';

/** A complete course: two sections (one with a video) and a question of every kind. */
function content(extra: Partial<TTrainingCourseContentInput> = {}): TTrainingCourseContentInput {
  const [yes, no, maybe] = [randomUUID(), randomUUID(), randomUUID()];
  return {
    introduction: 'For everyone on site.',
    sections: [
      { _id: randomUUID(), title: 'Hazards', body: '<p>Look <b>up</b>.</p>' },
      { _id: randomUUID(), title: 'Video', videoUrl: 'https://video.example/watch?v=1' },
    ],
    questions: [
      {
        _id: randomUUID(),
        kind: 'singleChoice',
        text: 'Wear a helmet?',
        options: [
          { _id: yes, text: 'Yes' },
          { _id: no, text: 'No' },
        ],
        correctOptionIds: [yes],
      },
      {
        _id: randomUUID(),
        kind: 'multipleChoice',
        text: 'Which are hazards?',
        options: [
          { _id: yes, text: 'Wet floor' },
          { _id: no, text: 'A chair' },
          { _id: maybe, text: 'Live wire' },
        ],
        correctOptionIds: [yes, maybe],
        points: 2,
      },
      { _id: randomUUID(), kind: 'trueFalse', text: 'Running is fine.', correctAnswer: false },
      { _id: randomUUID(), kind: 'shortAnswer', text: 'Why report near misses?', modelAnswer: 'To learn.' },
    ],
    passMark: 75,
    attemptsAllowed: 2,
    expectedMinutes: 15,
    ...extra,
  };
}
const course = (extra: Partial<TTrainingCourseSave> = {}): TTrainingCourseSave => ({
  name: `Site Safety ${unique()}`,
  description: 'The basics of the site.',
  content: content(),
  ...extra,
});
const newCourse = async (extra: Partial<TTrainingCourseSave> = {}) =>
  (await data(HR, 'trainingCourseSave', course(extra))) as { _id: string; revision: number };
const details = (id: string, as = HR) => data(as, 'trainingCourseDetails', { _id: id });
const upload = (as: string, courseId: string, name = 'guide.pdf') => {
  const { payload, contentType } = multipartPayload({ _id: courseId }, [
    { name, content: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/trainingCourseFilesAdd',
    headers: { authtoken: tokens[as] ?? as, 'content-type': contentType },
    payload,
  });
};
const problemsOf = (response: { json: () => { validation_errors?: { field: string; message: string }[] } }) =>
  response.json().validation_errors ?? [];

describe('the demo', () => {
  it('has a course of every state: published, with changes, never published, out of use', async () => {
    const { rows } = await data(HR, 'trainingCourseList', { status: 'all', pageSize: 100 });
    const byName = Object.fromEntries(rows.map((row: { name: string }) => [row.name, row]));
    expect(byName['Site Induction']).toMatchObject({ currentVersion: 1, hasDraft: false, passMark: 80 });
    expect(byName['Site Induction']).toMatchObject({
      questionCount: 6,
      attemptsAllowed: 2,
      expectedMinutes: 20,
    });
    expect(byName['Forklift Refresher']).toMatchObject({ currentVersion: 2, hasDraft: true });
    expect(byName['Manual Handling']).toMatchObject({
      currentVersion: 0,
      hasDraft: true,
      questionCount: null,
    });
    expect(byName['Ladder Safety (2019)']).toMatchObject({ isActive: false, currentVersion: 1 });
    const induction = await details(byName['Site Induction']._id);
    expect(new Set(induction.published.questions.map((question: { kind: string }) => question.kind))).toEqual(
      new Set(['singleChoice', 'multipleChoice', 'trueFalse', 'shortAnswer']),
    );
    expect(
      induction.published.sections.filter((section: { videoUrl: string | null }) => section.videoUrl),
    ).toHaveLength(1);
    const forklift = await details(byName['Forklift Refresher']._id);
    expect(forklift.versions.map((version: { publishedBy: string }) => version.publishedBy)).toEqual([
      'Olivia Bennett',
      'Olivia Bennett',
    ]);
    expect(forklift.draft.questions).toHaveLength(4);
  });
});

describe('the catalogue', () => {
  it('adds a course, lists it by name and search, and opens it with its draft', async () => {
    const name = `Ladder Safety ${unique()}`;
    const saved = await newCourse({ name, description: 'Three points of contact.' });
    expect(saved.revision).toBe(0);
    const opened = await details(saved._id);
    expect(opened).toMatchObject({
      name,
      isActive: true,
      currentVersion: 0,
      revision: 0,
      published: null,
      versions: [],
      files: [],
    });
    expect(opened.draft.questions).toHaveLength(4);
    for (const search of [name.toUpperCase(), 'points of CONTACT'])
      expect(
        (await data(HR, 'trainingCourseList', { search })).rows.map((row: { _id: string }) => row._id),
      ).toContain(saved._id);
    const listed = await data(HR, 'trainingCourseList', { search: name });
    expect(listed).toMatchObject({
      total: 1,
      rows: [{ _id: saved._id, currentVersion: 0, hasDraft: true, questionCount: null, passMark: null }],
    });
    // A search's % and _ are literal.
    expect((await data(HR, 'trainingCourseList', { search: '%_%_%_%_%_%_%' })).total).toBe(0);
  });

  it('sanitizes the sections’ HTML and keeps an incomplete draft as given', async () => {
    const draft = content({
      sections: [
        {
          _id: randomUUID(),
          title: '',
          body: '<p onclick="steal()">Hi<script>alert(1)</script><img src="javascript:x"></p>',
        },
      ],
      questions: [],
    });
    const { _id } = await newCourse({ content: draft });
    const opened = await details(_id);
    expect(opened.draft.sections[0].body).toBe('<p>Hi<img /></p>');
    expect(opened.draft.questions).toEqual([]);
  });

  it('publishes the draft as version 1, then a second draft as version 2', async () => {
    const { _id, revision } = await newCourse();
    const first = await call(HR, 'trainingCoursePublish', { _id, revision });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      response_message: say.published(1),
      response_data: { currentVersion: 1, revision: 1 },
    });
    const published = await details(_id);
    expect(published).toMatchObject({ currentVersion: 1, draft: null, revision: 1 });
    expect(published.published.passMark).toBe(75);
    expect(published.versions).toEqual([
      {
        number: 1,
        publishedAt: expect.any(String),
        publishedBy: 'Olivia Bennett',
        questionCount: 4,
        passMark: 75,
      },
    ]);
    const again = await data(HR, 'trainingCourseSave', {
      ...course({ _id, revision: 1, name: published.name }),
      content: content({ passMark: 90 }),
    });
    expect(again.revision).toBe(2);
    expect((await data(HR, 'trainingCourseList', { search: published.name })).rows[0]).toMatchObject({
      currentVersion: 1,
      hasDraft: true,
      passMark: 75,
      questionCount: 4,
      attemptsAllowed: 2,
      expectedMinutes: 15,
    });
    expect(await data(HR, 'trainingCoursePublish', { _id, revision: 2 })).toEqual({
      currentVersion: 2,
      revision: 3,
    });
    const twice = await details(_id);
    expect(twice.versions.map((version: { number: number }) => version.number)).toEqual([2, 1]);
    expect(twice.published.passMark).toBe(90);
    const first1 = await data(HR, 'trainingCourseVersion', { _id, number: 1 });
    expect(first1).toMatchObject({ number: 1, passMark: 75, content: { passMark: 75 } });
    const unknown = await call(HR, 'trainingCourseVersion', { _id, number: 3 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().response_message).toBe(say.versionUnknown);
    // The course's history, through the change log's call: hrAdmin's, as the catalogue is.
    const history = await data(HR, 'changeLogList', { entityType: 'trainingCourse', entityId: _id });
    expect(history.list.map((entry: { action: string }) => entry.action)).toEqual([
      'published',
      'saved',
      'published',
      'created',
    ]);
    expect(history.list[1].changes).toContainEqual({ field: 'passMark', from: '75', to: '90' });
    const refused = await call('mia.employee', 'changeLogList', {
      entityType: 'trainingCourse',
      entityId: _id,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers what a publish needs as 400 with the fields, and 409 with no draft', async () => {
    const options = [{ _id: randomUUID(), text: 'Only one' }];
    const { _id, revision } = await newCourse({
      content: content({
        sections: [{ _id: randomUUID(), title: 'Empty' }],
        questions: [{ _id: randomUUID(), kind: 'singleChoice', text: 'Pick', options }],
      }),
    });
    const refused = await call(HR, 'trainingCoursePublish', { _id, revision });
    expect(refused.statusCode).toBe(400);
    expect(problemsOf(refused)).toEqual([
      { field: 'content.sections.0.body', message: say.sectionEmpty },
      { field: 'content.questions.0.options', message: say.optionsCount },
      { field: 'content.questions.0.correctOptionIds', message: say.oneCorrect },
    ]);
    expect((await details(_id)).currentVersion).toBe(0);
    const { revision: saved } = await data(HR, 'trainingCourseSave', {
      ...course({ _id, revision }),
      content: content(),
    });
    await data(HR, 'trainingCoursePublish', { _id, revision: saved });
    const nothing = await call(HR, 'trainingCoursePublish', { _id, revision: saved + 1 });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().response_message).toBe(say.nothingToPublish);
  });

  it('discards a published course’s draft, never a course never published', async () => {
    const { _id, revision } = await newCourse();
    const never = await call(HR, 'trainingCourseDiscard', { _id, revision });
    expect(never.statusCode).toBe(409);
    expect(never.json().response_message).toBe(say.neverPublished);
    await data(HR, 'trainingCoursePublish', { _id, revision });
    const none = await call(HR, 'trainingCourseDiscard', { _id, revision: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().response_message).toBe(say.nothingToDiscard);
    const { name } = await details(_id);
    await data(HR, 'trainingCourseSave', course({ _id, revision: 1, name }));
    expect(await data(HR, 'trainingCourseDiscard', { _id, revision: 2 })).toEqual({ revision: 3 });
    expect(await details(_id)).toMatchObject({ draft: null, currentVersion: 1 });
  });

  it('takes a course out of use and back; the list filters by it', async () => {
    const name = `Fire Drill ${unique()}`;
    const { _id, revision } = await newCourse({ name });
    const off = await call(HR, 'trainingCourseSetActive', { _id, revision, isActive: false });
    expect(off.json()).toMatchObject({ response_message: say.deactivated, response_data: { revision: 1 } });
    expect((await data(HR, 'trainingCourseList', { search: name })).total).toBe(0);
    expect((await data(HR, 'trainingCourseList', { search: name, status: 'inactive' })).total).toBe(1);
    expect((await data(HR, 'trainingCourseList', { search: name, status: 'all' })).rows[0].isActive).toBe(
      false,
    );
    const on = await call(HR, 'trainingCourseSetActive', { _id, revision: 1, isActive: true });
    expect(on.json()).toMatchObject({ response_message: say.reactivated, response_data: { revision: 2 } });
    const log = await ctx.db.changeLog.findMany({ where: { entityId: _id }, orderBy: { createdAt: 'asc' } });
    expect(log.map((row) => row.action)).toEqual(['created', 'deactivated', 'reactivated']);
  });

  it('refuses a write made on a stale revision with 409', async () => {
    const { _id, name } = { ...(await newCourse()), name: `Stale ${unique()}` };
    await data(HR, 'trainingCourseSave', course({ _id, revision: 0, name }));
    for (const [path, body] of [
      ['trainingCourseSave', course({ _id, revision: 0, name })],
      ['trainingCoursePublish', { _id, revision: 0 }],
      ['trainingCourseDiscard', { _id, revision: 0 }],
      ['trainingCourseSetActive', { _id, revision: 0, isActive: false }],
    ] as const) {
      const refused = await call(HR, path, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ response_message: say.stale, error_code: 'stale_version' });
    }
  });

  it('keeps names unique in the organisation whatever their case, also when two saves race', async () => {
    const name = `Asbestos Awareness ${unique()}`;
    const { _id } = await newCourse({ name });
    for (const taken of [name, name.toUpperCase(), `  ${name.toLowerCase()} `]) {
      const refused = await call(HR, 'trainingCourseSave', course({ name: taken }));
      expect(refused.statusCode).toBe(400);
      expect(problemsOf(refused)).toEqual([{ field: 'name', message: say.nameTaken }]);
    }
    const other = await newCourse();
    const renamed = await call(
      HR,
      'trainingCourseSave',
      course({ _id: other._id, revision: 0, name: name.toUpperCase() }),
    );
    expect(renamed.statusCode).toBe(400);
    // Its own name, in another case, is no clash.
    expect(
      (await call(HR, 'trainingCourseSave', course({ _id, revision: 0, name: name.toLowerCase() })))
        .statusCode,
    ).toBe(200);
    // Another organisation may use it.
    expect((await call('sam.southbank', 'trainingCourseSave', course({ name }))).statusCode).toBe(200);
    const raced = `Raced ${unique()}`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(HR, 'trainingCourseSave', course({ name: raced }))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('answers bad input with 400, never a 500', async () => {
    const { _id } = await newCourse();
    const bad: [string, object][] = [
      ['trainingCourseSave', course({ name: ' ' })],
      ['trainingCourseSave', { ...course(), content: content({ passMark: 0 }) }],
      ['trainingCourseSave', { ...course(), content: content({ attemptsAllowed: 1.5 }) }],
      ['trainingCourseSave', { ...course(), content: { sections: [{ _id: 'x', title: 'A' }] } }],
      [
        'trainingCourseSave',
        { ...course(), content: { sections: [{ _id: randomUUID(), title: 'A', videoUrl: 'http://x' }] } },
      ],
      [
        'trainingCourseSave',
        { ...course(), content: { questions: [{ _id: randomUUID(), kind: 'essay', text: 'A' }] } },
      ],
      ['trainingCourseSave', course({ _id })],
      ['trainingCourseSave', { ...course(), content: 'text' }],
      ['trainingCourseList', { page: 0 }],
      ['trainingCourseList', { status: 'archived' }],
      ['trainingCourseDetails', { _id: 'not-an-id' }],
      ['trainingCoursePublish', { _id }],
      ['trainingCourseVersion', { _id, number: 0 }],
      ['trainingCourseFileDelete', { _id, fileId: 'x' }],
    ];
    for (const [path, body] of bad) {
      const answer = await call(HR, path, body);
      expect(answer.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    const passMark = await call(HR, 'trainingCourseSave', {
      ...course(),
      content: content({ passMark: 101 }),
    });
    expect(problemsOf(passMark)).toEqual([{ field: 'content.passMark', message: say.passMarkRange }]);
    const noFiles = await call(HR, 'trainingCourseFilesAdd', { _id });
    expect(noFiles.statusCode).toBe(400);
    const emptyUpload = multipartPayload({ _id }, []);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/trainingCourseFilesAdd',
      headers: { authtoken: tokens[HR]!, 'content-type': emptyUpload.contentType },
      payload: emptyUpload.payload,
    });
    expect(none.json()).toMatchObject({ response_message: say.filesRequired });
    expect((await call(HR, 'trainingCourseDetails', { _id: randomUUID() })).statusCode).toBe(404);
  });
});

describe('files', () => {
  it('adds files, names them in a section, refuses to delete one a version shows, deletes one otherwise', async () => {
    const { _id } = await newCourse();
    const added = await upload(HR, _id);
    expect(added.statusCode).toBe(200);
    const [file] = added.json().response_data as { _id: string; name: string; path: string }[];
    expect(file).toMatchObject({ name: 'guide.pdf', path: `/api/files/${file!._id}` });
    const [spare] = (await upload(HR, _id, 'spare.pdf')).json().response_data as { _id: string }[];
    expect((await details(_id)).files.map((row: { _id: string }) => row._id)).toEqual([
      file!._id,
      spare!._id,
    ]);

    // A section names only the course's own files.
    const stranger = await call(HR, 'trainingCourseSave', {
      ...course({ _id, revision: 0 }),
      content: content({ sections: [{ _id: randomUUID(), title: 'Read', fileIds: [randomUUID()] }] }),
    });
    expect(stranger.statusCode).toBe(400);
    expect(problemsOf(stranger)).toEqual([{ field: 'content.sections.0.fileIds', message: say.fileUnknown }]);
    const fileOnly = content({ sections: [{ _id: randomUUID(), title: 'Read', fileIds: [file!._id] }] });
    const { name } = await details(_id);
    await data(HR, 'trainingCourseSave', { ...course({ _id, revision: 0, name }), content: fileOnly });
    await data(HR, 'trainingCoursePublish', { _id, revision: 1 });
    expect(
      (await ctx.app.inject({ method: 'GET', url: file!.path, headers: { authtoken: tokens[HR]! } }))
        .statusCode,
    ).toBe(200);

    const inUse = await call(HR, 'trainingCourseFileDelete', { _id, fileId: file!._id });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().response_message).toBe(say.fileInUse);

    // The spare, named by the draft only: deleted, and the draft no longer names it.
    const withSpare = content({
      sections: [{ _id: randomUUID(), title: 'Both', fileIds: [file!._id, spare!._id] }],
    });
    await data(HR, 'trainingCourseSave', { ...course({ _id, revision: 2, name }), content: withSpare });
    const deleted = await call(HR, 'trainingCourseFileDelete', { _id, fileId: spare!._id });
    expect(deleted.json()).toMatchObject({
      response_message: say.fileDeleted,
      response_data: { revision: 4 },
    });
    const after = await details(_id);
    expect(after.files.map((row: { _id: string }) => row._id)).toEqual([file!._id]);
    expect(after.draft.sections[0].fileIds).toEqual([file!._id]);
    expect((await call(HR, 'trainingCourseFileDelete', { _id, fileId: spare!._id })).statusCode).toBe(404);
  });

  it('keeps a course’s files from everyone without hrAdmin and from another organisation', async () => {
    const { _id } = await newCourse();
    const [file] = (await upload(HR, _id)).json().response_data as { _id: string; path: string }[];
    for (const as of ['mia.employee', 'sam.southbank', 'acme.supplier', 'liam.personnel']) {
      const read = await ctx.app.inject({
        method: 'GET',
        url: file!.path,
        headers: { authtoken: tokens[as]! },
      });
      expect(read.statusCode, as).toBe(404);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${file!.path}?authtoken=${linkToken}` })).statusCode,
    ).toBe(404);
    expect((await upload('sam.southbank', _id)).statusCode).toBe(404);
    expect(
      (await call('sam.southbank', 'trainingCourseFileDelete', { _id, fileId: file!._id })).statusCode,
    ).toBe(404);
    expect((await upload('mia.employee', _id)).statusCode).toBe(403);
  });
});

describe('who reaches the catalogue', () => {
  const CALLS = [
    'trainingCourseList',
    'trainingCourseDetails',
    'trainingCourseSave',
    'trainingCoursePublish',
    'trainingCourseDiscard',
    'trainingCourseSetActive',
    'trainingCourseVersion',
    'trainingCourseFileDelete',
  ];

  it('refuses every caller without hrAdmin, and never lets the answer key out to them', async () => {
    const { _id } = await newCourse();
    await data(HR, 'trainingCoursePublish', { _id, revision: 0 });
    const body = { ...course({ _id, revision: 1 }), isActive: false, number: 1, fileId: randomUUID() };
    const refusals: [string | null, number, string][] = [
      ['mia.employee', 403, 'access_key_missing'],
      ['ethan.coordinator', 403, 'access_key_missing'],
      ['acme.supplier', 403, 'caller_not_served'],
      ['liam.personnel', 403, 'caller_not_served'],
      [linkToken, 401, 'not_signed_in'],
      [null, 401, 'not_signed_in'],
    ];
    for (const [as, status, code] of refusals)
      for (const path of [...CALLS, 'trainingCourseFilesAdd']) {
        const answer = await call(as, path, body);
        expect(answer.statusCode, `${as} ${path}`).toBe(status);
        expect(answer.json().error_code).toBe(code);
        expect(answer.body).not.toMatch(/correctOptionIds|correctAnswer|modelAnswer/);
      }
    expect(await details(_id)).toMatchObject({ currentVersion: 1, isActive: true });
  });

  it('finds nothing of another organisation’s', async () => {
    const name = `Private Course ${unique()}`;
    const { _id } = await newCourse({ name });
    await data(HR, 'trainingCoursePublish', { _id, revision: 0 });
    const sam = 'sam.southbank';
    expect((await data(sam, 'trainingCourseList', { search: name, status: 'all' })).total).toBe(0);
    for (const [path, body] of [
      ['trainingCourseDetails', { _id }],
      ['trainingCourseVersion', { _id, number: 1 }],
      ['trainingCourseSave', course({ _id, revision: 1 })],
      ['trainingCoursePublish', { _id, revision: 1 }],
      ['trainingCourseDiscard', { _id, revision: 1 }],
      ['trainingCourseSetActive', { _id, revision: 1, isActive: false }],
    ] as const) {
      const answer = await call(sam, path, body);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.body).not.toMatch(/correctOptionIds|correctAnswer|modelAnswer/);
    }
    expect(await details(_id)).toMatchObject({ name, revision: 1, isActive: true });
  });
});
