import {
  FORM_NUMBER_PREFIX,
  formNumberLabel,
  MAX_FILES_PER_UPLOAD,
  MAX_TASKS_PER_SAVE,
  messages,
  RECORDS_COUNT_CAP,
  type FieldType,
} from '@compass/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Prisma } from '../src/generated/prisma/client';
import {
  nw,
  employee,
  PNG,
  ctx,
  tokens,
  template,
  fieldId,
  itemId,
  post,
  task,
  body,
  createDraft,
  upload,
  submitted,
  useEveryFieldTemplate,
} from './everyFieldTemplate';

useEveryFieldTemplate();

describe('who may edit', () => {
  it('only the coordinator edits a submitted open form', async () => {
    const form = await submitted();
    const response = await post(
      'mia.employee',
      '/formSubmissionSave',
      body(null, { _id: form._id, version: form.version }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().response_message).toBe(messages.submission.notCoordinator);
    const details = await post('ethan.coordinator', '/formSubmissionDetails', { formSubmissionId: form._id });
    expect(details.json().response_data).toMatchObject({
      canEdit: 'yes',
      status: 'Open',
      version: form.version,
    });
  });

  it('only the recorder edits a draft', async () => {
    const draft = await createDraft();
    const response = await post(
      'olivia.admin',
      '/formSubmissionSave',
      body(null, { _id: draft._id, version: draft.version }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().response_message).toBe(messages.submission.notRecorder);
    const details = await post('olivia.admin', '/formSubmissionDetails', { formSubmissionId: draft._id });
    expect(details.json().response_data).toMatchObject({
      canEdit: 'no',
      editBlockedMessage: messages.submission.notRecorder,
    });
  });

  it('nobody edits a closed form', async () => {
    const form = await submitted();
    await ctx.db.formSubmission.update({ where: { id: form._id }, data: { isClosed: true } });
    const response = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: form._id, version: form.version }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().response_message).toBe(messages.submission.closed);
  });

  it("another organisation's user sees and changes nothing", async () => {
    const form = await submitted();
    const before = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: form._id } });
    for (const [url, payload] of [
      ['/formSubmissionDetails', { formSubmissionId: form._id }],
      ['/formSubmissionHistory', { formSubmissionId: form._id }],
      ['/formSubmissionSave', body(null, { _id: form._id, version: form.version })],
      ['/formTemplateDetail', { _id: template.id }],
    ] as const) {
      const response = await post('sam.southbank', url, payload);
      expect(response.statusCode, url).toBe(404);
    }
    const list = await post('sam.southbank', '/formSubmissionList', { scope: 'my' });
    expect(list.json().response_data.rows.map((row: { _id: string }) => row._id)).not.toContain(form._id);
    expect(await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: form._id } })).toEqual(before);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const form = await submitted();
    const first = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: form._id, version: form.version, formDescription: 'First edit' }),
    );
    expect(first.statusCode).toBe(200);
    const stale = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: form._id, version: form.version, formDescription: 'Second edit' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().response_message).toBe(messages.closeOff.stale);
    expect(stale.json().error_code).toBe('stale_version');
    const missing = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: form._id, formDescription: 'Third edit' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().response_message).toBe(messages.submission.versionRequired);
    const row = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: form._id } });
    expect(row.formDescription).toBe('First edit');
  });
});

describe('files', () => {
  it('refuses a type that is not allowed, a file over 10 MB, too many files and an unreadable image', async () => {
    const draft = await createDraft();
    const exe = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      { name: 'tool.exe', content: Buffer.from('MZ') },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().response_message).toBe('This file type is not allowed: tool.exe');
    const big = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      { name: 'big.pdf', content: Buffer.alloc(10 * 1024 * 1024 + 1) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().response_message).toBe('A file is larger than 10 MB.');
    const many = await upload(
      'ethan.coordinator',
      { _id: draft._id, relatedFormId: fieldId.file },
      Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, index) => ({
        name: `note-${index}.txt`,
        content: Buffer.from('note'),
      })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().response_message).toBe(`Send at most ${MAX_FILES_PER_UPLOAD} files at once.`);
    const fake = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      { name: 'fake.png', content: Buffer.from('not an image') },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().response_message).toBe('fake.png is not a readable image.');
    // SVG under a photo's name would reach librsvg in the API process (sharp reads the bytes, not the name).
    const disguised = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      {
        name: 'photo.png',
        content: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><use href='#a'/></svg>"),
      },
    ]);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().response_message).toBe('photo.png is not a readable image.');
    expect(await ctx.db.attachment.count({ where: { ownerId: draft._id } })).toBe(0);
  });

  it('keeps to the file limit the template sets for the field, counting the files it holds', async () => {
    const draft = await createDraft();
    await ctx.db.templateField.update({ where: { id: fieldId.file }, data: { optionVal: { maxFiles: 2 } } });
    try {
      const note = (name: string) => ({ name, content: Buffer.from('note') });
      const first = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
        note('one.txt'),
      ]);
      expect(first.statusCode, first.body).toBe(200);
      const over = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
        note('two.txt'),
        note('three.txt'),
      ]);
      expect(over.statusCode).toBe(400);
      expect(over.json().response_message).toBe('This field takes at most 2 files.');
      expect(await ctx.db.attachment.count({ where: { ownerId: draft._id } })).toBe(1);
    } finally {
      await ctx.db.templateField.update({
        where: { id: fieldId.file },
        data: { optionVal: [{ value: 'a', label: 'A' }] },
      });
    }
  });

  it('stores a large photo at most 2000 px a side', async () => {
    const draft = await createDraft();
    const photo = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: { r: 200, g: 90, b: 40 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const uploaded = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      { name: 'site.jpg', content: photo },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const attachment = await ctx.db.attachment.findFirstOrThrow({ where: { ownerId: draft._id } });
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${attachment.id}`,
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(download.statusCode).toBe(200);
    const meta = await sharp(download.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 1000]);
  });

  it('refuses uploads by a non-coordinator and by another organisation', async () => {
    const form = await submitted();
    const before = await ctx.db.attachment.count({ where: { ownerId: form._id } });
    const png = [{ name: 'extra.png', content: Buffer.from(PNG, 'base64') }];
    const other = await upload('mia.employee', { _id: form._id, relatedFormId: fieldId.file }, png);
    expect(other.statusCode).toBe(403);
    expect(other.json().response_message).toBe(messages.submission.notCoordinator);
    const foreign = await upload('sam.southbank', { _id: form._id, relatedFormId: fieldId.file }, png);
    expect(foreign.statusCode).toBe(404);
    expect(await ctx.db.attachment.count({ where: { ownerId: form._id } })).toBe(before);
  });

  it('downloads only by attachment id: a path is refused', async () => {
    const form = await submitted();
    const attachment = await ctx.db.attachment.findFirstOrThrow({ where: { ownerId: form._id } });
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${attachment.id}`,
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(ok.statusCode).toBe(200);
    for (const url of [
      '/api/files/..%2F..%2F..%2Fetc%2Fpasswd',
      `/api/files/${encodeURIComponent(attachment.storageKey)}`,
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authtoken: tokens['ethan.coordinator']! },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.body).not.toContain('root:');
    }
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${attachment.id}`,
      headers: { authtoken: tokens['sam.southbank']! },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('tasks, change log and mail', () => {
  const taskMails = () => ctx.db.mailMessage.count({ where: { category: 'submissionTask' } });

  it('queues one task mail per new or reassigned action, in the save, and logs every change', async () => {
    const before = await taskMails();
    const liam = nw('personnel', 'liam');
    const created = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        isDraft: 'yes',
        taskData: [task(), task(liam, { actionType: 'external', instruction: 'Inspect' })],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { _id, version } = created.json().response_data;
    expect(await taskMails()).toBe(before + 2);
    const actions = await ctx.db.action.findMany({
      where: { submissionId: _id },
      orderBy: { taskNumber: 'asc' },
    });
    expect(actions.map((a) => [a.taskNumber, a.actionType])).toEqual([
      [1, 'internal'],
      [2, 'external'],
    ]);

    // Unchanged tasks: no mail. Reassigning one: one mail. Dropping one: deleted.
    const same = actions.map((a) => ({
      ...task(a.assigneeEmployeeId ?? a.assigneePersonnelId!, {
        actionType: a.actionType,
        instruction: a.instruction,
      }),
      _id: a.id,
    }));
    const unchanged = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id, version, isDraft: 'yes', taskData: same }),
    );
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(await taskMails()).toBe(before + 2);
    const reassigned = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id,
        version: unchanged.json().response_data.version,
        isDraft: 'yes',
        taskData: [{ ...same[0]!, investigator: employee('jack') }],
      }),
    );
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(await taskMails()).toBe(before + 3);
    expect(await ctx.db.action.count({ where: { submissionId: _id } })).toBe(1);

    // A completed action can't be changed.
    await ctx.db.action.update({ where: { id: actions[0]!.id }, data: { isComplete: true } });
    const completed = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id,
        version: reassigned.json().response_data.version,
        isDraft: 'yes',
        taskData: [{ ...same[0]!, investigator: employee('mia') }],
      }),
    );
    expect(completed.statusCode).toBe(409);
    expect(completed.json().response_message).toBe(messages.action.alreadyComplete);
    expect(await taskMails()).toBe(before + 3);

    const history = await post('ethan.coordinator', '/formSubmissionHistory', { formSubmissionId: _id });
    expect(history.statusCode).toBe(200);
    const entries = history.json().response_data as {
      entityType: string;
      action: string;
      who: string;
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    expect(entries.every((entry) => entry.who === 'Ethan Clarke')).toBe(true);
    expect(
      entries
        .filter((e) => e.entityType === 'action')
        .map((e) => e.action)
        .sort(),
    ).toEqual(['created', 'created', 'deleted', 'updated']);
    const update = entries.find((e) => e.entityType === 'action' && e.action === 'updated')!;
    expect(update.changes).toContainEqual({
      field: 'investigator',
      from: employee('mia'),
      to: employee('jack'),
    });
    expect(entries.at(-1)).toMatchObject({ entityType: 'submission', action: 'created' });
  });

  it('logs what changed on an edit', async () => {
    const form = await submitted();
    const action = await ctx.db.action.findFirstOrThrow({ where: { submissionId: form._id } });
    const edited = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id: form._id,
        version: form.version,
        formDescription: 'Edited',
        taskData: [{ ...task(), _id: action.id }],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const history = await post('ethan.coordinator', '/formSubmissionHistory', { formSubmissionId: form._id });
    expect(history.json().response_data[0]).toMatchObject({
      entityType: 'submission',
      action: 'updated',
      who: 'Ethan Clarke',
      changes: [{ field: 'formDescription', from: 'Racking damage', to: 'Edited' }],
    });
  });
});

describe('history of empty answers', () => {
  it('logs nothing for an answer that stays empty, whether it is left out or sent as an empty text', async () => {
    const withoutText = body('text').formValue;
    const draft = await createDraft({ formValue: withoutText });
    const again = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id: draft._id,
        version: draft.version,
        isDraft: 'yes',
        formValue: [...withoutText, { relatedFormId: fieldId.text, value: '' }],
      }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const history = await post('ethan.coordinator', '/formSubmissionHistory', {
      formSubmissionId: draft._id,
    });
    const entries = history.json().response_data as { entityType: string; action: string }[];
    expect(entries.filter((entry) => entry.entityType === 'submission').map((entry) => entry.action)).toEqual(
      ['created'],
    );
  });
});

describe('saving the answers', () => {
  it('writes only what changed: a changed answer replaced, a cleared one removed, the rest untouched', async () => {
    const draft = await createDraft();
    const stored = async () =>
      new Map(
        (await ctx.db.submissionValue.findMany({ where: { submissionId: draft._id } })).map((row) => [
          row.fieldId,
          row,
        ]),
      );
    const before = await stored();
    const again = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body('number', {
        _id: draft._id,
        version: draft.version,
        isDraft: 'yes',
        formValue: body('number').formValue.map((answer) =>
          answer.relatedFormId === fieldId.text ? { ...answer, value: 'Upright bent' } : answer,
        ),
      }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const after = await stored();
    expect(after.has(fieldId.number)).toBe(false);
    expect(after.get(fieldId.text)!.value).toBe('Upright bent');
    expect(after.size).toBe(before.size - 1);
    for (const [field, row] of after) if (field !== fieldId.text) expect(row).toEqual(before.get(field));
    const shown = await post('ethan.coordinator', '/formSubmissionDetails', { formSubmissionId: draft._id });
    const answers = shown.json().response_data.formValue as { relatedFormId: string; value: unknown }[];
    expect(answers.find((answer) => answer.relatedFormId === fieldId.text)?.value).toBe('Upright bent');
    expect(answers.find((answer) => answer.relatedFormId === fieldId.checkbox)?.value).toEqual(['a']);
  });
});

describe('copy e-mails (code 1) on submit', () => {
  it('are queued once, in the save that turns the draft into a submitted form', async () => {
    await ctx.db.formTemplate.update({
      where: { id: template.id },
      data: { emailNotification: [1], emailCcEmployeeIds: [employee('olivia')] },
    });
    const copies = () => ctx.db.mailMessage.count({ where: { category: 'submissionSubmittedCopy' } });
    try {
      const before = await copies();
      const form = await submitted();
      expect(await copies()).toBe(before + 1);
      const edited = await post(
        'ethan.coordinator',
        '/formSubmissionSave',
        body(null, {
          _id: form._id,
          version: form.version,
          formDescription: 'Edited again',
          taskData: [
            {
              ...task(),
              _id: (await ctx.db.action.findFirstOrThrow({ where: { submissionId: form._id } })).id,
            },
          ],
        }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await copies()).toBe(before + 1);
    } finally {
      await ctx.db.formTemplate.update({
        where: { id: template.id },
        data: { emailNotification: [], emailCcEmployeeIds: [] },
      });
    }
  });
});

describe('POST /api/formSubmissionList', () => {
  it('pages, filters and sorts', async () => {
    await submitted();
    for (let i = 0; i < 4; i += 1) await createDraft();
    const all = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      pageSize: 100,
      formTemplateId: template.id,
    });
    expect(all.statusCode, all.body).toBe(200);
    const total = all.json().response_data.total as number;
    const count = await ctx.db.formSubmission.count({ where: { templateId: template.id } });
    expect(total).toBe(count);

    const page1 = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      formTemplateId: template.id,
      page: 1,
      pageSize: 2,
      sort: 'createdAt',
      sortDirection: 'asc',
    });
    const page2 = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      formTemplateId: template.id,
      page: 2,
      pageSize: 2,
      sort: 'createdAt',
      sortDirection: 'asc',
    });
    const ids = [...page1.json().response_data.rows, ...page2.json().response_data.rows].map(
      (r: { _id: string }) => r._id,
    );
    expect(new Set(ids).size).toBe(4);

    const drafts = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      status: 'Draft',
      formTemplateId: template.id,
      pageSize: 100,
    });
    const rows = drafts.json().response_data.rows as { status: string; formatedNumber: string }[];
    expect(rows.length).toBe(
      await ctx.db.formSubmission.count({ where: { templateId: template.id, isDraft: true } }),
    );
    expect(rows.every((r) => r.status === 'Draft' && r.formatedNumber === '(Draft)')).toBe(true);

    const byNumber = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      status: 'Open',
      sort: 'number',
      sortDirection: 'desc',
      pageSize: 5,
    });
    const numbers = (byNumber.json().response_data.rows as { formatedNumber: string }[]).map((r) =>
      Number(r.formatedNumber.slice(3)),
    );
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    const mine = await post('mia.employee', '/formSubmissionList', {
      scope: 'my',
      formTemplateId: template.id,
    });
    expect(mine.json().response_data.total).toBe(0);
    const otherOrganisation = await post('sam.southbank', '/formSubmissionList', {
      scope: 'all',
      formTemplateId: template.id,
    });
    expect(otherOrganisation.json().response_data.total).toBe(0);
    // Without an employee role there is no Records access.
    const refused = await post('liam.personnel', '/formSubmissionList', { scope: 'all' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('My Records and the Records filters', () => {
  it('lists exactly the caller’s own: created, recorded or coordinated by them', async () => {
    for (const username of ['ethan.coordinator', 'mia.employee', 'olivia.admin', 'liam.personnel']) {
      const user = await ctx.db.user.findUniqueOrThrow({ where: { username } });
      const expected = await ctx.db.formSubmission.count({
        where: {
          companyId: user.companyId,
          OR: [
            { createdByUserId: user.id },
            ...(user.employeeId
              ? [
                  { recordedByEmployeeId: user.employeeId },
                  { coordinators: { some: { employeeId: user.employeeId } } },
                ]
              : []),
            ...(user.personnelId ? [{ recordedByPersonnelId: user.personnelId }] : []),
          ],
        },
      });
      const mine = await post(username, '/formSubmissionList', { scope: 'my', pageSize: 100 });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().response_data.total, username).toBe(expected);
    }
  });

  it('follows who a submission is as it changes: coordinators, the recorder, the date, deletion', async () => {
    const myIds = async (username: string) =>
      (
        (await post(username, '/formSubmissionList', { scope: 'my', pageSize: 100 })).json().response_data
          .rows as { _id: string }[]
      ).map((row) => row._id);
    const participants = (submissionId: string) =>
      ctx.db.submissionParticipant.findMany({ where: { submissionId }, orderBy: { participantId: 'asc' } });
    const draft = await createDraft();
    expect(await myIds('ethan.coordinator')).toContain(draft._id);
    expect(await myIds('mia.employee')).not.toContain(draft._id);

    const both = [{ userId: employee('ethan') }, { userId: employee('mia') }];
    const saved = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: draft._id, version: draft.version, isDraft: 'yes', submissionUserId: both }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await myIds('mia.employee')).toContain(draft._id);

    const moved = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id: draft._id,
        version: saved.json().response_data.version,
        isDraft: 'yes',
        formDate: '2026-10-01',
        submissionUserId: [{ userId: employee('ethan') }],
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await myIds('mia.employee')).not.toContain(draft._id);
    // One row per person, each with the submission's new date.
    const rows = await participants(draft._id);
    expect(rows.map((row) => row.participantId)).toEqual([employee('ethan')]);
    expect(rows.every((row) => row.formDate.toISOString().startsWith('2026-10-01'))).toBe(true);

    await ctx.db.formSubmission.update({
      where: { id: draft._id },
      data: { recordedByEmployeeId: employee('mia') },
    });
    expect(await myIds('mia.employee')).toContain(draft._id);

    // The state is copied too: My Records filtered by state follow a submit and a close.
    const myDrafts = async () =>
      (
        (
          await post('mia.employee', '/formSubmissionList', { scope: 'my', status: 'Draft', pageSize: 100 })
        ).json().response_data.rows as { _id: string }[]
      ).map((row) => row._id);
    expect(await myDrafts()).toContain(draft._id);
    const number = 1 + (await ctx.db.formSubmission.aggregate({ _max: { number: true } }))._max.number!;
    await ctx.db.formSubmission.update({
      where: { id: draft._id },
      data: { isDraft: false, isClosed: true, number },
    });
    expect(await myDrafts()).not.toContain(draft._id);
    // And the number: My Records by number list it first, drafts (no number) last.
    const byNumber = async (sortDirection: 'asc' | 'desc') =>
      (
        (
          await post('mia.employee', '/formSubmissionList', {
            scope: 'my',
            sort: 'number',
            sortDirection,
            pageSize: 100,
          })
        ).json().response_data.rows as { _id: string; formatedNumber: string }[]
      ).map((row) => row.formatedNumber);
    const descending = await byNumber('desc');
    expect(descending[0]).toBe(formNumberLabel(number));
    const numbered = (list: string[]) =>
      list
        .filter((label) => label !== '(Draft)')
        .map((label) => Number(label.replace(FORM_NUMBER_PREFIX, '')));
    expect(numbered(descending)).toEqual(numbered(descending).sort((a, b) => b - a));
    const ascending = await byNumber('asc');
    expect(numbered(ascending)).toEqual(numbered(descending).reverse());
    expect(ascending.indexOf('(Draft)')).not.toBe(0);
    const closed = await post('mia.employee', '/formSubmissionList', {
      scope: 'my',
      status: 'Closed',
      pageSize: 100,
    });
    expect((closed.json().response_data.rows as { _id: string }[]).map((row) => row._id)).toContain(
      draft._id,
    );

    await ctx.db.formSubmission.delete({ where: { id: draft._id } });
    expect(await participants(draft._id)).toEqual([]);
  });

  it('counts the Records up to a cap, and exactly below it', async () => {
    const sam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } });
    const version = await ctx.db.formTemplateVersion.findFirstOrThrow({
      where: { companyId: sam.companyId },
    });
    await ctx.db.$executeRaw`INSERT INTO "FormSubmission" (id, "companyId", "templateId", "templateVersionId",
        "formDescription", "formDate", "formType", "isDraft", "updatedAt")
      SELECT gen_random_uuid(), ${sam.companyId}::uuid, ${version.templateId}::uuid, ${version.id}::uuid,
        CASE WHEN n <= 3 THEN 'Capped needle ' || n ELSE 'Bulk ' || n END, DATE '2026-01-01', 'form-submission', true, now()
      FROM generate_series(1, ${RECORDS_COUNT_CAP + 1}) AS n`;
    try {
      const all = await post('sam.southbank', '/formSubmissionList', { scope: 'all' });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().response_data).toMatchObject({ total: RECORDS_COUNT_CAP, totalCapped: true });
      expect(all.json().response_data.rows).toHaveLength(20);
      const needles = await post('sam.southbank', '/formSubmissionList', {
        scope: 'all',
        search: 'capped needle',
      });
      expect(needles.json().response_data.total).toBe(3);
      expect(needles.json().response_data.totalCapped).toBeUndefined();
      // A search counts four pages past the one shown, in the page's order; Next moves it on.
      const bulk = async (page: number) => {
        const searched = await post('sam.southbank', '/formSubmissionList', {
          scope: 'all',
          search: 'bulk',
          page,
        });
        expect(searched.statusCode, searched.body).toBe(200);
        return searched.json().response_data;
      };
      expect(await bulk(1)).toMatchObject({ total: 100, totalCapped: true });
      const third = await bulk(3);
      expect(third).toMatchObject({ total: 140, totalCapped: true });
      expect(third.rows).toHaveLength(20);
    } finally {
      await ctx.db.formSubmission.deleteMany({
        where: { companyId: sam.companyId, formDescription: { startsWith: 'Bulk ' } },
      });
      await ctx.db.formSubmission.deleteMany({
        where: { companyId: sam.companyId, formDescription: { startsWith: 'Capped needle ' } },
      });
    }
  });

  it('searches the description literally and filters by dates', async () => {
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    // '%' and '_' are what they are, not wildcards.
    const descriptions = await ctx.db.formSubmission.findMany({
      where: { companyId: olivia.companyId },
      select: { formDescription: true },
    });
    for (const search of ['%', '_', '0%']) {
      const found = await post('olivia.admin', '/formSubmissionList', { scope: 'all', search });
      expect(found.json().response_data.total, search).toBe(
        descriptions.filter((row) => row.formDescription.toLowerCase().includes(search)).length,
      );
    }
    const inspection = await post('olivia.admin', '/formSubmissionList', { scope: 'all', search: 'INSPECT' });
    expect(inspection.json().response_data.total).toBe(
      descriptions.filter((row) => row.formDescription.toLowerCase().includes('inspect')).length,
    );
    const from = '2026-01-01';
    const to = '2026-12-31';
    const dated = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      fromDate: from,
      toDate: to,
      pageSize: 100,
    });
    expect(dated.json().response_data.total).toBe(
      await ctx.db.formSubmission.count({
        where: {
          companyId: olivia.companyId,
          formDate: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) },
        },
      }),
    );
  });
});

describe('the largest save the contract allows', () => {
  it('saves the most actions one save may carry, each with its change log and mail, in one transaction', async () => {
    const tasks = Array.from({ length: MAX_TASKS_PER_SAVE }, (_, index) =>
      task(employee(index % 2 ? 'mia' : 'ethan'), { instruction: `Action ${index + 1}` }),
    );
    const saved = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { taskData: tasks, isDraft: 'yes' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const { _id } = saved.json().response_data;
    expect(await ctx.db.action.count({ where: { submissionId: _id } })).toBe(MAX_TASKS_PER_SAVE);
    const tooMany = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { taskData: [...tasks, task()], isDraft: 'yes' }),
    );
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('a template whose stored configuration is damaged', () => {
  it('still opens: the entries that fit are offered, the others left out, no 500', async () => {
    const field = (type: FieldType) => ({ id: fieldId[type] });
    const stored = await ctx.db.templateField.findMany({
      where: { id: { in: [fieldId.items, fieldId.select] } },
    });
    await ctx.db.templateField.update({
      where: field('items'),
      data: { itemList: [{ _id: 'not-an-id', name: 'Broken' }, 'junk', { _id: itemId, name: 'Dock' }] },
    });
    await ctx.db.templateField.update({ where: field('select'), data: { optionVal: 'not a list' } });
    try {
      const detail = await post('ethan.coordinator', '/formTemplateDetail', { _id: template.id });
      expect(detail.statusCode, detail.body).toBe(200);
      const fields = detail.json().response_data.fieldList as {
        _id: string;
        itemList: unknown;
        optionVal: unknown;
      }[];
      expect(fields.find((entry) => entry._id === fieldId.items)?.itemList).toEqual([
        { _id: itemId, name: 'Dock' },
      ]);
    } finally {
      for (const row of stored)
        await ctx.db.templateField.update({
          where: { id: row.id },
          data: { itemList: row.itemList ?? Prisma.DbNull, optionVal: row.optionVal ?? Prisma.DbNull },
        });
    }
  });
});
