import {
  addDays,
  callPath,
  hazardousCalls,
  registerMessages,
  riskCalls,
  riskReviewCalls,
  riskSaveCall,
  supplierAssignmentOpenCall,
  workItemKind,
  type TAssignedActionItem,
  type TDashboardListResponse,
  type TDashboardSupplierListResponse,
  type TScheduledReviewItem,
  type TSupplierItem,
  type WorkItemKind,
  type WorkItemKinds,
  type WorkItemRef,
  type WorkItemViewer,
} from '@compass/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_ACCOUNTS } from '../../seed/demo/ids';
import { OPENED_WITH } from '../src/modules/dashboard/openers';
import {
  apiCalls,
  employeeOf,
  multipartPayload,
  setRoleKeys,
  setupTestApp,
  signIn,
  type TestContext,
} from './helpers';

// Listed means it opens (docs/dashboard.md): every item of every demo account's dashboards answers
// 2xx from the call its page makes, and each section lists by the rule that call opens by.

let ctx: TestContext;
const tokens: Record<string, string> = {};
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const ZONE = 'Australia/Sydney';

/** The body the kind's page sends to its opening call (OPENED_WITH names the call). */
type Body<K extends WorkItemKind> = (item: WorkItemKinds[K], viewer: WorkItemViewer) => object | undefined;

const reviewBody = (item: TScheduledReviewItem) => ({
  itemId: item.itemId,
  actionType: item.actionType,
});
const actionBody = (item: TAssignedActionItem) => ({ sectionType: item.sectionType, taskId: item.taskID });
const idBody = (item: { _id: string }) => ({ _id: item._id });
const documentWork = (item: TAssignedActionItem, viewer: WorkItemViewer) => ({
  _id: item.documentId,
  employeeId: viewer.employeeId ?? viewer.personnelId ?? viewer.userId,
});
const requirementBody = (item: TSupplierItem) => ({ _id: item._id });

const BODIES: { [K in WorkItemKind]: Body<K> } = {
  'scheduledTask.audit': idBody,
  'scheduledTask.reminderForm': idBody,
  'scheduledTask.reminder': idBody,
  'hrForm.hrAssessment': idBody,
  'hrForm.hrReviwer': idBody,
  'hrForm.performanceReview': idBody,
  'formCoordination.draft': (item) => ({ formSubmissionId: item.formSumissionId }),
  'formCoordination.open': (item) => ({ formSubmissionId: item.formSumissionId }),
  'scheduledReview.document': reviewBody,
  'scheduledReview.riskRegister': reviewBody,
  'scheduledReview.hazardousRegister': reviewBody,
  'scheduledReview.obligation': reviewBody,
  'scheduledReview.competency': (item) => ({ employeeId: item.itemId }),
  'assignedAction.audit': actionBody,
  'assignedAction.obligation': actionBody,
  'assignedAction.form': actionBody,
  'assignedAction.document-assign': documentWork,
  'assignedAction.document-requestApprove': documentWork,
  'assignedAction.document-rejected': (item) => ({ _id: item.documentId }),
  'assignedAction.document-action': (item) => ({ _id: item.documentId }),
  'onlineTraining.attempt': (item) => ({ _id: item.assignFormId }),
  'onlineTraining.reTest': (item) => ({ _id: item.assignFormId }),
  'onlineTraining.view': (item) => ({ _id: item.formSumissionId ?? item.assignFormId }),
  'onlineTraining.review': (item) => ({ _id: item.formSumissionId ?? item.assignFormId }),
  'supplier.supplierReviwer': idBody,
  'supplier.reviewUpcomingSupplier': requirementBody,
  'supplier.reviewUpcomingPersonnel': requirementBody,
  'supplierPortal.supplierAssessment': idBody,
  'supplierPortal.reviewUpcomingSupplier': requirementBody,
  'supplierPortal.reviewUpcomingPersonnel': requirementBody,
  maintenance: idBody,
  notice: () => undefined,
};

interface Listed {
  ref: WorkItemRef;
  kind: WorkItemKind;
  section: string;
}

async function viewerOf(username: string): Promise<WorkItemViewer> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { username } });
  return {
    side: user.userType === 'employee' ? 'employee' : 'supplier',
    userId: user.id,
    employeeId: user.employeeId,
    personnelId: user.personnelId,
  };
}

/** Every item of the account's dashboards (both calls, as the page loads them), with its section. */
async function listedItems(username: string, viewer: WorkItemViewer): Promise<Listed[]> {
  const refs: Array<[string, WorkItemRef]> = [];
  if (viewer.side === 'employee') {
    const { list } = (await data(username, 'dashboardList', {
      localTimeZone: ZONE,
    })) as TDashboardListResponse;
    const add = (section: string, items: WorkItemRef[]) =>
      refs.push(...items.map((ref): [string, WorkItemRef] => [section, ref]));
    add(
      'scheduledTasks',
      list.scheduledTasks.list.map((item) => ({ section: 'scheduledTasks', item })),
    );
    add(
      'hrForms',
      list.hrForms.list.map((item) => ({ section: 'hrForms', item })),
    );
    add(
      'formCoordination',
      list.formCoordination.list.map((item) => ({ section: 'formCoordination', item })),
    );
    add(
      'scheduledReviews',
      list.scheduledReviews.list.map((item) => ({ section: 'scheduledReviews', item })),
    );
    add(
      'assignedActions',
      list.assignedActions.list.map((item) => ({ section: 'assignedActions', item })),
    );
    for (const name of ['employeeOnlineTrainingAssessment', 'reviewOnlineTrainingAssessment'] as const)
      add(
        name,
        list[name].list.map((item) => ({ section: 'onlineTraining', item })),
      );
    add(
      'externalPartiesForms',
      list.externalPartiesForms.list.map((item) => ({ section: 'supplier', item })),
    );
    add(
      'scheduledMaintenance',
      list.scheduledMaintenance.list.map((item) => ({ section: 'scheduledMaintenance', item })),
    );
    add(
      'myNoticeboard',
      list.myNoticeboard.list.map((item) => ({ section: 'noticeboard', item })),
    );
  }
  const supplier = (await data(username, 'dashboardSupplierList', {
    localTimeZone: ZONE,
  })) as TDashboardSupplierListResponse;
  for (const name of ['supplierReviewDocuments', 'personnelReviewDocuments', 'supplierAssessment'] as const)
    for (const item of supplier[name].list) refs.push([`supplier ${name}`, { section: 'supplier', item }]);
  for (const item of supplier.assignedActions.list)
    refs.push(['supplier assignedActions', { section: 'assignedActions', item }]);
  for (const item of supplier.scheduledMaintenance.list)
    refs.push(['supplier scheduledMaintenance', { section: 'scheduledMaintenance', item }]);
  return refs.map(([section, ref]) => ({ ref, section, kind: workItemKind(ref, viewer) }));
}

/** Opens the item as its page does: status and message. */
async function open(username: string, listed: Listed, viewer: WorkItemViewer) {
  const opening = OPENED_WITH[listed.kind];
  const body = BODIES[listed.kind] as Body<WorkItemKind>;
  const response =
    opening.method === 'GET'
      ? await ctx.app.inject({
          method: 'GET',
          url: `/api${callPath(opening, { id: listed.ref.item._id })}?localTimeZone=${encodeURIComponent(ZONE)}`,
          headers: { authtoken: tokens[username]! },
        })
      : await call(username, opening.path.slice(1), body(listed.ref.item as never, viewer));
  return { status: response.statusCode, message: response.json().response_message as string };
}

/** `section kind id: status message` of every listed item that does not open. */
async function refusedItems(username: string) {
  const viewer = await viewerOf(username);
  const items = await listedItems(username, viewer);
  const refused: string[] = [];
  for (const listed of items) {
    const answer = await open(username, listed, viewer);
    if (answer.status >= 300)
      refused.push(
        `${listed.section} ${listed.kind} ${listed.ref.item._id}: ${answer.status} ${answer.message}`,
      );
  }
  return { items, refused };
}

const sectionTotals = async (username: string) => {
  const supplier = (await data(username, 'dashboardSupplierList', {
    localTimeZone: ZONE,
  })) as TDashboardSupplierListResponse;
  return { forms: supplier.supplierAssessment.total, actions: supplier.assignedActions.total };
};

/** A published course of one single-choice question (and a short answer): its id and its test's. */
async function publishedCourse(attemptsAllowed: number, shortAnswer = false) {
  const [right, wrong, questionId, shortId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const questions = [
    {
      _id: questionId,
      kind: 'singleChoice',
      text: 'Wear a helmet?',
      options: [
        { _id: right, text: 'Yes' },
        { _id: wrong, text: 'No' },
      ],
      correctOptionIds: [right],
    },
    ...(shortAnswer ? [{ _id: shortId, kind: 'shortAnswer', text: 'Why?' }] : []),
  ];
  const saved = await data('olivia.admin', 'trainingCourseSave', {
    name: `Dashboard course ${randomUUID()}`,
    content: {
      sections: [{ _id: randomUUID(), title: 'Read', body: '<p>Read.</p>' }],
      questions,
      attemptsAllowed,
    },
  });
  await data('olivia.admin', 'trainingCoursePublish', { _id: saved._id, revision: saved.revision });
  return { courseId: saved._id as string, answers: { [questionId]: [wrong], [shortId]: 'To learn.' } };
}

/**
 * Online training's four kinds: Ava has one to attempt, Mia one to take again and one with every
 * attempt used (view), Ethan Mia's written answers to review.
 */
async function addTrainingWork() {
  const [mia, ethan, ava] = [
    await employeeOf(ctx.db, 'mia.employee'),
    await employeeOf(ctx.db, 'ethan.coordinator'),
    await employeeOf(ctx.db, 'ava.dual'),
  ];
  const assign = async (courseId: string, employeeId: string): Promise<string> =>
    (
      await data('olivia.admin', 'trainingAssign', {
        courseId,
        employeeIds: [employeeId],
        reviewerEmployeeId: ethan.id,
        completeBy: addDays(new Date().toISOString().slice(0, 10), 7),
      })
    ).ids[0];
  const takeWrongly = async (course: { courseId: string; answers: object }) => {
    const assignmentId = await assign(course.courseId, mia.id);
    const attempt = await data('mia.employee', 'trainingAttemptStart', { assignmentId });
    await data('mia.employee', 'trainingAttemptSubmit', { _id: attempt._id, answers: course.answers });
  };
  await assign((await publishedCourse(1)).courseId, ava.id);
  await takeWrongly(await publishedCourse(2));
  await takeWrongly(await publishedCourse(1));
  await takeWrongly(await publishedCourse(2, true));
}

beforeAll(async () => {
  ctx = await setupTestApp();
  for (const username of [...DASHBOARD_ACCOUNTS, 'zoe.noportal'])
    tokens[username] = await signIn(ctx.app, username);
  await addTrainingWork();
});

describe('every item on every demo account’s dashboards opens for that account', () => {
  it.each(DASHBOARD_ACCOUNTS)('%s', async (username) => {
    const { items, refused } = await refusedItems(username);
    expect(items.length, 'the demo data lists items to every account').toBeGreaterThan(0);
    expect(refused).toEqual([]);
  });

  it('every kind the demo lists is opened at least once across the accounts (the test reaches them)', async () => {
    const kinds = new Set<WorkItemKind>();
    for (const username of DASHBOARD_ACCOUNTS)
      for (const listed of await listedItems(username, await viewerOf(username))) kinds.add(listed.kind);
    expect(kinds.size).toBeGreaterThanOrEqual(24);
    for (const kind of [
      'supplierPortal.supplierAssessment',
      'assignedAction.form',
      'assignedAction.audit',
      'scheduledReview.riskRegister',
      'scheduledReview.hazardousRegister',
      'scheduledReview.competency',
      'hrForm.performanceReview',
      'onlineTraining.attempt',
      'onlineTraining.reTest',
      'onlineTraining.view',
      'onlineTraining.review',
      'maintenance',
    ] as const)
      expect(kinds).toContain(kind);
  });
});

describe('the supplier company account and its people’s work (docs/external-parties.md)', () => {
  it('lists its people’s assigned forms and actions besides the company’s own, and opens each for them', async () => {
    const items = await listedItems('acme.supplier', await viewerOf('acme.supplier'));
    const person = async (firstName: string) =>
      (
        await ctx.db.personnel.findFirstOrThrow({
          where: { firstName, supplier: { name: 'Acme Contracting' } },
        })
      ).id;
    const [liam, ava] = [await person('Liam'), await person('Ava')];
    const forms = items.filter((listed) => listed.kind === 'supplierPortal.supplierAssessment');
    // The company's own, Liam's two open ones and Ava's (Liam's submitted and closed ones are done).
    expect(forms.map((listed) => (listed.ref.item as TSupplierItem).personnel ?? 'company').sort()).toEqual(
      ['company', liam, liam, ava].sort(),
    );
    const actions = items.filter((listed) => listed.section === 'supplier assignedActions');
    expect(actions.length).toBe(6);
    expect(await sectionTotals('acme.supplier')).toEqual({ forms: 4, actions: 6 });
  });

  it('completes a person’s action on their behalf: the change log names the account; neither dashboard lists it', async () => {
    const [action] = (
      (await data('liam.personnel', 'dashboardSupplierList', {
        localTimeZone: ZONE,
      })) as TDashboardSupplierListResponse
    ).assignedActions.list;
    const before = await sectionTotals('liam.personnel');
    const form = multipartPayload(
      {
        sectionType: action!.sectionType,
        taskId: action!.taskID,
        response: 'Done by the office for Liam.',
        completeStatus: 'yes',
        localTimeZone: ZONE,
      },
      [],
    );
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/assignedActionSave',
      headers: { authtoken: tokens['acme.supplier']!, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const account = await ctx.db.user.findUniqueOrThrow({ where: { username: 'acme.supplier' } });
    const logged = await ctx.db.changeLog.findFirstOrThrow({
      where: { entityId: action!.taskID, action: 'completed' },
    });
    expect(logged.userId).toBe(account.id);
    expect(await sectionTotals('liam.personnel')).toEqual({ ...before, actions: before.actions - 1 });
    expect((await sectionTotals('acme.supplier')).actions).toBe(5);
  });

  it('a person opens only their own: Liam is refused Ava’s form and action, another supplier’s account Acme’s', async () => {
    const ava = await ctx.db.personnel.findFirstOrThrow({ where: { firstName: 'Ava', lastName: 'Nguyen' } });
    const avaForm = await ctx.db.supplierAssignment.findFirstOrThrow({ where: { personnelId: ava.id } });
    const avaAction = await ctx.db.action.findFirstOrThrow({
      where: { assigneePersonnelId: ava.id, isComplete: false },
    });
    const liamOpens = await call('liam.personnel', 'supplierAssignmentOpen', { _id: avaForm.id });
    expect([liamOpens.statusCode, liamOpens.json().response_message]).toEqual([
      404,
      'This form is not assigned to you.',
    ]);
    const liamDetails = await call('liam.personnel', 'assignedActionDetails', {
      sectionType: 'form',
      taskId: avaAction.id,
    });
    expect(liamDetails.statusCode).toBe(404);
    // Zenith's portal is off: its account is refused before any rule of the call.
    expect((await call('zoe.noportal', 'supplierAssignmentOpen', { _id: avaForm.id })).statusCode).toBe(403);
    const status = await call('acme.supplier', 'supplierAssessmentStatus', { _id: avaForm.id });
    expect(status.statusCode).toBe(200);
  });
});

describe('an assigned form whose form was never started', () => {
  it('is started when first opened, as assigning starts it; the next open finds the same form', async () => {
    const liam = await ctx.db.personnel.findFirstOrThrow({ where: { firstName: 'Liam' } });
    const template = await ctx.db.formTemplate.findFirstOrThrow({
      where: { companyId: liam.companyId, formType: 'supplier', isActive: true, currentVersion: { gt: 0 } },
    });
    const reviewer = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const assignment = await ctx.db.supplierAssignment.create({
      data: {
        companyId: liam.companyId,
        supplierId: liam.supplierId,
        personnelId: liam.id,
        formTemplateId: template.id,
        reviewerEmployeeId: reviewer.employeeId,
        dueDate: new Date(`${addDays(new Date().toISOString().slice(0, 10), 5)}T00:00:00Z`),
      },
    });
    const first = await data('liam.personnel', supplierAssignmentOpenCall.path.slice(1), {
      _id: assignment.id,
    });
    const started = await ctx.db.supplierAssignment.findUniqueOrThrow({ where: { id: assignment.id } });
    expect(started.submissionId).not.toBeNull();
    expect(first.path).toContain(started.submissionId);
    const form = await ctx.db.formSubmission.findUniqueOrThrow({
      where: { id: started.submissionId! },
      include: { coordinators: true },
    });
    expect(form).toMatchObject({
      formType: 'supplier',
      isDraft: true,
      recordedByPersonnelId: liam.id,
      supplierId: liam.supplierId,
      templateId: template.id,
    });
    expect(form.coordinators.map((row) => row.employeeId)).toEqual([reviewer.employeeId]);
    // The company account opens it too (on Liam's behalf): the same form, no second one.
    const again = await data('acme.supplier', 'supplierAssignmentOpen', { _id: assignment.id });
    expect(again.path).toContain(started.submissionId);
    expect(
      await ctx.db.formSubmission.count({
        where: { templateId: template.id, recordedByPersonnelId: liam.id },
      }),
    ).toBe(
      await ctx.db.supplierAssignment.count({
        where: { formTemplateId: template.id, personnelId: liam.id, submissionId: { not: null } },
      }),
    );
  });
});

describe('reviews of a register the caller’s role does not open', () => {
  it('mia.employee (no risk or hazardous key) is listed none, and their review page refuses her as before', async () => {
    const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    const miaId = mia.employeeId!;
    const open = await ctx.db.review.findMany({
      where: {
        itemType: { in: ['riskRegister', 'hazardousRegister'] },
        completedAt: null,
        OR: [{ reviewerEmployeeId: miaId }, { coReviewerEmployeeId: miaId, isCoReviewed: false }],
      },
    });
    expect(open.length).toBeGreaterThan(0);
    const { list } = (await data('mia.employee', 'dashboardList', {
      localTimeZone: ZONE,
    })) as TDashboardListResponse;
    // Her competencies to renew (the demo's Working at Heights and Confined Space Entry) besides.
    expect(list.scheduledReviews.list.map((item) => item.sectionType).sort()).toEqual([
      'competency',
      'competency',
      'document',
      'obligation',
    ]);
    const risk = open.find((review) => review.itemType === 'riskRegister')!;
    const refused = await call('mia.employee', riskReviewCalls.details.path.slice(1), {
      itemId: risk.itemId,
      actionType: risk.reviewerEmployeeId === mia.employeeId ? 'review' : 'coReview',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('the reviewer pickers offer only employees who can open the review; a save naming another is refused', async () => {
    const search = async (path: string, role: 'anyone' | 'reviewer') =>
      (
        (await data('olivia.admin', path, { search: 'Mia', role })) as { options: { name: string }[] }
      ).options.map((option) => option.name);
    for (const calls of [riskCalls, hazardousCalls]) {
      expect(await search(calls.people.path.slice(1), 'anyone')).toContain('Mia Torres');
      expect(await search(calls.people.path.slice(1), 'reviewer')).toEqual([]);
    }
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    const risk = (reviewerId: string | null) => ({
      name: `Loading dock reversing ${reviewerId}`,
      hazard: 'Trucks reversing onto the dock.',
      inherent: { likelihood: 3, consequence: 4 },
      residual: { likelihood: 2, consequence: 3 },
      ownerId: olivia.employeeId,
      reviewFrequency: 'quarterly',
      reviewerId,
      nextReviewDate: addDays(new Date().toISOString().slice(0, 10), 10),
    });
    const refused = await call('olivia.admin', riskSaveCall.path.slice(1), risk(mia.employeeId));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().validation_errors).toContainEqual({
      field: 'reviewerId',
      message: registerMessages.reviewerWithoutAccess,
    });
    const coReviewer = await call('olivia.admin', riskSaveCall.path.slice(1), {
      ...risk(olivia.employeeId),
      coReviewerId: mia.employeeId,
    });
    expect(coReviewer.statusCode).toBe(400);
    expect((await call('olivia.admin', riskSaveCall.path.slice(1), risk(olivia.employeeId))).statusCode).toBe(
      200,
    );
  });

  it('once her role holds the keys, the same reviews are listed and open', async () => {
    await setRoleKeys(ctx.db, 'mia.employee', { risk: true, hazardous: true });
    const { list } = (await data('mia.employee', 'dashboardList', {
      localTimeZone: ZONE,
    })) as TDashboardListResponse;
    expect(list.scheduledReviews.list.map((item) => item.sectionType)).toEqual(
      expect.arrayContaining(['riskRegister', 'hazardousRegister']),
    );
    expect((await refusedItems('mia.employee')).refused).toEqual([]);
  });
});
