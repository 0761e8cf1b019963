import { randomUUID } from 'node:crypto';
import {
  addDays,
  inductionExpiry,
  localDateOf,
  requirementMessages as say,
  trainingLinkPaths,
  type TSupplierCompliance,
} from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { SupplierRequirementService } from '../src/modules/externalParties/requirements';
import { apiCalls, employeeOf, multipartPayload, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * Site inductions (docs/external-parties.md): a personnel requirement type met by an online course.
 * Olivia holds both HR's and External Parties' keys; Liam, Acme's person, takes the course through
 * the link of its mail.
 */
const nw = (kind: string, key: string) => demoId(`nw:${kind}:${key}`);
const ACME = nw('supplier', 'Acme Contracting');
const LIAM = nw('personnel', 'liam');
const ETHAN = nw('employee', 'ethan');
const ADMIN = 'olivia.admin';

let ctx: TestContext;
let tokens: Record<string, string>;
let today: string;
let companyId: string;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [ADMIN, 'sam.southbank', 'acme.supplier']);
  const acme = await ctx.db.supplierCompany.findUniqueOrThrow({ where: { id: ACME } });
  companyId = acme.companyId;
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: companyId } });
  today = localDateOf(new Date(), company.timeZone);
});

const unique = () => Math.random().toString(36).slice(2, 8);

/** A published course of two questions scored by the server, and the right answers to it. */
async function publishedCourse(options: { publish?: boolean } = {}) {
  const yes = randomUUID();
  const single = randomUUID();
  const trueFalse = randomUUID();
  const saved = await data(ADMIN, 'trainingCourseSave', {
    name: `Induction ${unique()}`,
    content: {
      introduction: 'Before anyone works on site.',
      sections: [{ _id: randomUUID(), title: 'The site', body: '<p>Sign in at the gate.</p>' }],
      questions: [
        {
          _id: single,
          kind: 'singleChoice',
          text: 'Where do you sign in?',
          options: [
            { _id: yes, text: 'At the gate' },
            { _id: randomUUID(), text: 'Anywhere' },
          ],
          correctOptionIds: [yes],
          points: 1,
        },
        { _id: trueFalse, kind: 'trueFalse', text: 'Helmets are optional.', correctAnswer: false, points: 1 },
      ],
      passMark: 100,
      attemptsAllowed: 2,
      expectedMinutes: 10,
    },
  });
  if (options.publish ?? true)
    await data(ADMIN, 'trainingCoursePublish', { _id: saved._id, revision: saved.revision });
  return { courseId: saved._id as string, answers: { [single]: [yes], [trueFalse]: false } };
}

/** A personnel type met by the course. */
const courseType = (trainingCourseId: string) =>
  data(ADMIN, 'requirementTypeSave', {
    name: `Site induction ${unique()}`,
    appliesTo: 'personnel',
    expires: true,
    trainingCourseId,
  });

const request = (requirementTypeId: string, personnelId = LIAM) =>
  call(ADMIN, 'supplierRequirementCreate', {
    requirementTypeId,
    supplierId: ACME,
    personnelId,
    reviewerEmployeeId: ETHAN,
    dueDate: addDays(today, 10),
    message: 'Before your first day on site.',
  });

/** The course's mails to an assignment: the newest one's link (its token decoded). */
async function trainingLink(assignmentId: string) {
  const mails = await ctx.db.mailMessage.findMany({
    where: { textBody: { contains: trainingLinkPaths.status(assignmentId) } },
    orderBy: { createdAt: 'desc' },
  });
  const token = /authtoken=([^\s&"]+)/.exec(mails[0]?.textBody ?? '')?.[1];
  return { count: mails.length, token: token && decodeURIComponent(token) };
}

/** POST as the holder of a link. */
const byLink = (token: string, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/${path}?authtoken=${encodeURIComponent(token)}`, payload });

const requirementOf = (id: string) => ctx.db.supplierRequirement.findUniqueOrThrow({ where: { id } });

describe('requirement types met by a course', () => {
  it('takes a published course in use of the organisation, for a person’s type only', async () => {
    const { courseId } = await publishedCourse();
    const { courseId: draft } = await publishedCourse({ publish: false });
    const sam = await employeeOf(ctx.db, 'sam.southbank');
    const southbank = await ctx.db.trainingCourse.findFirstOrThrow({
      where: { companyId: sam.companyId, currentVersion: { gt: 0 }, isActive: true },
    });
    const refused = async (body: object, message: string) => {
      const response = await call(ADMIN, 'requirementTypeSave', {
        name: `Induction ${unique()}`,
        appliesTo: 'personnel',
        expires: false,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().validation_errors).toEqual([{ field: 'trainingCourseId', message }]);
    };
    await refused({ appliesTo: 'company', trainingCourseId: courseId }, say.courseForPersonnel);
    await refused({ trainingCourseId: draft }, say.courseUnknown);
    await refused({ trainingCourseId: southbank.id }, say.courseUnknown);
    await refused({ trainingCourseId: randomUUID() }, say.courseUnknown);

    const options = await data(ADMIN, 'requirementTypeCourseOptions');
    const names = options.map((option: { name: string }) => option.name);
    expect(options).toContainEqual(expect.objectContaining({ _id: courseId }));
    expect(options.some((option: { _id: string }) => option._id === draft)).toBe(false);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(
      (await call('sam.southbank', 'requirementTypeCourseOptions')).json().response_data,
    ).not.toContainEqual(expect.objectContaining({ _id: courseId }));

    // A course's pass counts until its refresher, never by a document's date: `expires` is forced off.
    const type = await courseType(courseId);
    const course = await ctx.db.trainingCourse.findUniqueOrThrow({ where: { id: courseId } });
    expect(type).toMatchObject({
      expires: false,
      trainingCourseId: courseId,
      trainingCourseName: course.name,
    });
    const listed = (await data(ADMIN, 'requirementTypeList')).find(
      (row: { _id: string }) => row._id === type._id,
    );
    expect(listed).toMatchObject({
      trainingCourseId: courseId,
      trainingCourseName: course.name,
      expires: false,
    });

    // Once requested, a type keeps its course.
    expect((await request(type._id)).statusCode).toBe(200);
    const changed = await call(ADMIN, 'requirementTypeSave', {
      _id: type._id,
      name: type.name,
      appliesTo: 'personnel',
      expires: true,
      trainingCourseId: null,
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().validation_errors).toEqual([
      { field: 'trainingCourseId', message: say.courseInUse },
    ]);
    // Renamed, it keeps it even when the course has gone out of use since.
    await ctx.db.trainingCourse.update({ where: { id: courseId }, data: { isActive: false } });
    const renamed = await data(ADMIN, 'requirementTypeSave', {
      _id: type._id,
      name: `${type.name} (gate)`,
      appliesTo: 'personnel',
      expires: false,
      trainingCourseId: courseId,
    });
    expect(renamed).toMatchObject({ trainingCourseId: courseId, inUse: 1 });
  });
});

describe('a request of a course type', () => {
  it('assigns the course, mails its link, and the pass approves every request it meets', async () => {
    const { courseId, answers } = await publishedCourse();
    const [first, second] = [await courseType(courseId), await courseType(courseId)];
    const created = await request(first._id);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().response_message).toBe(say.requested(1));
    const requirement = await requirementOf(created.json().response_data._id);
    const assignment = await ctx.db.onlineTrainingAssignment.findUniqueOrThrow({
      where: { id: requirement.trainingAssignmentId! },
    });
    expect(assignment).toMatchObject({
      courseId,
      personnelId: LIAM,
      employeeId: null,
      reviewerEmployeeId: ETHAN,
      status: 'assigned',
      message: 'Before your first day on site.',
    });
    expect(assignment.completeBy.toISOString().slice(0, 10)).toBe(addDays(today, 10));
    // No document link: the course's link, which opens the training for its holder.
    expect(
      await ctx.db.linkToken.count({
        where: { resourceType: 'supplierRequirement', resourceId: requirement.id },
      }),
    ).toBe(0);
    const link = await trainingLink(assignment.id);
    expect(link.count).toBe(1);
    const opened = await byLink(link.token!, 'trainingAssignmentOpen', { _id: assignment.id });
    expect(opened.statusCode, opened.body).toBe(200);

    // The page of the requirement says where the course stands; a document is refused.
    const details = await data(ADMIN, 'supplierRequirementDetails', { _id: requirement.id });
    expect(details).toMatchObject({
      expires: false,
      canUpload: false,
      canReview: false,
      training: { assignmentId: assignment.id, status: 'assigned', score: null, passedAt: null },
    });
    const { payload, contentType } = multipartPayload({ _id: requirement.id }, [
      { name: 'induction.pdf', content: Buffer.from('%PDF-1.4\n') },
    ]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplierRequirementUpload',
      headers: { 'content-type': contentType, authtoken: tokens['acme.supplier']! },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(409);
    expect(upload.json().response_message).toBe(say.courseTypeNoUpload);

    // Another type met by the same course: linked to the open assignment, its link mailed again.
    const again = await request(second._id);
    expect(again.json().response_data.mailsQueued).toBe(1);
    const linked = await requirementOf(again.json().response_data._id);
    expect(linked.trainingAssignmentId).toBe(assignment.id);
    expect(await ctx.db.onlineTrainingAssignment.count({ where: { courseId, personnelId: LIAM } })).toBe(1);
    expect((await trainingLink(assignment.id)).count).toBe(2);

    // Send again: a new link to the same course.
    const resent = await call(ADMIN, 'supplierRequirementResend', { _id: requirement.id });
    expect(resent.json().response_data.mailsQueued).toBe(1);
    const latest = await trainingLink(assignment.id);
    expect(latest.count).toBe(3);

    // Liam passes it through the link: both requests are approved by the system.
    const attempt = await byLink(latest.token!, 'trainingAttemptStart', { assignmentId: assignment.id });
    expect(attempt.statusCode, attempt.body).toBe(200);
    const submitted = await byLink(latest.token!, 'trainingAttemptSubmit', {
      _id: attempt.json().response_data._id,
      answers,
    });
    expect(submitted.json().response_data).toMatchObject({ status: 'passed', score: 100 });
    const course = await ctx.db.trainingCourse.findUniqueOrThrow({ where: { id: courseId } });
    for (const id of [requirement.id, linked.id]) {
      const met = await requirementOf(id);
      expect(met).toMatchObject({
        status: 'approved',
        reviewedById: null,
        expiryDate: null,
        trainingAssignmentId: assignment.id,
        note: say.passedCourse(course.name, 100),
      });
      expect(met.reviewedAt).not.toBeNull();
      const logged = await ctx.db.changeLog.findFirstOrThrow({
        where: { entityType: 'supplierRequirement', entityId: id, action: 'approved' },
      });
      expect(logged.userId).toBeNull();
    }
    const compliance: TSupplierCompliance = await data(ADMIN, 'supplierCompliance', { supplierId: ACME });
    const liam = compliance.personnel.find((person) => person.personnelId === LIAM)!;
    expect(liam.requirements.find((row) => row._id === requirement.id)).toMatchObject({
      status: 'approved',
      state: 'valid',
    });
    expect(await data(ADMIN, 'supplierRequirementDetails', { _id: requirement.id })).toMatchObject({
      state: 'valid',
      training: { status: 'passed', score: 100, courseName: course.name },
    });

    // Requested again after the pass: met at once, nothing mailed; nothing left to send again.
    const met = await request(first._id);
    expect(met.statusCode, met.body).toBe(200);
    expect(met.json()).toMatchObject({ response_message: say.metAtOnce, response_data: { mailsQueued: 0 } });
    expect((await requirementOf(met.json().response_data._id)).status).toBe('approved');
    const nothing = await call(ADMIN, 'supplierRequirementResend', { _id: requirement.id });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().response_message).toBe(say.courseMet);
  });

  it('counts a repeating course’s pass until its refresher is due, and renews it with the next pass', async () => {
    const { courseId, answers } = await publishedCourse();
    const type = await courseType(courseId);
    const passedAt = new Date(`${addDays(today, -20)}T12:00:00Z`);
    const make = (status: 'passed' | 'assigned', frequency: 'months' | null) =>
      ctx.db.onlineTrainingAssignment.create({
        data: {
          companyId,
          courseId,
          personnelId: LIAM,
          reviewerEmployeeId: ETHAN,
          completeBy: passedAt,
          expectationDuration: 10,
          noTestAttempt: 2,
          status,
          score: status === 'passed' ? 100 : null,
          passedAt: status === 'passed' ? passedAt : null,
          frequency,
          repeatInterval: frequency ? 1 : null,
        },
      });
    const passed = await make('passed', 'months');
    const created = await request(type._id);
    expect(created.json().response_message).toBe(say.metAtOnce);
    const requirement = await requirementOf(created.json().response_data._id);
    // Passed 20 days ago, monthly: due again ~10 days from now, so expiring soon.
    expect(requirement).toMatchObject({ status: 'approved', trainingAssignmentId: passed.id });
    expect(requirement.expiryDate!.getTime()).toBeGreaterThan(new Date(`${today}T00:00:00Z`).getTime());
    const row = (await data(ADMIN, 'supplierRequirementDetails', { _id: requirement.id })).state;
    expect(row).toBe('expiringSoon');

    // The pass counted no more (its refresher day gone): the open refresher is linked and mailed.
    await ctx.db.onlineTrainingAssignment.update({
      where: { id: passed.id },
      data: { passedAt: new Date(`${addDays(today, -60)}T12:00:00Z`) },
    });
    const refresher = await make('assigned', 'months');
    const other = await courseType(courseId);
    const asked = await request(other._id);
    expect(asked.json().response_data.mailsQueued).toBe(1);
    const otherId = asked.json().response_data._id;
    expect((await requirementOf(otherId)).trainingAssignmentId).toBe(refresher.id);

    // Passing the refresher meets the new request and renews the one the earlier pass met.
    const { token } = await trainingLink(refresher.id);
    const attempt = await byLink(token!, 'trainingAttemptStart', { assignmentId: refresher.id });
    const submitted = await byLink(token!, 'trainingAttemptSubmit', {
      _id: attempt.json().response_data._id,
      answers,
    });
    expect(submitted.json().response_data).toMatchObject({ status: 'passed' });
    const due = inductionExpiry(today, { frequency: 'months', repeatInterval: 1 });
    for (const id of [requirement.id, otherId])
      expect(await requirementOf(id)).toMatchObject({
        status: 'approved',
        trainingAssignmentId: refresher.id,
        expiryDate: new Date(`${due}T00:00:00Z`),
      });
  });
});

describe('reminders and other organisations', () => {
  it('leaves a course type out of the document reminders', async () => {
    const reminders = new SupplierRequirementService(
      ctx.db,
      undefined as never,
      ctx.app.mail,
      undefined as never,
      {
        publicUrl: 'http://compass.test',
        productName: 'Compass',
      },
    );
    await reminders.sendReminders();
    const { courseId } = await publishedCourse();
    const type = await courseType(courseId);
    const created = await call(ADMIN, 'supplierRequirementCreate', {
      requirementTypeId: type._id,
      supplierId: ACME,
      personnelId: LIAM,
      reviewerEmployeeId: ETHAN,
      dueDate: addDays(today, 2),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await reminders.sendReminders()).toBe(0);
    expect((await requirementOf(created.json().response_data._id)).reminderSentAt).toBeNull();
  });

  it('keeps the course options and the requirement to their organisation', async () => {
    const { courseId } = await publishedCourse();
    const type = await courseType(courseId);
    const created = await request(type._id);
    const id = created.json().response_data._id;
    expect((await call('sam.southbank', 'supplierRequirementDetails', { _id: id })).statusCode).toBe(404);
    expect((await call('sam.southbank', 'supplierRequirementResend', { _id: id })).statusCode).toBe(404);
    expect((await call('acme.supplier', 'requirementTypeCourseOptions')).statusCode).toBe(403);
  });
});
