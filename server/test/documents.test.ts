import { addDays, documentMessages as say, localDateOf, nextDueDay } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCalls,
  multipartPayload,
  openReviewId,
  setRoleKeys,
  setupTestApp,
  signIn,
  signInAll,
  type TestContext,
} from './helpers';

/** The document library: uploads, versions, approval, acknowledgement, revision, list and export. */
let ctx: TestContext;
let tokens: Record<string, string>;
let people: { ethan: string; olivia: string; mia: string; sophie: string; sam: string };
let coordinatorRole: string;
let today: string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app);
  tokens['noah.expired'] = await signIn(ctx.app, 'noah.expired');
  const employee = async (username: string) =>
    (await ctx.db.user.findUniqueOrThrow({ where: { username }, include: { employee: true } })).employee!;
  const ethan = await employee('ethan.coordinator');
  const sophie = await ctx.db.employee.findFirstOrThrow({
    where: { firstName: 'Sophie', companyId: ethan.companyId },
  });
  people = {
    ethan: ethan.id,
    olivia: (await employee('olivia.admin')).id,
    mia: (await employee('mia.employee')).id,
    sophie: sophie.id,
    sam: (await employee('sam.southbank')).id,
  };
  coordinatorRole = ethan.roleId!;
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: ethan.companyId } });
  today = localDateOf(new Date(), company.timeZone);
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

function upload(
  as: string,
  path: string,
  details: object,
  files: { name: string; content: Buffer }[] = [{ name: 'policy.pdf', content: PDF }],
) {
  const { payload, contentType } = multipartPayload({ details: JSON.stringify(details) }, files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { authtoken: tokens[as] ?? as, 'content-type': contentType },
    payload,
  });
}

const fields = (extra: object = {}) => ({
  name: `Manual ${Math.random().toString(36).slice(2, 8)}`,
  ownerId: people.ethan,
  reviewerId: people.olivia,
  reviewFrequency: 'years',
  nextReviewDate: addDays(today, 90),
  audienceEmployeeIds: [people.mia],
  ...extra,
});

async function create(extra: object = {}): Promise<{ id: string; name: string }> {
  const details = fields(extra);
  const response = await upload('olivia.admin', 'documentCreate', details);
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().response_data._id, name: details.name };
}

/** The document items of a user's Assigned Actions section. */
async function documentItems(username: string) {
  const dashboard = await data(username, 'dashboardList', {});
  return dashboard.list.assignedActions.list.filter(
    (item: { sectionType: string }) => item.sectionType === 'document',
  );
}

describe('access', () => {
  it('refuses callers without the document key, and changes without documentEdit', async () => {
    await setRoleKeys(ctx.db, 'mia.employee', { document: false });
    try {
      const response = await call('mia.employee', 'documentList', {});
      expect(response.statusCode).toBe(403);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { document: true });
    }
    await setRoleKeys(ctx.db, 'mia.employee', { documentEdit: false });
    try {
      expect((await call('mia.employee', 'documentList', {})).statusCode).toBe(200);
      expect((await upload('mia.employee', 'documentCreate', fields())).statusCode).toBe(403);
      expect((await call('mia.employee', 'documentFolderSave', { name: 'Mine' })).statusCode).toBe(403);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { documentEdit: true });
    }
  });

  it('refuses supplier personnel and a pending password change', async () => {
    expect((await call('liam.personnel', 'documentList', {})).statusCode).toBe(403);
    expect((await call('noah.expired', 'documentList', {})).statusCode).toBe(403);
    expect((await call(null, 'documentList', {})).statusCode).toBe(401);
  });

  it("answers another organisation's document as not found", async () => {
    const { id } = await create();
    expect((await call('sam.southbank', 'documentDetails', { _id: id })).statusCode).toBe(404);
    expect(
      (await call('sam.southbank', 'documentAcknowledgementOpen', { _id: id, employeeId: people.sam }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('sam.southbank', 'documentUpdate', {
          ...fields({ ownerId: people.sam, reviewerId: people.sam }),
          _id: id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await upload('sam.southbank', 'documentVersionUpload', { _id: id })).statusCode).toBe(404);
    const list = await data('sam.southbank', 'documentList', { search: 'Manual', pageSize: 100 });
    expect(list.rows.map((row: { _id: string }) => row._id)).not.toContain(id);
  });

  it("refuses someone else's work item", async () => {
    const { id } = await create();
    const response = await call('ethan.coordinator', 'documentAcknowledgementOpen', {
      _id: id,
      employeeId: people.mia,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().response_message).toBe(say.notYours);
  });
});

describe('pickers', () => {
  it('offers as reviewers, approvers and readers only people who can act, and refuses a save naming another', async () => {
    const search = async (role: string) =>
      (
        (await data('olivia.admin', 'documentPeopleSearch', { search: 'Mia', role })) as {
          options: { _id: string }[];
        }
      ).options.map((option) => option._id);
    expect(await search('reviewer')).toContain(people.mia);
    await setRoleKeys(ctx.db, 'mia.employee', { document: false });
    try {
      expect(await search('anyone')).toContain(people.mia);
      for (const role of ['reviewer', 'approver', 'reader'])
        expect(await search(role)).not.toContain(people.mia);
      const refusals: [object, string, string][] = [
        [{ reviewerId: people.mia }, 'reviewerId', say.reviewerWithoutAccess],
        [{ coReviewerId: people.mia }, 'coReviewerId', say.reviewerWithoutAccess],
        [{ approverIds: [people.mia] }, 'approverIds', say.approverWithoutAccess],
        [{ audienceEmployeeIds: [people.mia] }, 'audienceEmployeeIds', say.readerWithoutAccess],
      ];
      for (const [change, field, message] of refusals) {
        const details = fields({ audienceEmployeeIds: [], ...change });
        const response = await upload('olivia.admin', 'documentCreate', details);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().validation_errors).toContainEqual({ field, message });
        const list = await data('olivia.admin', 'documentList', { search: details.name });
        expect(list.rows).toEqual([]);
      }
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { document: true });
    }
  });
});

describe('bad input', () => {
  const nothingSaved = async (details: object, files?: { name: string; content: Buffer }[]) => {
    const before = await ctx.db.document.count();
    const response = await upload('olivia.admin', 'documentCreate', details, files);
    expect(response.statusCode).toBe(400);
    expect(await ctx.db.document.count()).toBe(before);
    return response.json().response_message as string;
  };

  it('explains each problem and saves nothing', async () => {
    expect(await nothingSaved(fields({ reviewFrequency: 'fortnightlyish' }))).toBe(say.frequencyUnknown);
    expect(await nothingSaved(fields({ nextReviewDate: addDays(today, -1) }))).toBe(say.nextReviewPast);
    expect(await nothingSaved(fields({ name: '   ' }))).toBe(say.nameRequired);
    expect(await nothingSaved(fields(), [{ name: 'setup.exe', content: Buffer.from('MZ') }])).toBe(
      'This file type is not allowed: setup.exe',
    );
    expect(await nothingSaved(fields(), [])).toBe(say.fileRequired);
    expect(await nothingSaved(fields({ coReviewerId: people.olivia }))).toBe(say.coReviewerSame);
    expect(await nothingSaved(fields({ audienceRoleIds: [crypto.randomUUID()] }))).toBe(say.audienceMissing);
    expect(await nothingSaved(fields({ ownerId: people.sam }))).toBe(say.personMissing);
  });

  it('refuses a next review before the last review, and a taken name', async () => {
    const { id, name } = await create();
    await ctx.db.document.update({
      where: { id },
      data: { lastReviewDate: new Date(`${addDays(today, 30)}T00:00:00Z`) },
    });
    const early = await call('olivia.admin', 'documentUpdate', {
      ...fields({ name, nextReviewDate: addDays(today, 10) }),
      _id: id,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().response_message).toBe(say.nextReviewBeforeLast);
    expect(
      (await upload('olivia.admin', 'documentCreate', fields({ name: name.toUpperCase() }))).json()
        .response_message,
    ).toBe(say.nameTaken);
  });

  it('answers malformed upload details with a message, not a 500', async () => {
    const { payload, contentType } = multipartPayload({ details: '{not json' }, [
      { name: 'a.pdf', content: PDF },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/documentCreate',
      headers: { authtoken: tokens['olivia.admin']!, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe('The upload details are not valid JSON.');
  });
});

describe('publishing, acknowledging and approving', () => {
  it('publishes at once without approvers and asks the audience to acknowledge, per version', async () => {
    const { id } = await create({ audienceRoleIds: [coordinatorRole], audienceEmployeeIds: [people.mia] });
    const details = await data('ethan.coordinator', 'documentDetails', { _id: id });
    expect(details.status).toBe('published');
    expect(details.versions).toHaveLength(1);
    expect(details.versions[0]).toMatchObject({ number: 1, isCurrent: true, acknowledged: 0 });
    expect(details.versions[0].toAcknowledge).toBeGreaterThanOrEqual(2);

    // Mia reads it from her dashboard item and acknowledges it: it leaves her dashboard at once.
    const item = (await documentItems('mia.employee')).find(
      (row: { documentId: string }) => row.documentId === id,
    );
    expect(item).toMatchObject({ actionType: 'document-assign', badge: 'Pending Completion' });
    const reading = await data('mia.employee', 'documentAcknowledgementOpen', {
      _id: id,
      employeeId: people.mia,
    });
    expect(reading.version).toMatchObject({ number: 1 });
    expect(reading.acknowledgedAt).toBeNull();
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/documentVersionFile/${reading.version._id}?inline=yes`,
      headers: { authtoken: tokens['mia.employee']! },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.headers['content-type']).toBe('application/pdf');
    await data('mia.employee', 'documentAcknowledge', { _id: id, employeeId: people.mia });
    expect(
      (await documentItems('mia.employee')).map((row: { documentId: string }) => row.documentId),
    ).not.toContain(id);
    const read = await data('mia.employee', 'documentMyAcknowledgements', { state: 'read', pageSize: 100 });
    expect(read.rows.map((row: { documentId: string }) => row.documentId)).toContain(id);
    const toRead = await data('mia.employee', 'documentMyAcknowledgements', { pageSize: 100 });
    expect(toRead.rows.map((row: { documentId: string }) => row.documentId)).not.toContain(id);
    const again = await call('mia.employee', 'documentAcknowledge', { _id: id, employeeId: people.mia });
    expect(again.statusCode).toBe(409);

    // The owner sees who has and who has not acknowledged.
    const readers = await data('ethan.coordinator', 'documentReaders', {
      versionId: details.versions[0]._id,
    });
    const mia = readers.rows.find((row: { employeeId: string }) => row.employeeId === people.mia);
    expect(mia.acknowledgedAt).not.toBeNull();
    expect(readers.rows.some((row: { acknowledgedAt: string | null }) => row.acknowledgedAt === null)).toBe(
      true,
    );

    // Version 2 keeps version 1 readable; Ethan's unread acknowledgement of version 1 lapses.
    const v2 = await upload('ethan.coordinator', 'documentVersionUpload', { _id: id, note: 'Second' }, [
      { name: 'policy-v2.docx', content: Buffer.from('PK\u0003\u0004 docx') },
    ]);
    expect(v2.statusCode, v2.body).toBe(200);
    const after = await data('olivia.admin', 'documentDetails', { _id: id });
    expect(
      after.versions.map((v: { number: number; isCurrent: boolean }) => [v.number, v.isCurrent]),
    ).toEqual([
      [2, true],
      [1, false],
    ]);
    const old = await ctx.app.inject({
      method: 'GET',
      url: after.versions[1].file.path,
      headers: { authtoken: tokens['mia.employee']! },
    });
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(PDF)).toBe(true);
    const docx = await ctx.app.inject({
      method: 'GET',
      url: `/api/documentVersionFile/${after.versions[0]._id}?inline=yes`,
      headers: { authtoken: tokens['mia.employee']! },
    });
    expect(docx.headers['content-disposition']).toMatch(/^attachment/);
    const ethanItems = await documentItems('ethan.coordinator');
    const ethanOnThis = ethanItems.filter((row: { documentId: string }) => row.documentId === id);
    expect(ethanOnThis).toHaveLength(1);
    const firstReaders = await data('olivia.admin', 'documentReaders', { versionId: after.versions[1]._id });
    expect(
      firstReaders.rows.find((row: { employeeId: string }) => row.employeeId === people.ethan).lapsed,
    ).toBe(true);
  });

  it('publishes only when every approval is complete; a rejection asks the owner to revise', async () => {
    const { id } = await create({ approverIds: [people.ethan, people.mia] });
    expect((await data('olivia.admin', 'documentDetails', { _id: id })).status).toBe('approvalPending');
    const pending = (await documentItems('ethan.coordinator')).find(
      (row: { documentId: string; actionType: string }) =>
        row.documentId === id && row.actionType === 'document-requestApprove',
    );
    expect(pending).toMatchObject({ badge: 'Approval Pending' });
    const open = await data('ethan.coordinator', 'documentApprovalOpen', {
      _id: id,
      employeeId: people.ethan,
    });
    expect(open.mine.status).toBe('requested');

    const noComment = await call('ethan.coordinator', 'documentApprovalDecide', {
      _id: id,
      employeeId: people.ethan,
      decision: 'reject',
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().response_message).toBe(say.commentRequired);

    const first = await data('ethan.coordinator', 'documentApprovalDecide', {
      _id: id,
      employeeId: people.ethan,
      decision: 'approve',
    });
    expect(first.published).toBe(false);
    expect((await data('olivia.admin', 'documentDetails', { _id: id })).status).toBe('approvalPending');
    const last = await data('mia.employee', 'documentApprovalDecide', {
      _id: id,
      employeeId: people.mia,
      decision: 'approve',
    });
    expect(last.published).toBe(true);
    const published = await data('olivia.admin', 'documentDetails', { _id: id });
    expect(published.status).toBe('published');
    expect(published.versions[0].toAcknowledge).toBe(1);

    // Version 2 goes to Mia, who rejects it: Ethan (the owner) gets the revise item.
    await upload('olivia.admin', 'documentVersionUpload', { _id: id, approverIds: [people.mia] });
    await data('mia.employee', 'documentApprovalDecide', {
      _id: id,
      employeeId: people.mia,
      decision: 'reject',
      comment: 'Section 2 is out of date.',
    });
    const rejected = await data('olivia.admin', 'documentDetails', { _id: id });
    expect(rejected.status).toBe('rejected');
    expect(rejected.versions.find((v: { isCurrent: boolean }) => v.isCurrent).number).toBe(1);
    expect(rejected.versions[0].approvals[0]).toMatchObject({
      status: 'rejected',
      comment: 'Section 2 is out of date.',
    });
    const revise = (await documentItems('ethan.coordinator')).find(
      (row: { documentId: string; actionType: string }) =>
        row.documentId === id && row.actionType === 'document-rejected',
    );
    expect(revise).toBeDefined();
    // Deciding again has nothing to decide.
    const twice = await call('mia.employee', 'documentApprovalDecide', {
      _id: id,
      employeeId: people.mia,
      decision: 'approve',
    });
    expect(twice.statusCode).toBe(404);

    // The owner uploads a revised version: the revise item leaves the dashboard at once.
    const revised = await upload('ethan.coordinator', 'documentVersionUpload', { _id: id, note: 'Revised' });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(
      (await documentItems('ethan.coordinator')).some(
        (row: { documentId: string; actionType: string }) =>
          row.documentId === id && row.actionType === 'document-rejected',
      ),
    ).toBe(false);
    const final = await data('olivia.admin', 'documentDetails', { _id: id });
    expect(final.versions.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    expect(final.status).toBe('published');
  });

  it('lets the owner withdraw a rejected version instead', async () => {
    const { id } = await create({ approverIds: [people.mia] });
    await data('mia.employee', 'documentApprovalDecide', {
      _id: id,
      employeeId: people.mia,
      decision: 'reject',
      comment: 'Wrong file.',
    });
    await setRoleKeys(ctx.db, 'mia.employee', { documentEdit: false });
    try {
      expect((await call('mia.employee', 'documentRevisionWithdraw', { _id: id })).statusCode).toBe(403);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { documentEdit: true });
    }
    expect((await call('sam.southbank', 'documentRevisionWithdraw', { _id: id })).statusCode).toBe(404);
    await data('ethan.coordinator', 'documentRevisionWithdraw', { _id: id });
    expect(
      (await documentItems('ethan.coordinator')).some((row: { documentId: string }) => row.documentId === id),
    ).toBe(false);
    expect((await call('ethan.coordinator', 'documentRevisionWithdraw', { _id: id })).statusCode).toBe(404);
    const log = await data('olivia.admin', 'changeLogList', { entityType: 'document', entityId: id });
    expect(log.list.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['created', 'version uploaded', 'rejected', 'rejected version withdrawn']),
    );
  });
});

describe('the library list', () => {
  it('searches, filters, sorts and pages on the server, and exports the filtered list', async () => {
    const folder = await data('olivia.admin', 'documentFolderSave', { name: `Folder ${Date.now()}` });
    const taken = await call('olivia.admin', 'documentFolderSave', { name: 'policies' });
    expect(taken.json().response_message).toBe(say.folderNameTaken);
    const stamp = Math.random().toString(36).slice(2, 8);
    for (const [index, days] of [120, 10, 60].entries())
      await create({
        name: `Zeta ${stamp} ${index}`,
        folderId: folder._id,
        nextReviewDate: addDays(today, days),
      });
    const page = await data('ethan.coordinator', 'documentList', {
      search: `zeta ${stamp}`,
      sort: 'nextReviewDate',
      pageSize: 2,
    });
    expect(page.total).toBe(3);
    expect(page.rows.map((row: { name: string }) => row.name)).toEqual([
      `Zeta ${stamp} 1`,
      `Zeta ${stamp} 2`,
    ]);
    const second = await data('ethan.coordinator', 'documentList', {
      search: `zeta ${stamp}`,
      sort: 'nextReviewDate',
      pageSize: 2,
      page: 2,
    });
    expect(second.rows.map((row: { name: string }) => row.name)).toEqual([`Zeta ${stamp} 0`]);
    const soon = await data('ethan.coordinator', 'documentList', { folderId: folder._id, review: 'dueSoon' });
    expect(soon.rows.map((row: { name: string }) => row.name)).toEqual([`Zeta ${stamp} 1`]);
    const folders = await data('ethan.coordinator', 'documentFolders');
    expect(folders.find((row: { _id: string }) => row._id === folder._id).documentCount).toBe(3);
    // A review missed: the document is past its next review date.
    await ctx.db.document.updateMany({
      where: { name: `Zeta ${stamp} 2` },
      data: { nextReviewDate: new Date(`${addDays(today, -3)}T00:00:00Z`) },
    });
    const overdue = await data('ethan.coordinator', 'documentList', { review: 'overdue', pageSize: 100 });
    expect(overdue.rows.map((row: { name: string }) => row.name)).toContain(`Zeta ${stamp} 2`);
    for (const row of overdue.rows) expect(row.nextReviewDate < today).toBe(true);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/documentListCsv?search=${encodeURIComponent(`zeta ${stamp}`)}&sort=-name`,
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('documents.csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toContain('Name,Folder,Owner');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      `Zeta ${stamp} 2`,
      `Zeta ${stamp} 1`,
      `Zeta ${stamp} 0`,
    ]);
    const bad = await call('ethan.coordinator', 'documentList', { sort: 'dropTable' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the demo library with its approval pending and rejected documents', async () => {
    const pending = await data('ethan.coordinator', 'documentList', {
      status: 'approvalPending',
      pageSize: 100,
    });
    expect(pending.rows.map((row: { name: string }) => row.name)).toContain('Emergency Response Plan');
    const mine = await data('ethan.coordinator', 'documentMyAcknowledgements', {});
    expect(mine.total).toBeGreaterThan(0);
  });
});

describe('attachments and actions', () => {
  it('adds supporting files and raises and completes actions', async () => {
    const { id } = await create();
    const { payload, contentType } = multipartPayload({ _id: id }, [
      { name: 'checklist.xlsx', content: Buffer.from('x') },
    ]);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/documentAttachmentUpload',
      headers: { authtoken: tokens['ethan.coordinator']!, 'content-type': contentType },
      payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    const missing = await call('ethan.coordinator', 'documentActionCreate', {
      _id: id,
      instruction: ' ',
      assigneeId: people.mia,
      dueDate: today,
    });
    expect(missing.json().response_message).toBe(say.instructionRequired);
    const foreign = await call('ethan.coordinator', 'documentActionCreate', {
      _id: id,
      instruction: 'Put the new poster up in the workshop.',
      assigneeId: people.sam,
      dueDate: today,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().response_message).toBe(say.personMissing);
    expect(await ctx.db.documentAction.count({ where: { documentId: id } })).toBe(0);
    const mailsBefore = await ctx.db.mailMessage.count({ where: { category: 'documentAction' } });
    const action = await data('ethan.coordinator', 'documentActionCreate', {
      _id: id,
      instruction: 'Put the new poster up in the workshop.',
      assigneeId: people.mia,
      dueDate: addDays(today, 5),
    });
    // Mia hears of it by mail, with a link to the document.
    const mail = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'documentAction' },
      orderBy: { createdAt: 'desc' },
    });
    expect(await ctx.db.mailMessage.count({ where: { category: 'documentAction' } })).toBe(mailsBefore + 1);
    expect(mail.textBody).toContain('raised an action on the document');
    expect(mail.textBody).toContain('Instruction: Put the new poster up in the workshop.');
    expect(mail.textBody).toContain('Open the document: ');
    expect(mail.textBody).toContain(`/document/library/${id}`);
    // It is in her Assigned Actions, opening the document, until she completes it.
    const assigned = async () =>
      (await data('mia.employee', 'dashboardList', {})).list.assignedActions.list.filter(
        (item: { _id: string }) => item._id === action._id,
      );
    expect(await assigned()).toEqual([
      expect.objectContaining({
        sectionType: 'document',
        actionType: 'document-action',
        documentId: id,
        instructionShow: 'Put the new poster up in the workshop.',
        dueDate: addDays(today, 5),
      }),
    ]);
    const details = await data('mia.employee', 'documentDetails', { _id: id });
    expect(details.attachments.map((file: { name: string }) => file.name)).toEqual(['checklist.xlsx']);
    expect(details.actions[0]).toMatchObject({ _id: action._id, canComplete: true, completedOn: null });
    await data('mia.employee', 'documentActionComplete', { _id: action._id });
    expect(await assigned()).toEqual([]);
    const done = await data('ethan.coordinator', 'documentDetails', { _id: id });
    expect(done.actions[0].completedOn).toBe(today);
    expect((await call('sam.southbank', 'documentActionComplete', { _id: action._id })).statusCode).toBe(404);
  });
});

describe('review', () => {
  it('schedules the review from the document and completes it from the dashboard item', async () => {
    const { id } = await create({ reviewerId: people.ethan, nextReviewDate: addDays(today, 3) });
    const reviews = async () =>
      (await data('ethan.coordinator', 'dashboardList', {})).list.scheduledReviews.list.filter(
        (item: { itemId: string }) => item.itemId === id,
      );
    expect(await reviews()).toEqual([
      expect.objectContaining({ sectionType: 'document', actionType: 'review' }),
    ]);
    const open = await data('ethan.coordinator', 'documentReviewDetails', {
      itemId: id,
      actionType: 'review',
    });
    expect(open).toMatchObject({ frequency: 'years', dueDate: addDays(today, 3), history: [] });
    expect(
      (await call('sam.southbank', 'documentReviewDetails', { itemId: id, actionType: 'review' })).statusCode,
    ).toBe(404);
    const noOutcome = await call('ethan.coordinator', 'documentReviewComplete', {
      itemId: id,
      reviewId: await openReviewId(ctx.db, id),
      actionType: 'review',
    });
    expect(noOutcome.statusCode).toBe(400);

    const done = await data('ethan.coordinator', 'documentReviewComplete', {
      itemId: id,
      reviewId: await openReviewId(ctx.db, id),
      actionType: 'review',
      outcome: 'noChange',
    });
    expect(done.nextDueDate).toBe(nextDueDay(today, 'years'));
    const details = await data('ethan.coordinator', 'documentDetails', { _id: id });
    expect(details).toMatchObject({ lastReviewDate: today, nextReviewDate: nextDueDay(today, 'years') });
    expect(details.reviews).toEqual([
      expect.objectContaining({ outcome: 'noChange', completedBy: 'Ethan Clarke' }),
    ]);
    // The completed review left the section; the next one is due a year on.
    expect((await reviews()).map((item: { dueDate: string }) => item.dueDate)).toEqual([
      nextDueDay(today, 'years'),
    ]);
    const history = await data('ethan.coordinator', 'documentReviewDetails', {
      itemId: id,
      actionType: 'review',
    });
    expect(history.history).toHaveLength(1);
  });
});
