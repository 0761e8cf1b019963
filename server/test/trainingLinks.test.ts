import { randomUUID } from 'node:crypto';
import { addDays, localDateOf, trainingAssignmentMessages as say } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkFileOwner } from '../src/modules/links';
import { issueLink } from '../src/modules/links/service';
import {
  apiCalls,
  employeeOf,
  multipartPayload,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/**
 * Online training, part three (issue 43): supplier personnel as trainees and their links, signed-in
 * personnel, the standing rules of a position, the certificate. HR is Olivia (hrAdmin), the
 * reviewer Ethan, Mia an employee, Liam a supplier's person who signs in, Sam another organisation.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const HR = 'olivia.admin';
const REVIEWER = 'ethan.coordinator';
const PERSON = 'liam.personnel';
let companyId: string;
let otherCompanyId: string;
let ethanId: string;
let miaId: string;
let liamId: string;
let today: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  await setRoleKeys(ctx.db, 'mia.employee', { hrAdmin: false });
  tokens = await signInAll(ctx.app, [HR, REVIEWER, PERSON, 'mia.employee', 'sam.southbank']);
  const mia = await employeeOf(ctx.db, 'mia.employee');
  companyId = mia.companyId;
  miaId = mia.id;
  ethanId = (await employeeOf(ctx.db, REVIEWER)).id;
  const liam = await ctx.db.user.findUniqueOrThrow({ where: { username: PERSON } });
  liamId = liam.personnelId!;
  await ctx.db.personnel.update({ where: { id: liamId }, data: { email: 'liam@acme.example' } });
  otherCompanyId = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } })).companyId;
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: companyId } });
  today = localDateOf(new Date(), company.timeZone);
});

const unique = () => Math.random().toString(36).slice(2, 8);

/** A published course of one true/false question (true is right): its id. */
async function publishedCourse(): Promise<{ courseId: string; questionId: string }> {
  const questionId = randomUUID();
  const saved = await data(HR, 'trainingCourseSave', {
    name: `Induction ${unique()}`,
    content: {
      introduction: 'Welcome to site.',
      sections: [{ _id: randomUUID(), title: 'Site', body: '<p>Sign in at the gate.</p>' }],
      questions: [{ _id: questionId, kind: 'trueFalse', text: 'Sign in first?', correctAnswer: true }],
      passMark: 100,
      attemptsAllowed: 2,
      expectedMinutes: 10,
    },
  });
  await data(HR, 'trainingCoursePublish', { _id: saved._id, revision: saved.revision });
  return { courseId: saved._id as string, questionId };
}

const assignBody = (courseId: string, whom: object) => ({
  courseId,
  reviewerEmployeeId: ethanId,
  completeBy: addDays(today, 14),
  ...whom,
});

/** A new person of Liam's supplier with an e-mail address: their id. */
async function newPerson(): Promise<string> {
  const liam = await ctx.db.personnel.findUniqueOrThrow({ where: { id: liamId } });
  const person = await ctx.db.personnel.create({
    data: {
      companyId,
      supplierId: liam.supplierId,
      firstName: 'Pat',
      lastName: `Lee${unique()}`,
      email: `pat.${unique()}@acme.example`,
    },
  });
  return person.id;
}

/** Assigns the course to a person: the assignment's id and the token of its mail's link. */
async function assignedPerson(courseId: string, personnelId: string, extra: object = {}) {
  const answer = await data(
    HR,
    'trainingAssign',
    assignBody(courseId, { personnelIds: [personnelId], ...extra }),
  );
  const id = answer.ids[0] as string;
  return { id, token: await mailedToken(id) };
}

/** The token of the latest mailed link of an assignment. */
async function mailedToken(assignmentId: string): Promise<string> {
  const mails = await ctx.db.mailMessage.findMany({
    where: {
      companyId,
      textBody: { contains: `/online-training/employee/form-attempt/${assignmentId}?authtoken=` },
    },
    orderBy: { createdAt: 'desc' },
  });
  expect(mails.length).toBeGreaterThan(0);
  return decodeURIComponent(/authtoken=([^\s"&]+)/.exec(mails[0]!.textBody)![1]!);
}

const withLink = (token: string, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/${path}?authtoken=${encodeURIComponent(token)}`, payload });

const certificate = (assignmentId: string, as: { token?: string; link?: string }) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/trainingCertificate?assignmentId=${assignmentId}${as.link ? `&authtoken=${encodeURIComponent(as.link)}` : ''}`,
    headers: as.token ? { authtoken: tokens[as.token]! } : {},
  });

/** Takes the test through a link: right or wrong. */
async function takeByLink(token: string, assignmentId: string, questionId: string, right = true) {
  const started = await withLink(token, 'trainingAttemptStart', { assignmentId });
  expect(started.statusCode).toBe(200);
  const attemptId = started.json().response_data._id as string;
  const submitted = await withLink(token, 'trainingAttemptSubmit', {
    _id: attemptId,
    answers: { [questionId]: right },
  });
  expect(submitted.statusCode).toBe(200);
  return { attemptId, result: submitted.json().response_data };
}

describe('supplier personnel as trainees', () => {
  it('assigns a person: a link of theirs in the mail, the register names them and their company', async () => {
    const { courseId } = await publishedCourse();
    const person = await newPerson();
    const { id, token } = await assignedPerson(courseId, person);
    const link = await ctx.db.linkToken.findFirstOrThrow({
      where: { resourceType: 'trainingAssignment', resourceId: id },
    });
    expect(link).toMatchObject({ personnelId: person, operations: ['read', 'update'] });
    expect(token.length).toBeGreaterThan(20);
    const list = await data(HR, 'trainingAssignmentList', { courseId });
    expect(list.rows[0]).toMatchObject({
      _id: id,
      employeeId: null,
      personnelId: person,
      supplierName: expect.any(String),
    });
    expect(list.rows[0].employeeName).toMatch(/^Pat Lee/);
  });

  it('refuses someone with it open, another organisation’s or an inactive person, on personnelIds', async () => {
    const { courseId } = await publishedCourse();
    const person = await newPerson();
    await assignedPerson(courseId, person);
    const again = await call(HR, 'trainingAssign', assignBody(courseId, { personnelIds: [person] }));
    expect(again.statusCode).toBe(400);
    expect(again.json().validation_errors[0].field).toBe('personnelIds');
    await ctx.db.personnel.update({ where: { id: person }, data: { isActive: false } });
    const { courseId: other } = await publishedCourse();
    for (const personnelIds of [[person], [randomUUID()]]) {
      const refused = await call(HR, 'trainingAssign', assignBody(other, { personnelIds }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().validation_errors).toEqual([
        { field: 'personnelIds', message: say.personnelUnknown },
      ]);
    }
  });

  it('mails a new starter without an account a link, an employee who signs in the take page', async () => {
    const { courseId } = await publishedCourse();
    const starter = await ctx.db.employee.create({
      data: {
        companyId,
        firstName: 'Ned',
        lastName: `Starter${unique()}`,
        email: `ned.${unique()}@northwind.example`,
      },
    });
    const answer = await data(
      HR,
      'trainingAssign',
      assignBody(courseId, { employeeIds: [starter.id, miaId] }),
    );
    expect(answer.mailsQueued).toBe(2);
    const [starterId, miaAssignment] = await Promise.all(
      [starter.id, miaId].map(
        async (employeeId) =>
          (await ctx.db.onlineTrainingAssignment.findFirstOrThrow({ where: { courseId, employeeId } })).id,
      ),
    );
    const token = await mailedToken(starterId!);
    expect((await withLink(token, 'trainingAssignmentOpen', { _id: starterId })).statusCode).toBe(200);
    expect(await ctx.db.linkToken.count({ where: { resourceId: miaAssignment } })).toBe(0);
  });

  it('offers active personnel by name or company', async () => {
    const found = await data(HR, 'trainingPersonnelOptions', { search: 'liam' });
    expect(found.rows.map((row: { _id: string }) => row._id)).toContain(liamId);
    expect((await call('mia.employee', 'trainingPersonnelOptions', { search: '' })).statusCode).toBe(403);
  });
});

describe('a training’s link', () => {
  it('opens its own assignment only, without the answer key; a read-only link does not start', async () => {
    const { courseId, questionId } = await publishedCourse();
    const mine = await assignedPerson(courseId, await newPerson());
    const other = await assignedPerson(courseId, await newPerson());
    const opened = await withLink(mine.token, 'trainingAssignmentOpen', { _id: mine.id });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().response_data).toMatchObject({ side: 'employee', canAttempt: true });
    expect(opened.body).not.toMatch(/correct|modelAnswer/i);
    expect((await withLink(mine.token, 'trainingAssignmentOpen', { _id: other.id })).statusCode).toBe(403);
    const readOnly = await ctx.db.$transaction((tx) =>
      issueLink(tx, {
        companyId,
        resourceType: 'trainingAssignment',
        resourceId: mine.id,
        operations: ['read'],
      }),
    );
    expect(
      (await withLink(readOnly.token, 'trainingAttemptStart', { assignmentId: mine.id })).statusCode,
    ).toBe(403);
    const { attemptId, result } = await takeByLink(mine.token, mine.id, questionId);
    expect(result).toMatchObject({ status: 'passed', assignmentStatus: 'passed' });
    const view = await withLink(mine.token, 'trainingAttemptDetails', { _id: attemptId });
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toMatch(/correct(Answer|OptionIds)|"modelAnswer":"/);
    expect((await withLink(other.token, 'trainingAttemptDetails', { _id: attemptId })).statusCode).toBe(403);
  });

  it('stops working once expired or revoked (withdrawn); another organisation’s link finds nothing', async () => {
    const { courseId } = await publishedCourse();
    const { id, token } = await assignedPerson(courseId, await newPerson());
    const expired = await ctx.db.$transaction((tx) =>
      issueLink(tx, {
        companyId,
        resourceType: 'trainingAssignment',
        resourceId: id,
        operations: ['read'],
        expiresAt: new Date(Date.now() - 1000),
      }),
    );
    expect((await withLink(expired.token, 'trainingAssignmentOpen', { _id: id })).statusCode).toBe(403);
    const foreign = await ctx.db.$transaction((tx) =>
      issueLink(tx, {
        companyId: otherCompanyId,
        resourceType: 'trainingAssignment',
        resourceId: id,
        operations: ['read'],
      }),
    );
    expect((await withLink(foreign.token, 'trainingAssignmentOpen', { _id: id })).statusCode).toBe(404);
    await data(HR, 'trainingAssignmentCancel', { _id: id });
    expect((await withLink(token, 'trainingAssignmentOpen', { _id: id })).statusCode).toBe(403);
  });

  it('the refresher of a person comes with a new link', async () => {
    const { courseId, questionId } = await publishedCourse();
    const person = await newPerson();
    const { id, token } = await assignedPerson(courseId, person, {
      repeat: { frequency: 'years', interval: 1 },
    });
    await takeByLink(token, id, questionId);
    const next = await ctx.db.onlineTrainingAssignment.findFirstOrThrow({
      where: { companyId, courseId, personnelId: person, status: 'assigned' },
    });
    expect(next.id).not.toBe(id);
    expect(
      await ctx.db.linkToken.count({ where: { resourceType: 'trainingAssignment', resourceId: next.id } }),
    ).toBe(1);
    expect(
      (await withLink(await mailedToken(next.id), 'trainingAssignmentOpen', { _id: next.id })).statusCode,
    ).toBe(200);
  });
});

/** Adds two files to a draft course, names the first in its section and publishes it. */
async function courseWithFiles() {
  const saved = await data(HR, 'trainingCourseSave', {
    name: `Files ${unique()}`,
    content: {
      sections: [{ _id: randomUUID(), title: 'Site', body: '<p>Read the guide.</p>' }],
      questions: [{ _id: randomUUID(), kind: 'trueFalse', text: 'Read it?', correctAnswer: true }],
    },
  });
  const { payload, contentType } = multipartPayload({ _id: saved._id }, [
    { name: 'guide.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    { name: 'draft-notes.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/trainingCourseFilesAdd',
    headers: { authtoken: tokens[HR]!, 'content-type': contentType },
    payload,
  });
  const [named, unnamed] = added.json().response_data.map((file: { _id: string }) => file._id) as string[];
  const course = await data(HR, 'trainingCourseDetails', { _id: saved._id });
  const content = { ...course.draft, sections: [{ ...course.draft.sections[0], fileIds: [named] }] };
  const again = await data(HR, 'trainingCourseSave', {
    _id: saved._id,
    revision: course.revision,
    name: course.name,
    content,
  });
  await data(HR, 'trainingCoursePublish', { _id: saved._id, revision: again.revision });
  return { courseId: saved._id as string, named: named!, unnamed: unnamed! };
}

describe('the course’s files through a training’s link', () => {
  it('reads the files its version names, not another file of the course; not with another link', async () => {
    const { courseId, named, unnamed } = await courseWithFiles();
    const { id } = await assignedPerson(courseId, await newPerson());
    const scope = {
      linkTokenId: randomUUID(),
      companyId,
      resourceType: 'trainingAssignment' as const,
      resourceId: id,
      operations: ['read' as const],
      supplierId: null,
      personnelId: null,
      expiresAt: new Date(Date.now() + 60_000),
    };
    expect(await linkFileOwner(scope, 'read', named)).toEqual({
      companyId,
      ownerType: 'trainingCourse',
      ownerId: courseId,
    });
    await expect(linkFileOwner(scope, 'read', unnamed)).rejects.toMatchObject({ statusCode: 404 });
    await expect(linkFileOwner({ ...scope, resourceId: randomUUID() }, 'read', named)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(linkFileOwner(scope, 'update', named)).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('the course’s files through /api/files', () => {
  const file = (id: string, as: { token?: string; link?: string }) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/files/${id}${as.link ? `?authtoken=${encodeURIComponent(as.link)}` : ''}`,
      headers: as.token ? { authtoken: tokens[as.token]! } : {},
    });

  it('serves a trainee (its link, or signed in) the files its version names only; HR every file', async () => {
    const { courseId, named, unnamed } = await courseWithFiles();
    const { token } = await assignedPerson(courseId, liamId);
    expect((await file(named, { link: token })).statusCode).toBe(200);
    expect((await file(unnamed, { link: token })).statusCode).toBe(404);
    expect((await file(named, { token: PERSON })).statusCode).toBe(200);
    expect((await file(unnamed, { token: PERSON })).statusCode).toBe(404);
    await data(HR, 'trainingAssign', assignBody(courseId, { employeeIds: [miaId] }));
    expect((await file(named, { token: 'mia.employee' })).statusCode).toBe(200);
    expect((await file(unnamed, { token: 'mia.employee' })).statusCode).toBe(404);
    expect((await file(unnamed, { token: HR })).statusCode).toBe(200);
    expect((await file(named, { token: 'sam.southbank' })).statusCode).toBe(404);
  });
});

describe('a person’s written answer on the reviewer’s dashboard', () => {
  it('lists it for the reviewer, naming the person (the trainee is no employee)', async () => {
    const questionId = randomUUID();
    const saved = await data(HR, 'trainingCourseSave', {
      name: `Written ${unique()}`,
      content: {
        introduction: 'Welcome to site.',
        sections: [{ _id: randomUUID(), title: 'Site', body: '<p>Meet at the car park.</p>' }],
        questions: [
          {
            _id: questionId,
            kind: 'shortAnswer',
            text: 'Where do you meet when the siren sounds?',
            modelAnswer: 'At the car park.',
            points: 2,
          },
        ],
        passMark: 50,
        attemptsAllowed: 1,
        expectedMinutes: 5,
      },
    });
    await data(HR, 'trainingCoursePublish', { _id: saved._id, revision: saved.revision });
    const person = await newPerson();
    const { id, token } = await assignedPerson(saved._id as string, person);
    const started = await withLink(token, 'trainingAttemptStart', { assignmentId: id });
    const submitted = await withLink(token, 'trainingAttemptSubmit', {
      _id: started.json().response_data._id,
      answers: { [questionId]: 'At the car park, by the gate.' },
    });
    expect(submitted.json().response_data.status).toBe('awaitingReview');
    const { list } = await data(REVIEWER, 'dashboardList', { localTimeZone: 'UTC' });
    const item = list.reviewOnlineTrainingAssessment.list.find(
      (one: { assignFormId: string }) => one.assignFormId === id,
    );
    expect(item).toMatchObject({ employee: person, action: 'review' });
    expect(item.employeeName).toMatch(/^Pat Lee/);
  });
});

describe('signed-in personnel and the certificate', () => {
  it('Liam takes his own, not another’s; the certificate is his, the link’s and HR’s, not another employee’s', async () => {
    const { courseId, questionId } = await publishedCourse();
    const { id } = await assignedPerson(courseId, liamId);
    const miaOwn = (await data(HR, 'trainingAssign', assignBody(courseId, { employeeIds: [miaId] }))).ids[0];
    expect((await call(PERSON, 'trainingAssignmentOpen', { _id: miaOwn })).statusCode).toBe(403);
    expect((await call(PERSON, 'trainingAssignmentOpen', { _id: id })).json().response_data.side).toBe(
      'employee',
    );
    expect((await certificate(id, { token: HR })).statusCode).toBe(409);
    const attempt = await data(PERSON, 'trainingAttemptStart', { assignmentId: id });
    const result = await data(PERSON, 'trainingAttemptSubmit', {
      _id: attempt._id,
      answers: { [questionId]: true },
    });
    expect(result.assignmentStatus).toBe('passed');
    for (const as of [
      { token: PERSON },
      { token: REVIEWER },
      { token: HR },
      { link: await mailedToken(id) },
    ]) {
      const pdf = await certificate(id, as);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    }
    expect((await certificate(id, { token: 'mia.employee' })).statusCode).toBe(403);
    expect((await certificate(id, { token: 'sam.southbank' })).statusCode).toBe(404);
  });
});

describe('standing rules of a position', () => {
  const newEmployee = (positionId?: string) => {
    const name = unique();
    return {
      firstName: 'Jo',
      lastName: `New${name}`,
      email: `jo.${name}@northwind.example`,
      username: `jo.${name}`,
      positionId,
    };
  };
  const assignmentsOf = (employeeId: string, courseId: string) =>
    ctx.db.onlineTrainingAssignment.findMany({ where: { employeeId, courseId } });

  it('who joins later (created, moved, reactivated) is assigned; a second assign replaces the rule; stopped, nobody more', async () => {
    const { courseId } = await publishedCourse();
    const position = await ctx.db.position.create({ data: { companyId, name: `Rigger ${unique()}` } });
    await ctx.db.employee.update({ where: { id: miaId }, data: { positionId: position.id } });
    await data(HR, 'trainingAssign', assignBody(courseId, { positionId: position.id }));
    const [rule] = (await data(HR, 'trainingPositionRuleList', { courseId })).rows;
    expect(rule).toMatchObject({
      positionId: position.id,
      completeWithinDays: 14,
      reviewerEmployeeId: ethanId,
    });

    const created = await data(HR, 'employeeSave', newEmployee(position.id));
    const [joined] = await assignmentsOf(created._id, courseId);
    expect(joined).toMatchObject({ positionRuleId: rule._id, status: 'assigned' });
    expect(joined!.completeBy.toISOString().slice(0, 10)).toBe(addDays(today, 14));

    const body = newEmployee();
    const kai = await data(HR, 'employeeSave', body);
    expect(await assignmentsOf(kai._id, courseId)).toHaveLength(0);
    await data(HR, 'employeeSave', { ...body, _id: kai._id, positionId: position.id });
    expect(await assignmentsOf(kai._id, courseId)).toHaveLength(1);

    const back = await data(HR, 'employeeSave', newEmployee());
    await data(HR, 'employeeDeactivate', { _id: back._id });
    await ctx.db.employee.update({ where: { id: back._id }, data: { positionId: position.id } });
    await data(HR, 'employeeReactivate', { _id: back._id });
    expect(await assignmentsOf(back._id, courseId)).toHaveLength(1);

    const lo = await data(HR, 'employeeSave', newEmployee());
    await ctx.db.employee.update({ where: { id: lo._id }, data: { positionId: position.id } });
    await data(HR, 'trainingAssign', assignBody(courseId, { positionId: position.id }));
    const replaced = (await data(HR, 'trainingPositionRuleList', { courseId })).rows;
    expect(replaced).toHaveLength(1);
    expect(replaced[0]._id).not.toBe(rule._id);

    await data(HR, 'trainingPositionRuleStop', { _id: replaced[0]._id });
    expect((await call(HR, 'trainingPositionRuleStop', { _id: replaced[0]._id })).statusCode).toBe(409);
    expect((await call(HR, 'trainingPositionRuleStop', { _id: randomUUID() })).statusCode).toBe(404);
    const late = await data(HR, 'employeeSave', newEmployee(position.id));
    expect(await assignmentsOf(late._id, courseId)).toHaveLength(0);
  });
});
