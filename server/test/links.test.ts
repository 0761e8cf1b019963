import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@compass/shared';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueActionLink, issueLink } from '../src/modules/links/service';
import { setupTestApp, signInAll, type TestContext } from './helpers';

let ctx: TestContext;
const api = () => request(ctx.app.server);
const tokens: Record<string, string> = {};

/** Liam (Acme Contracting personnel) has external actions on several Northwind forms. */
async function liamActions() {
  const liam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } });
  const actions = await ctx.db.action.findMany({
    where: { assigneePersonnelId: liam.personnelId!, isComplete: false },
    include: { submission: true },
    orderBy: { instruction: 'asc' },
  });
  // Form actions all: a register's actions (no submission) go to employees.
  return actions.map((action) => ({
    ...action,
    submissionId: action.submissionId!,
    submission: action.submission!,
  }));
}

async function linkFor(action: Parameters<typeof issueActionLink>[1]) {
  const issued = await ctx.db.$transaction((tx) => issueActionLink(tx, action));
  if (!issued) throw new Error('no link issued');
  return issued.token;
}

const details = (token: string, formSubmissionId: string | null, taskId: string) =>
  api()
    .post(`/api/externalTaskDetails?authtoken=${encodeURIComponent(token)}`)
    .send({ formSubmissionId, taskId });

const save = (
  token: string,
  formSubmissionId: string | null,
  taskId: string,
  fields: Record<string, string>,
) => {
  let call = api()
    .post(`/api/externalTaskSave?authtoken=${encodeURIComponent(token)}`)
    .field('formSubmissionId', formSubmissionId ?? '')
    .field('taskId', taskId);
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return call;
};

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'compass-links-')) });
  Object.assign(tokens, await signInAll(ctx.app));
});

describe('scoped link tokens', () => {
  it('stores only the hash, and a link for an internal action is not issued', async () => {
    const [action] = await liamActions();
    const token = await linkFor(action!);
    const rows = await ctx.db.linkToken.findMany({ where: { resourceId: action!.id } });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.tokenHash !== token && row.tokenHash.length === 64)).toBe(true);
    expect(rows.at(-1)).toMatchObject({ resourceType: 'action', operations: ['read', 'update'] });
    const internal = await ctx.db.action.findFirstOrThrow({ where: { actionType: 'internal' } });
    expect(await ctx.db.$transaction((tx) => issueActionLink(tx, internal))).toBeNull();
  });

  it('opens its own action without signing in, and nothing else: the scope matrix', async () => {
    const [mine, other] = await liamActions();
    const token = await linkFor(mine!);
    const own = await details(token, mine!.submissionId, mine!.id);
    expect(own.status).toBe(200);
    expect(own.body.response_data).toMatchObject({
      _id: mine!.id,
      formSubmissionId: mine!.submissionId,
      instruction: mine!.instruction,
      assignToName: 'Liam Walker',
      actionType: 'external',
      status: 'Open',
      editable: 'yes',
    });

    // Another action of the same person (another form) and an action of the same form.
    const sibling = await ctx.db.action.findFirstOrThrow({
      where: { submissionId: mine!.submissionId, NOT: { id: mine!.id } },
    });
    const southbank = await ctx.db.action.findFirstOrThrow({
      where: {
        companyId: (await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } })).companyId,
      },
    });
    for (const target of [other!, sibling, southbank]) {
      const read = await details(token, target.submissionId, target.id);
      expect(read.status).toBe(403);
      expect(read.body).toMatchObject({ response_code: 403, response_message: messages.links.wrongResource });
      const before = await ctx.db.action.findUniqueOrThrow({ where: { id: target.id } });
      const write = await save(token, target.submissionId, target.id, {
        response: 'Hijack',
        complete: 'true',
      });
      expect(write.status).toBe(403);
      expect(await ctx.db.action.findUniqueOrThrow({ where: { id: target.id } })).toEqual(before);
    }

    // Its own action id under another form's id is not found.
    expect(other!.submissionId).not.toBe(mine!.submissionId);
    const mismatched = await details(token, other!.submissionId, mine!.id);
    expect(mismatched.status).toBe(404);

    // A link does not open the signed-in calls, nor does it stand in for a session header.
    const dashboard = await api()
      .post(`/api/assignedActionDetails?authtoken=${encodeURIComponent(token)}`)
      .send({ sectionType: 'form', taskId: mine!.id });
    expect(dashboard.status).toBe(401);
    const asHeader = await api()
      .post('/api/externalTaskDetails')
      .set('authtoken', token)
      .send({ formSubmissionId: mine!.submissionId, taskId: mine!.id });
    expect(asHeader.status).toBe(401);
  });

  it('refuses an operation the link does not name, a link of another kind, and unknown tokens', async () => {
    const [action] = await liamActions();
    const readOnly = await ctx.db.$transaction((tx) =>
      issueLink(tx, {
        companyId: action!.companyId,
        resourceType: 'action',
        resourceId: action!.id,
        operations: ['read'],
      }),
    );
    expect((await details(readOnly.token, action!.submissionId, action!.id)).status).toBe(200);
    const write = await save(readOnly.token, action!.submissionId, action!.id, {
      response: 'x',
      complete: 'false',
    });
    expect(write.status).toBe(403);
    expect(write.body.response_message).toBe(messages.links.wrongOperation);

    const submissionLink = await ctx.db.$transaction((tx) =>
      issueLink(tx, {
        companyId: action!.companyId,
        resourceType: 'submission',
        resourceId: action!.submissionId,
        operations: ['read', 'update'],
      }),
    );
    const wrongKind = await details(submissionLink.token, action!.submissionId, action!.id);
    expect(wrongKind.status).toBe(403);
    expect(wrongKind.body.response_message).toBe(messages.links.wrongResource);

    const unknown = await details('not-a-token', action!.submissionId, action!.id);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ response_code: 401, response_message: messages.links.unknown });
  });

  it('gives expired and revoked links their own clear error', async () => {
    const [action] = await liamActions();
    const expired = await ctx.db.$transaction((tx) =>
      issueLink(tx, {
        companyId: action!.companyId,
        resourceType: 'action',
        resourceId: action!.id,
        operations: ['read', 'update'],
        expiresAt: new Date(Date.now() - 1000),
      }),
    );
    const late = await details(expired.token, action!.submissionId, action!.id);
    expect(late.status).toBe(403);
    expect(late.body.response_message).toBe(messages.links.expired);

    const token = await linkFor(action!);
    expect((await details(token, action!.submissionId, action!.id)).status).toBe(200);
    // Mia coordinates nothing here; Southbank's coordinator is another organisation.
    for (const [username, status] of [
      ['mia.employee', 403],
      ['sam.southbank', 404],
    ] as const) {
      const refused = await api()
        .post('/api/linkTokenRevoke')
        .set('authtoken', tokens[username]!)
        .send({ resourceType: 'action', resourceId: action!.id });
      expect(refused.status).toBe(status);
    }
    expect((await details(token, action!.submissionId, action!.id)).status).toBe(200);
    const revoked = await api()
      .post('/api/linkTokenRevoke')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send({ resourceType: 'action', resourceId: action!.id });
    expect(revoked.status).toBe(200);
    expect(revoked.body.response_message).toBe(messages.links.revokedDone);
    expect(revoked.body.response_data.revoked).toBeGreaterThan(0);
    const after = await details(token, action!.submissionId, action!.id);
    expect(after.status).toBe(403);
    expect(after.body.response_message).toBe(messages.links.revoked);
    const again = await api()
      .post('/api/linkTokenRevoke')
      .set('authtoken', tokens['olivia.admin']!)
      .send({ resourceType: 'action', resourceId: action!.id });
    expect(again.status).toBe(404);
    expect(again.body.response_message).toBe(messages.links.noneToRevoke);
  });

  it('revokes the links of the previous assignee when the action is reassigned and a new link issued', async () => {
    const [action] = await liamActions();
    const liamsLink = await linkFor(action!);
    const other = await ctx.db.personnel.findFirstOrThrow({
      where: { companyId: action!.companyId, isActive: true, NOT: { id: action!.assigneePersonnelId! } },
    });
    try {
      const reassigned = await ctx.db.action.update({
        where: { id: action!.id },
        data: { assigneePersonnelId: other.id },
      });
      const newLink = await linkFor(reassigned);
      const old = await details(liamsLink, action!.submissionId, action!.id);
      expect(old.status).toBe(403);
      expect(old.body.response_message).toBe(messages.links.revoked);
      const fresh = await details(newLink, action!.submissionId, action!.id);
      expect(fresh.status).toBe(200);
      expect(fresh.body.response_data.assignTo).toBe(other.id);
    } finally {
      await ctx.db.action.update({
        where: { id: action!.id },
        data: { assigneePersonnelId: action!.assigneePersonnelId },
      });
    }
  });

  it('stops working when the action is reassigned to someone else', async () => {
    const [action] = await liamActions();
    const token = await linkFor(action!);
    const other = await ctx.db.personnel.findFirstOrThrow({
      where: { companyId: action!.companyId, NOT: { id: action!.assigneePersonnelId! } },
    });
    await ctx.db.action.update({ where: { id: action!.id }, data: { assigneePersonnelId: other.id } });
    try {
      const read = await details(token, action!.submissionId, action!.id);
      expect(read.status).toBe(403);
    } finally {
      await ctx.db.action.update({
        where: { id: action!.id },
        data: { assigneePersonnelId: action!.assigneePersonnelId },
      });
    }
  });
});

describe('external task page', () => {
  it('saves a draft with a compressed photo, downloads and deletes it, then completes through the link', async () => {
    const actions = await liamActions();
    const action = actions.at(-1)!;
    const token = await linkFor(action);
    const photo = await sharp({
      create: { width: 2600, height: 1800, channels: 3, background: { r: 200, g: 60, b: 40 } },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    const draft = await save(token, action.submissionId, action.id, {
      response: 'Parts ordered.',
      complete: 'false',
      localTimeZone: 'Australia/Sydney',
    }).attach('files', photo, { filename: 'gutter.jpg', contentType: 'image/jpeg' });
    expect(draft.status).toBe(200);
    expect(draft.body.response_message).toBe(messages.action.draftSaved);
    const read = await details(token, action.submissionId, action.id);
    expect(read.body.response_data).toMatchObject({
      response: 'Parts ordered.',
      complete: false,
      editable: 'yes',
    });
    const [file] = read.body.response_data.attachment;
    expect(file.name).toBe('gutter.jpg');
    expect(file.size).toBeLessThan(photo.length);
    const stored = await ctx.db.attachment.findUniqueOrThrow({ where: { id: file._id } });
    expect(stored.uploadedById).toBeNull();

    const download = await api().get(`${file.path}?authtoken=${encodeURIComponent(token)}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(download.body as Buffer).metadata()).width).toBeLessThanOrEqual(2000);

    // Another action's file is not reachable with this link.
    const otherFile = await ctx.db.attachment.create({
      data: {
        companyId: action.companyId,
        ownerType: 'action',
        ownerId: actions[0]!.id,
        name: 'other.txt',
        storageKey: 'missing',
        mimeType: 'text/plain',
        size: 1,
      },
    });
    expect(
      (await api().get(`/api/files/${otherFile.id}?authtoken=${encodeURIComponent(token)}`)).status,
    ).toBe(404);
    const deleteOther = await api()
      .post(`/api/externalTaskFileDelete?authtoken=${encodeURIComponent(token)}`)
      .send({ formSubmissionId: action.submissionId, taskId: action.id, fileId: otherFile.id });
    expect(deleteOther.status).toBe(404);
    expect(await ctx.db.attachment.findUnique({ where: { id: otherFile.id } })).not.toBeNull();

    const removed = await api()
      .post(`/api/externalTaskFileDelete?authtoken=${encodeURIComponent(token)}`)
      .send({ formSubmissionId: action.submissionId, taskId: action.id, fileId: file._id });
    expect(removed.status).toBe(200);
    expect(removed.body.response_message).toBe(messages.externalTask.fileDeleted);
    expect(await ctx.db.attachment.findUnique({ where: { id: file._id } })).toBeNull();

    const empty = await save(token, action.submissionId, action.id, { response: '  ', complete: 'true' });
    expect(empty.status).toBe(400);
    expect(empty.body.response_message).toBe(messages.action.responseRequired);

    const done = await save(token, action.submissionId, action.id, {
      response: 'Gutter repaired.',
      complete: 'true',
      localTimeZone: 'Pacific/Kiritimati',
    });
    expect(done.status).toBe(200);
    expect(done.body.response_message).toBe(messages.action.completed);
    const row = await ctx.db.action.findUniqueOrThrow({ where: { id: action.id } });
    const kiritimatiToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      new Date(),
    );
    expect(row.isComplete).toBe(true);
    expect(row.completedOn?.toISOString().slice(0, 10)).toBe(kiritimatiToday);

    const closed = await details(token, action.submissionId, action.id);
    expect(closed.body.response_data).toMatchObject({
      status: 'Completed',
      editable: 'no',
      completedOn: kiritimatiToday,
    });
    const late = await save(token, action.submissionId, action.id, {
      response: 'Changed',
      complete: 'false',
    });
    expect(late.status).toBe(409);
    expect(late.body.response_message).toBe(messages.action.alreadyComplete);
  });

  it('lets the signed-in assignee and the first submission user edit; other coordinators view; others get 404', async () => {
    const ethanId = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } }))
      .employeeId!;
    // 1001: coordinators Ethan (first) and Olivia; an open action assigned to Mia.
    const found = await ctx.db.action.findFirstOrThrow({
      where: {
        isComplete: false,
        assigneeEmployeeId: (await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } }))
          .employeeId,
        submission: { isClosed: false, coordinators: { some: { employeeId: ethanId, position: 0 } } },
      },
      include: { submission: { include: { coordinators: true } } },
    });
    const action = { ...found, submissionId: found.submissionId!, submission: found.submission! };
    const body = { formSubmissionId: action.submissionId, taskId: action.id };
    const as = (username: string) =>
      api().post('/api/externalTaskDetails').set('authtoken', tokens[username]!).send(body);
    expect((await as('mia.employee')).body.response_data.editable).toBe('yes');
    expect((await as('ethan.coordinator')).body.response_data.editable).toBe('yes');
    // Olivia is the second coordinator of 1001: view-only.
    const oliviaId = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } }))
      .employeeId;
    expect(action.submission.coordinators.find((c) => c.employeeId === oliviaId)?.position).toBeGreaterThan(
      0,
    );
    expect((await as('olivia.admin')).body.response_data.editable).toBe('no');
    const refused = await api()
      .post('/api/externalTaskSave')
      .set('authtoken', tokens['olivia.admin']!)
      .field('formSubmissionId', action.submissionId)
      .field('taskId', action.id)
      .field('response', 'x')
      .field('complete', 'false');
    expect(refused.status).toBe(403);
    expect(refused.body.response_message).toBe(messages.externalTask.viewOnly);
    for (const username of ['sam.southbank', 'liam.personnel']) {
      const refused = await as(username);
      expect(refused.status).toBe(404);
      expect(refused.body.response_message).toBe(messages.action.notFound);
    }
    expect((await api().post('/api/externalTaskDetails').send(body)).status).toBe(401);

    const saved = await api()
      .post('/api/externalTaskSave')
      .set('authtoken', tokens['mia.employee']!)
      .field('formSubmissionId', action.submissionId)
      .field('taskId', action.id)
      .field('response', 'Briefing booked for Monday.')
      .field('complete', 'false');
    expect(saved.status).toBe(200);
    const log = await ctx.db.changeLog.findFirstOrThrow({
      where: { entityId: action.id, action: 'draftSaved' },
      orderBy: { createdAt: 'desc' },
    });
    expect(log.userId).not.toBeNull();
  });
});
