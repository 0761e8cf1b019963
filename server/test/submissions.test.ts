import { randomUUID } from 'node:crypto';
import { DAY_MESSAGE, FIELD_TYPES, messages, type FieldType } from '@compass/shared';
import { describe, expect, it } from 'vitest';
import {
  nw,
  companyId,
  employee,
  RIVERSIDE,
  HEAD_OFFICE_BRANCH,
  WAREHOUSE,
  ctx,
  fieldId,
  investigationField,
  post,
  VALUES,
  task,
  body,
  createDraft,
  submitted,
  upload,
  PNG,
  useEveryFieldTemplate,
} from './everyFieldTemplate';

useEveryFieldTemplate();

describe('reference calls', () => {
  it('answer the pick lists, templates, branches and due type of the caller organisation', async () => {
    const lists = await post('ethan.coordinator', '/formSubmissionRelatedLists', {});
    expect(lists.statusCode, lists.body).toBe(200);
    const data = lists.json().response_data;
    expect(data.workplace.map((w: { _id: string }) => w._id)).toContain(RIVERSIDE);
    const southbank = await post('sam.southbank', '/formSubmissionRelatedLists', {});
    expect(southbank.json().response_data.workplace.map((w: { _id: string }) => w._id)).not.toContain(
      RIVERSIDE,
    );

    const templates = await post('ethan.coordinator', '/formTemplateList', { formType: 'form-submission' });
    const names = templates.json().response_data.map((t: { name: string }) => t.name);
    expect(names).toContain('Incident Report');
    expect(names).not.toContain('Contractor Safety Assessment');

    const detail = await post('ethan.coordinator', '/formTemplateDetail', {
      _id: nw('template', 'incident'),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().response_data).toMatchObject({
      name: 'Incident Report',
      formBranchType: 'manualEntry',
    });
    expect(detail.json().response_data.sections.map((s: { level: string }) => s.level)).toEqual([
      'Incident Details',
      'Witnesses and Evidence',
      'Investigation',
    ]);

    const branches = await post('ethan.coordinator', '/branchesByWorkplace', { workplace: RIVERSIDE });
    expect(branches.json().response_data.map((b: { name: string }) => b.name)).toEqual([
      'Warehouse',
      'Workshop',
    ]);
    const foreign = await post('sam.southbank', '/branchesByWorkplace', { workplace: RIVERSIDE });
    expect(foreign.json().response_data).toEqual([]);

    const due = await post('ethan.coordinator', '/taskDueDateType', {
      due: '2000-01-01',
      localTimeZone: 'UTC',
    });
    expect(due.json().response_data).toEqual({ taskDueDateType: 'overdue' });
  });

  it('returns a seeded submission with the fields of its template version', async () => {
    const response = await post('ethan.coordinator', '/formSubmissionDetails', {
      formSubmissionId: nw('submission', '1001'),
      localTimeZone: 'UTC',
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().response_data;
    expect(data).toMatchObject({
      formatedNumber: 'FS 1001',
      formTemplateName: 'Incident Report',
      isDraft: 'no',
    });
    expect(data.templateVersionId).toBe(nw('templateVersion', 'incident/1'));
    expect(data.fieldList.length).toBeGreaterThan(10);
    expect(data.submissionUserId[0].userId).toBeTruthy();
    expect(data.taskData.length).toBeGreaterThan(0);
  });

  it("names the submission's coordinators, recorder, assignees, workplace, branch and files as stored", async () => {
    const id = nw('submission', '1001');
    const stored = await ctx.db.formSubmission.findUniqueOrThrow({
      where: { id },
      include: {
        coordinators: { orderBy: { position: 'asc' } },
        actions: { orderBy: { taskNumber: 'asc' } },
      },
    });
    const employees = new Map(
      (await ctx.db.employee.findMany({ where: { companyId: stored.companyId } })).map((row) => [
        row.id,
        `${row.firstName} ${row.lastName}`,
      ]),
    );
    const personnel = new Map(
      (await ctx.db.personnel.findMany({ where: { companyId: stored.companyId } })).map((row) => [
        row.id,
        `${row.firstName} ${row.lastName}`,
      ]),
    );
    const action = stored.actions[0]!;
    const file = await ctx.db.attachment.create({
      data: {
        companyId: stored.companyId,
        ownerType: 'action',
        ownerId: action.id,
        name: 'photo.png',
        storageKey: `test/${randomUUID()}`,
        size: 10,
        fileType: 'image',
        mimeType: 'image/png',
      },
    });
    const data = (
      await post('ethan.coordinator', '/formSubmissionDetails', {
        formSubmissionId: id,
        localTimeZone: 'UTC',
      })
    ).json().response_data;
    await ctx.db.attachment.delete({ where: { id: file.id } });
    expect(data.submissionUserId).toEqual(
      stored.coordinators.map((row) => ({ userId: row.employeeId, name: employees.get(row.employeeId) })),
    );
    expect(data.recordedBy[0].name).toBe(
      employees.get(stored.recordedByEmployeeId ?? '') ?? personnel.get(stored.recordedByPersonnelId ?? ''),
    );
    expect(data.taskData.map((row: { investigatorName: string }) => row.investigatorName)).toEqual(
      stored.actions.map((row) =>
        row.assigneeEmployeeId
          ? employees.get(row.assigneeEmployeeId)
          : personnel.get(row.assigneePersonnelId!),
      ),
    );
    const place = await ctx.db.workplace.findUniqueOrThrow({ where: { id: stored.workplaceId! } });
    const branch = await ctx.db.branch.findUniqueOrThrow({ where: { id: stored.branchId! } });
    expect([data.workplaceName, data.branchName]).toEqual([place.name, branch.name]);
    expect(data.taskData[0].attachment.map((row: { name: string }) => row.name)).toEqual(['photo.png']);
    expect(data.attachment.some((row: { name: string }) => row.name === 'photo.png')).toBe(false);
  });
});

describe('header validation', () => {
  it('names the missing header fields in the spec order and creates nothing', async () => {
    const before = await ctx.db.formSubmission.count();
    const blanks = { formDescription: '', formDate: '', workplace: '', branch: '' };
    const expected: [object, string][] = [
      [{ submissionUserId: [], ...blanks }, 'Please select coordinator'],
      [blanks, 'Please enter form description'],
      [{ formDate: '', workplace: '', branch: '' }, 'Please enter date'],
      [{ workplace: '', branch: '' }, 'Please select workplace'],
      [{ branch: '' }, 'Please select branch'],
    ];
    for (const [override, message] of expected) {
      for (const isDraft of ['no', 'yes']) {
        const response = await post(
          'ethan.coordinator',
          '/formSubmissionSave',
          body(null, { ...override, isDraft }),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ response_code: 400, response_message: message });
        expect(response.json().validation_errors[0]).toEqual({ field: 'header', message });
      }
    }
    expect(await ctx.db.formSubmission.count()).toBe(before);
  });

  it('refuses days that do not exist (no rolling 30 February over to March) and creates nothing', async () => {
    const before = await ctx.db.formSubmission.count();
    const cases: object[] = [
      { formDate: '2026-02-30' },
      { formDate: '2025-02-29' },
      { formDate: '2026-13-01' },
      { formDate: '20/11/2026' },
      { taskData: [task(employee('mia'), { due: '2026-04-31' })] },
    ];
    for (const override of cases) {
      const response = await post('ethan.coordinator', '/formSubmissionSave', body(null, override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json()).toMatchObject({ response_code: 400, response_message: DAY_MESSAGE });
    }
    const dateAnswer = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { isDraft: 'yes', formValue: [{ relatedFormId: fieldId.date, value: '2026-02-30' }] }),
    );
    expect(dateAnswer.statusCode).toBe(400);
    expect(JSON.stringify(dateAnswer.json())).toContain(DAY_MESSAGE);
    const leapDay = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { formDate: '2024-02-29', isDraft: 'yes' }),
    );
    expect(leapDay.statusCode, leapDay.body).toBe(200);
    expect(await ctx.db.formSubmission.count()).toBe(before + 1);
  });

  it('asks for no branch when the workplace has none (issue 40), and still for one when it has', async () => {
    const bare = await ctx.db.workplace.create({ data: { companyId, name: `No branches ${randomUUID()}` } });
    const place = { workplace: bare.id, branch: '' };
    const draft = await createDraft(place);
    const uploaded = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      { name: 'photo.png', content: Buffer.from(PNG, 'base64') },
    ]);
    const version = uploaded.json().response_data.version;
    const saved = await post('ethan.coordinator', '/formSubmissionSave', {
      ...body(null, place),
      _id: draft._id,
      version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: draft._id } });
    expect(stored).toMatchObject({ workplaceId: bare.id, branchId: null, isDraft: false });
    const submit = (extra: object) =>
      post('ethan.coordinator', '/formSubmissionSave', body(null, { isDraft: 'yes', ...extra }));
    // A branch given must still be the workplace's.
    const foreign = await submit({ workplace: bare.id, branch: WAREHOUSE });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().response_message).toBe(messages.submission.branchOfWorkplace);
    // Once it has an (active) branch, the branch is required again.
    const branch = await ctx.db.branch.create({ data: { companyId, workplaceId: bare.id, name: 'Yard' } });
    const missing = await submit({ workplace: bare.id, branch: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().response_message).toBe(messages.submission.branchRequired);
    await ctx.db.branch.update({ where: { id: branch.id }, data: { isActive: false } });
    const closed = await submit({ workplace: bare.id, branch: '' });
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('refuses a branch of another workplace', async () => {
    const response = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { branch: HEAD_OFFICE_BRANCH, isDraft: 'yes' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe(messages.submission.branchOfWorkplace);
  });

  it('keeps a stored place whose branch has closed since, and checks a changed one', async () => {
    const draft = await createDraft();
    await ctx.db.branch.update({ where: { id: WAREHOUSE }, data: { isActive: false } });
    try {
      const kept = await post('ethan.coordinator', '/formSubmissionSave', {
        ...body(null, { isDraft: 'yes' }),
        _id: draft._id,
        version: draft.version,
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const moved = await post('ethan.coordinator', '/formSubmissionSave', {
        ...body(null, { isDraft: 'yes', branch: HEAD_OFFICE_BRANCH }),
        _id: draft._id,
        version: kept.json().response_data.version,
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().response_message).toBe(messages.submission.branchOfWorkplace);
      const stored = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: draft._id } });
      expect(stored).toMatchObject({ branchId: WAREHOUSE, version: kept.json().response_data.version });
    } finally {
      await ctx.db.branch.update({ where: { id: WAREHOUSE }, data: { isActive: true } });
    }
  });
});

describe('mandatory fields, by type', () => {
  for (const type of FIELD_TYPES.filter((t) => t !== 'section' && t !== 'file')) {
    it(`${type}: empty is refused on submit, allowed in a draft`, async () => {
      const refused = await post('ethan.coordinator', '/formSubmissionSave', body(type));
      expect(refused.statusCode).toBe(400);
      // Files are never sent on a first save, so the file field is missing too; every other
      // (filled) field passes, so the two are the only problems.
      const errors = refused.json().validation_errors as { field: string; message: string }[];
      expect(errors).toHaveLength(2);
      expect(errors).toContainEqual({ field: fieldId[type], message: messages.submission.mandatoryFields });
      expect(errors).toContainEqual({ field: fieldId.file, message: messages.submission.mandatoryFields });
      expect(refused.json().response_message).toBe(messages.submission.mandatoryFields);
      const draft = await post('ethan.coordinator', '/formSubmissionSave', body(type, { isDraft: 'yes' }));
      expect(draft.statusCode, draft.body).toBe(200);
      expect(draft.json().response_data.formatedNumber).toBe('(Draft)');
    });
  }

  it('file: needs an uploaded attachment; with every field filled the form is submitted with an FS number', async () => {
    const draft = await createDraft();
    const refused = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: draft._id, version: draft.version }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validation_errors).toEqual([
      { field: fieldId.file, message: messages.submission.mandatoryFields },
    ]);
    const done = await submitted();
    expect(done.formatedNumber).toMatch(/^FS \d+$/);
    const row = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: done._id } });
    const last = await ctx.db.formSubmission.aggregate({ where: { companyId }, _max: { number: true } });
    expect(row.number).toBe(last._max.number);
    expect(row.isDraft).toBe(false);
  });

  it('counts blank answers as missing: spaces, empty lists, empty rich text, no category, no drawing', async () => {
    const BLANK: Partial<Record<FieldType, unknown>> = {
      text: '   ',
      number: '',
      date: '',
      time: '',
      weblink: '',
      contentEditor: '<p>&nbsp;</p><p></p>',
      radio: '',
      select: '',
      textarea: '\n',
      checkbox: [],
      items: [],
      typeGroupings: { category: '', subCategories: [] },
      employee: [],
      asset: [],
      risk: [],
      supplier: [],
      submission: [],
      signature: '',
      diagram: '',
    };
    expect(Object.keys(BLANK).sort()).toEqual(Object.keys(VALUES).sort());
    const formValue = Object.entries(BLANK).map(([type, value]) => ({
      relatedFormId: fieldId[type as FieldType],
      value,
    }));
    const refused = await post('ethan.coordinator', '/formSubmissionSave', body(null, { formValue }));
    expect(refused.statusCode).toBe(400);
    const fields = (refused.json().validation_errors as { field: string }[]).map((error) => error.field);
    expect(fields.sort()).toEqual(
      [...Object.keys(BLANK).map((type) => fieldId[type as FieldType]), fieldId.file].sort(),
    );
    const draft = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { formValue, isDraft: 'yes' }),
    );
    expect(draft.statusCode, draft.body).toBe(200);
  });

  it('a mandatory field of an investigation section does not block a submit', async () => {
    const done = await submitted();
    const values = await ctx.db.submissionValue.findMany({ where: { submissionId: done._id } });
    expect(values.map((row) => row.fieldId)).not.toContain(investigationField);
    expect(done.formatedNumber).toMatch(/^FS \d+$/);
  });

  it('leaves investigation sections out of drafts and checks only untyped/newEntry sections', async () => {
    const draft = await createDraft({
      formValue: [...body().formValue, { relatedFormId: investigationField, value: 'kept?' }],
    });
    const values = await ctx.db.submissionValue.findMany({ where: { submissionId: draft._id } });
    expect(values.map((row) => row.fieldId)).not.toContain(investigationField);
  });
});

describe('saved content', () => {
  it('sanitizes contentEditor HTML and refuses malformed values', async () => {
    const formValue = body().formValue.map((entry) =>
      entry.relatedFormId === fieldId.contentEditor
        ? { ...entry, value: '<p>Hi</p><script>alert(1)</script><img src="x.png" onerror="alert(1)">' }
        : entry,
    );
    const draft = await createDraft({ formValue });
    const stored = await ctx.db.submissionValue.findFirstOrThrow({
      where: { submissionId: draft._id, fieldId: fieldId.contentEditor },
    });
    expect(stored.value).toBe('<p>Hi</p><img src="x.png" />');

    const bad = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        isDraft: 'yes',
        formValue: [{ relatedFormId: fieldId.date, value: '20/11/2026' }],
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation_errors[0].field).toBe(fieldId.date);
  });

  it("refuses another organisation's records in a value", async () => {
    const foreign = await ctx.db.formSubmission.findFirstOrThrow({
      where: { companyId: { not: companyId } },
    });
    const formValue = body().formValue.map((entry) =>
      entry.relatedFormId === fieldId.submission ? { ...entry, value: [foreign.id] } : entry,
    );
    const response = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { isDraft: 'yes', formValue }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe(messages.submission.inactiveSelection);
  });

  it("refuses a record of any kind that is not the organisation's, and stores nothing", async () => {
    const before = await ctx.db.formSubmission.count();
    for (const type of ['employee', 'asset', 'risk', 'supplier', 'submission'] as const) {
      const formValue = body().formValue.map((entry) =>
        entry.relatedFormId === fieldId[type] ? { ...entry, value: [randomUUID()] } : entry,
      );
      const refused = await post(
        'ethan.coordinator',
        '/formSubmissionSave',
        body(null, { isDraft: 'yes', formValue }),
      );
      expect(refused.statusCode, type).toBe(400);
      expect(refused.json().response_message, type).toBe(messages.submission.inactiveSelection);
    }
    const toNobody = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { isDraft: 'yes', taskData: [task(randomUUID(), { actionType: 'external' })] }),
    );
    expect(toNobody.statusCode).toBe(400);
    expect(toNobody.json().response_message).toBe(messages.submission.inactiveSelection);
    expect(await ctx.db.formSubmission.count()).toBe(before);
  });

  it('refuses an inactive employee as a new selection but keeps one already stored', async () => {
    const william = employee('william');
    const refused = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { isDraft: 'yes', taskData: [task(william)] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().response_message).toBe(messages.submission.inactiveSelection);

    const draft = await createDraft();
    await ctx.db.submissionValue.update({
      where: {
        companyId_submissionId_fieldId: { companyId, submissionId: draft._id, fieldId: fieldId.employee },
      },
      data: { value: [william] },
    });
    const formValue = body().formValue.map((entry) =>
      entry.relatedFormId === fieldId.employee ? { ...entry, value: [william] } : entry,
    );
    const kept = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: draft._id, version: draft.version, isDraft: 'yes', formValue }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });
});

describe('choice answers', () => {
  const withValue = (type: FieldType, value: unknown) =>
    body().formValue.map((entry) => (entry.relatedFormId === fieldId[type] ? { ...entry, value } : entry));

  it('refuses an option the template does not offer, for every choice type, and stores nothing', async () => {
    const before = await ctx.db.formSubmission.count();
    const cases: [FieldType, unknown][] = [
      ['radio', 'A'],
      ['select', 'not-an-option'],
      ['checkbox', ['a', 'z']],
      ['items', [randomUUID()]],
      ['typeGroupings', { category: 'Body Part', subCategories: ['Cut'] }],
      ['typeGroupings', { category: 'Weather', subCategories: [] }],
      ['typeGroupings', { category: '', subCategories: ['Hand'] }],
    ];
    for (const [type, value] of cases) {
      for (const isDraft of ['yes', 'no']) {
        const response = await post(
          'ethan.coordinator',
          '/formSubmissionSave',
          body(null, { isDraft, formValue: withValue(type, value) }),
        );
        const message = `The ${type}: ${messages.submission.optionNotOffered}`;
        expect(response.statusCode, `${type} ${JSON.stringify(value)}`).toBe(400);
        expect(response.json()).toMatchObject({ response_code: 400, response_message: message });
        expect(response.json().validation_errors).toEqual([{ field: fieldId[type], message }]);
      }
    }
    expect(await ctx.db.formSubmission.count()).toBe(before);
  });

  it('refuses a changed option on an edit, keeping the stored form; a choice already stored may stay', async () => {
    const draft = await createDraft();
    // A stored answer the template does not offer (data from before a template edit).
    await ctx.db.submissionValue.update({
      where: {
        companyId_submissionId_fieldId: { companyId, submissionId: draft._id, fieldId: fieldId.select },
      },
      data: { value: 'legacy' },
    });
    const kept = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id: draft._id,
        version: draft.version,
        isDraft: 'yes',
        formValue: withValue('select', 'legacy'),
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const version = kept.json().response_data.version as number;

    const changed = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: draft._id, version, isDraft: 'yes', formValue: withValue('radio', 'b') }),
    );
    expect(changed.statusCode).toBe(400);
    expect(changed.json().response_message).toBe(`The radio: ${messages.submission.optionNotOffered}`);
    const row = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: draft._id } });
    expect(row.version).toBe(version);
    const radio = await ctx.db.submissionValue.findFirstOrThrow({
      where: { submissionId: draft._id, fieldId: fieldId.radio },
    });
    expect(radio.value).toBe('a');
  });
});
