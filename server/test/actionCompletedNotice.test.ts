import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { issueActionLink } from '../src/modules/links/service';
import { setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * Issue 40: completing an action of a form tells its coordinators and the person who recorded it,
 * never the one who completed it nor anyone who unsubscribed.
 */
const nw = (kind: string, key: string) => demoId(`nw:${kind}:${key}`);
/** Incident report FS 1001: coordinators Ethan and Olivia, recorded by Mia. */
const S1001 = nw('submission', '1001');
/** Contractor form FS 1008: coordinator Olivia, recorded by Liam (Acme personnel). */
const S1008 = nw('submission', '1008');

let ctx: TestContext;
let tokens: Record<string, string>;
const api = () => request(ctx.app.server);

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app);
});

async function person(username: string) {
  const user = await ctx.db.user.findUniqueOrThrow({
    where: { username },
    include: { employee: true, personnel: true },
  });
  return { user, email: (user.employee ?? user.personnel)!.email! };
}

/** A new open action on the form, assigned to the account's employee or personnel. */
async function actionFor(submissionId: string, username: string) {
  const { user } = await person(username);
  const submission = await ctx.db.formSubmission.findUniqueOrThrow({
    where: { id: submissionId },
    include: { actions: true },
  });
  return ctx.db.action.create({
    data: {
      companyId: submission.companyId,
      submissionId,
      taskNumber: Math.max(0, ...submission.actions.map((action) => action.taskNumber)) + 100,
      instruction: `Check the guard rail (${username}, ${randomUUID()})`,
      actionType: user.employeeId ? 'internal' : 'external',
      assigneeEmployeeId: user.employeeId,
      assigneePersonnelId: user.personnelId,
      dueDate: new Date('2026-12-01'),
    },
  });
}

const complete = (username: string, taskId: string) =>
  api()
    .post('/api/assignedActionSave')
    .set('authtoken', tokens[username]!)
    .field('sectionType', 'form')
    .field('taskId', taskId)
    .field('response', 'Guard rail refitted.')
    .field('completeStatus', 'yes');

/** The addresses the notices of this action went to (its instruction is in each). */
async function noticesOf(instruction: string) {
  const rows = await ctx.db.mailMessage.findMany({ where: { category: 'actionCompleted' } });
  return rows
    .filter((row) => row.textBody.includes(instruction))
    .map((row) => row.toAddress)
    .sort();
}

describe('the notice that an action was completed (issue 40)', () => {
  it('goes to the coordinators and the recorder, not to the coordinator who completed it', async () => {
    const [ethan, olivia, mia] = await Promise.all(
      ['ethan.coordinator', 'olivia.admin', 'mia.employee'].map(person),
    );
    const action = await actionFor(S1001, 'ethan.coordinator');
    const done = await complete('ethan.coordinator', action.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await noticesOf(action.instruction)).toEqual([mia!.email, olivia!.email].sort());
    expect(await noticesOf(action.instruction)).not.toContain(ethan!.email);
    const notice = await ctx.db.mailMessage.findFirstOrThrow({
      where: {
        category: 'actionCompleted',
        toAddress: mia!.email,
        textBody: { contains: action.instruction },
      },
    });
    expect(notice.subject).toBe('FS 1001 Incident Report: an action was completed');
    expect(notice.textBody).toContain('Ethan Clarke completed an action of the Incident Report form FS 1001');
    expect(notice.textBody).toContain('Response: Guard rail refitted.');
    // Optional mail: it carries the unsubscribe link.
    expect(notice.textBody).toContain('/unsubscribe/');
  });

  it('is not queued for the recorder who completed it nor for a coordinator who unsubscribed', async () => {
    const [ethan, olivia] = await Promise.all(['ethan.coordinator', 'olivia.admin'].map(person));
    const action = await actionFor(S1001, 'mia.employee');
    await ctx.db.user.update({ where: { id: olivia!.user.id }, data: { unsubscribedAt: new Date() } });
    try {
      const done = await complete('mia.employee', action.id);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    } finally {
      await ctx.db.user.update({ where: { id: olivia!.user.id }, data: { unsubscribedAt: null } });
    }
    expect(await noticesOf(action.instruction)).toEqual([ethan!.email]);
  });

  it("tells the coordinator when supplier personnel complete theirs through the action's link", async () => {
    const [olivia, liam] = await Promise.all(['olivia.admin', 'liam.personnel'].map(person));
    const action = await actionFor(S1008, 'liam.personnel');
    const issued = await ctx.db.$transaction((tx) => issueActionLink(tx, action));
    const done = await api()
      .post(`/api/externalTaskSave?authtoken=${encodeURIComponent(issued!.token)}`)
      .field('formSubmissionId', S1008)
      .field('taskId', action.id)
      .field('response', 'Scaffold certificate uploaded.')
      .field('complete', 'true');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Liam recorded the form and completed the action: only Olivia is told, and by whom.
    expect(await noticesOf(action.instruction)).toEqual([olivia!.email]);
    expect(await noticesOf(action.instruction)).not.toContain(liam!.email);
    const notice = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'actionCompleted', textBody: { contains: action.instruction } },
    });
    expect(notice.textBody).toContain('Liam Walker completed an action');
  });

  it('sends nothing for a draft response', async () => {
    const action = await actionFor(S1001, 'ethan.coordinator');
    const draft = await api()
      .post('/api/assignedActionSave')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('sectionType', 'form')
      .field('taskId', action.id)
      .field('response', 'Half done.')
      .field('completeStatus', 'no');
    expect(draft.status).toBe(200);
    expect(await noticesOf(action.instruction)).toEqual([]);
  });
});
