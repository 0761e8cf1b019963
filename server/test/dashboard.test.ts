import { addDays, dueBucket, taskDueType, TIME_ZONE_MESSAGE } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ctx,
  ZONE,
  SYDNEY,
  today,
  nw,
  NORTHWIND,
  asDay,
  SectionBody,
  Sections,
  post,
  data,
  dashboard,
  dueOf,
  ids,
  freshEmployee,
  actionRow,
  scheduledRow,
  useDashboardApp,
} from './dashboardFixture';

useDashboardApp();

describe('POST /api/dashboardList for ethan.coordinator (the seed)', () => {
  let list: Sections;
  beforeAll(async () => {
    list = await dashboard('ethan.coordinator');
  });

  it('answers every section with its total and its list, open items only, by due date', () => {
    const totals = Object.fromEntries(Object.entries(list).map(([key, section]) => [key, section.total]));
    expect(totals).toEqual({
      // His two reminders and three audits: the two the seed schedules and the warehouse audit.
      scheduledTasks: 5,
      // The HR form he reviews, his own, the review he assesses (Jack's) and his own to self-assess.
      hrForms: 4,
      // Four forms, and the HR form he reviews (the seed's hr/ethan).
      formCoordination: 5,
      // His five reviews, and three competency renewals of the people who report to him.
      scheduledReviews: 8,
      assignedActions: 9,
      employeeOnlineTrainingAssessment: 1,
      reviewOnlineTrainingAssessment: 1,
      externalPartiesForms: 1,
      // He does no maintenance of the demo's assets.
      scheduledMaintenance: 0,
      myNoticeboard: 4,
    });
    for (const [key, section] of Object.entries(list)) {
      expect(section.list, key).toHaveLength(section.total);
      if (key === 'myNoticeboard') continue;
      const dues = section.list.map(dueOf);
      expect(dues, key).toEqual([...dues].sort());
      for (const item of section.list) {
        expect(item.taskDueDateType, `${key} ${item._id}`).toBe(taskDueType(dueOf(item), today()));
        expect(item.badge, key).toEqual(expect.any(String));
      }
    }
  });

  it('scheduled tasks: his open reminders and the open audits he conducts (the completed one left out)', () => {
    expect(ids(list.scheduledTasks!)).toEqual([
      nw('audit', 'warehouse'),
      nw('audit', 'ethan/overdue'),
      nw('scheduledTask', 'ethan/today'),
      nw('audit', 'ethan/upcoming'),
      nw('scheduledTask', 'ethan/upcomingReminder'),
    ]);
    // An audit owns its schedule: the item is the Audit row (its _id opens audit-update/{id}).
    expect(list.scheduledTasks!.list[1]).toMatchObject({
      sectionType: 'audit',
      title: 'Monthly site inspection',
      assignTitle: 'Monthly site inspection',
      assignDetails: null,
      assignFor: nw('employee', 'ethan'),
      assignForName: 'Ethan Clarke',
      taskOwnerName: 'Olivia Bennett',
      formTemplateName: 'Workplace Safety Audit',
      workplaceName: 'Riverside Depot',
      branchName: 'Warehouse',
      frequency: 'months',
      dueDate: addDays(today(), -4),
      taskDueDateType: 'overdue',
      badge: 'Pending Completion',
    });
    expect(list.scheduledTasks!.list[2]).toMatchObject({
      sectionType: 'reminder',
      assignDetails: 'Check first aid kit contents for Ethan Clarke.',
      dueDate: today(),
      taskDueDateType: 'due',
    });
    expect(list.scheduledTasks!.list[3]).toMatchObject({ taskDueDateType: 'nodue' });
  });

  it('HR forms: the one he reviews, his assessment, the review he assesses and his own review', () => {
    expect(list.hrForms!.list.map((item) => [item._id, item.sectionType, item.badge])).toEqual([
      [nw('hrForm', 'ethan/reviewer'), 'hrReviwer', 'Pending For Review'],
      [nw('hrForm', 'ethan/assessment'), 'hrAssessment', 'Pending Completion'],
      [nw('performanceReview', 'ethan/reviewing'), 'performanceReview', 'Pending For Review'],
      [nw('performanceReview', 'ethan/current'), 'performanceReview', 'Assessment pending'],
    ]);
    expect(list.hrForms!.list[0]).toMatchObject({
      formName: 'Annual Wellbeing Check',
      employee: nw('employee', 'jack'),
      employeeName: 'Jack Morrison',
      reviewer: nw('employee', 'ethan'),
      formSumissionId: nw('submission', 'hr/ethan'),
    });
  });

  it('form coordination: the open and draft submissions he coordinates, by form date', () => {
    expect(
      list.formCoordination!.list.map((item) => [item.formatedNumber, item.isDraft, item.badge, item._id]),
    ).toEqual([
      ['FS 1002', 'no', 'Ready For Review', nw('submission', '1002')],
      ['FS 1001', 'no', 'Ready For Review', nw('submission', '1001')],
      ['FS 1021', 'no', 'Ready For Review', nw('submission', 'hr/ethan')],
      ['FS 1003', 'no', 'Ready For Review', nw('submission', '1003')],
      ['FS 1006', 'yes', 'Pending Completion', nw('submission', '1006')],
    ]);
    expect(list.formCoordination!.list[1]).toMatchObject({
      formSumissionId: nw('submission', '1001'),
      formTemplate: 'Incident Report',
      formDescription: 'Slip on wet floor near loading bay 2',
      formDate: addDays(today(), -3),
    });
  });

  it('scheduled reviews: his reviews, and the co-review he still owes Olivia', () => {
    const reviews = list.scheduledReviews!.list.filter((item) => item.sectionType !== 'competency');
    const byId = new Map(reviews.map((item) => [item._id, item]));
    expect(byId.size).toBe(5);
    expect(byId.has(nw('review', 'ethan/done'))).toBe(false);
    expect(byId.get(nw('review', 'ethan/risk'))).toMatchObject({
      sectionType: 'riskRegister',
      actionType: 'review',
      isCoReviewed: 'no',
      badge: 'Pending For Review by co-Reviewer',
    });
    expect(byId.get(nw('review', 'ethan/hazard'))).toMatchObject({
      actionType: 'review',
      isCoReviewed: 'yes',
      badge: 'Pending For Review',
    });
    expect(byId.get(nw('review', 'olivia/risk'))).toMatchObject({
      actionType: 'coReview',
      actionBy: 'Olivia Bennett',
      badge: 'Pending For Review',
    });
    // Olivia's hazard review is already co-reviewed: nothing left for Ethan.
    expect(byId.has(nw('review', 'olivia/hazard'))).toBe(false);
  });

  it('assigned actions: form tasks, audit and obligation questions and document work, by due date', () => {
    const expected = [
      [nw('acknowledgement', 'ethan/PPE Policy'), 'document', 'document-assign'],
      [nw('action', '1002/1'), 'form', null],
      [nw('obligationTask', 'ethan/open'), 'obligation', null],
      // The version of his procedure an approver rejected: his to revise.
      [nw('documentVersion', 'Forklift Safe Work Procedure/2'), 'document', 'document-rejected'],
      [nw('auditTask', 'ethan/open'), 'audit', null],
      [nw('action', '1007/1'), 'form', null],
      [nw('approval', 'ethan/Emergency Response Plan'), 'document', 'document-requestApprove'],
      [nw('action', '1001/1'), 'form', null],
      [nw('auditTask', 'ethan/draft'), 'audit', null],
    ];
    expect(list.assignedActions!.list.map((item) => [item._id, item.sectionType, item.actionType])).toEqual(
      expected,
    );
    const items = new Map(list.assignedActions!.list.map((item) => [item._id, item]));
    expect(items.get(nw('action', '1002/1'))).toMatchObject({
      itemName: 'FS 1002 Incident Report',
      instructionShow: 'Mark a pedestrian exclusion zone at the container yard exit.',
      formSumissionId: nw('submission', '1002'),
      taskID: nw('action', '1002/1'),
      taskNumber: 1,
      badge: 'Pending Completion',
    });
    expect(items.get(nw('auditTask', 'ethan/draft'))).toMatchObject({
      itemName: 'Quarterly Warehouse Audit',
      auditId: nw('audit', 'warehouse'),
      isDraft: 'yes',
    });
    expect(items.get(nw('obligationTask', 'ethan/open'))).toMatchObject({
      itemName: 'Work Health and Safety Act 2011',
      obligationId: nw('obligation', 'whs'),
    });
    expect(items.get(nw('approval', 'ethan/Emergency Response Plan'))).toMatchObject({
      badge: 'Approval Pending',
      documentId: nw('document', 'Emergency Response Plan'),
    });
    expect(items.get(nw('documentVersion', 'Forklift Safe Work Procedure/2'))).toMatchObject({
      itemName: 'Forklift Safe Work Procedure',
      documentId: nw('document', 'Forklift Safe Work Procedure'),
      badge: 'Pending Completion',
    });
  });

  it('online training: his own attempt and the one he reviews', () => {
    expect(list.employeeOnlineTrainingAssessment!.list).toEqual([
      expect.objectContaining({
        _id: nw('training', 'ethan/trainee'),
        assignFormId: nw('training', 'ethan/trainee'),
        formName: 'Fire Safety',
        employeeName: 'Ethan Clarke',
        expectationDuration: 15,
        noTestAttempt: 2,
        completedTestAttempt: 1,
        isAttempted: 'yes',
        action: 'reTest',
        actionType: 'employee',
        badge: 'Assessment pending',
      }),
    ]);
    expect(list.reviewOnlineTrainingAssessment!.list).toEqual([
      expect.objectContaining({
        _id: nw('training', 'ethan/reviewer'),
        employeeName: 'Jack Morrison',
        action: 'review',
        actionType: 'reviewer',
        badge: 'Ready For Review',
        taskDueDateType: 'overdue',
      }),
    ]);
  });

  it('external parties: the supplier forms submitted for his review (documents are in the supplier list)', () => {
    expect(list.externalPartiesForms!.list.map((item) => [item._id, item.sectionType, item.badge])).toEqual([
      [nw('supplierAssignment', 'ethan/review'), 'supplierReviwer', 'Pending For Review'],
    ]);
    expect(list.externalPartiesForms!.list[0]).toMatchObject({
      companyId: NORTHWIND,
      companyName: 'Northwind Facilities',
      formName: expect.any(String),
    });
  });

  it('noticeboard: the active notices of his organisation, newest first, content cut at 1000', async () => {
    expect(list.myNoticeboard!.list.map((item) => item.title)).toEqual([
      'North Gate closed for resurfacing',
      'New quarterly safety audit schedule',
      'Updated PPE policy',
      'Welcome to Compass',
    ]);
    const audits = list.myNoticeboard!.list[1]!;
    expect(audits).toMatchObject({
      isTruncated: 'yes',
      priority: 'medium',
      employeeDetails: { firstName: 'Ethan', lastName: 'Clarke', profileImage: null },
      positionDetails: { name: 'Safety Coordinator' },
      attachment: [],
    });
    expect((audits.content as string).length).toBe(1000);
    expect(list.myNoticeboard!.list[0]).toMatchObject({ isTruncated: 'no', expireDate: addDays(today(), 5) });
  });

  it('carries filePath', async () => {
    expect((await data('ethan.coordinator', 'dashboardList')).filePath).toBe('/api/files/');
  });
});

describe('POST /api/dashboardList for olivia.admin', () => {
  it('shows her own coordination and actions, not Ethan’s', async () => {
    const list = await dashboard('olivia.admin');
    expect(list.formCoordination!.list.map((item) => item.formatedNumber)).toEqual([
      'FS 1019',
      'FS 1008',
      'FS 1020',
      'FS 1007',
      'FS 1016',
    ]);
    expect(list.assignedActions!.total).toBe(8);
    const actionIds = ids(list.assignedActions!);
    expect(actionIds).toContain(nw('action', '1017/3'));
    expect(actionIds).not.toContain(nw('action', '1001/4')); // completed
    expect(actionIds).not.toContain(nw('action', '1002/1')); // Ethan's
    expect(list.hrForms!.list.map((item) => item.sectionType)).toEqual([
      'hrReviwer',
      'hrAssessment',
      'performanceReview',
      'performanceReview',
    ]);
  });
});

describe('exact totals from known rows', () => {
  it('a new employee has empty sections except the noticeboard', async () => {
    const { username } = await freshEmployee();
    const list = await dashboard(username);
    for (const [key, section] of Object.entries(list)) {
      expect(section.total, key).toBe(key === 'myNoticeboard' ? 4 : 0);
    }
  });

  it('counts every open action in total but lists the 50 most urgent', async () => {
    const { username, employeeId } = await freshEmployee();
    const other = await freshEmployee();
    const base = today();
    await ctx.db.action.createMany({
      data: [
        ...Array.from({ length: 55 }, (_, index) => actionRow(employeeId, addDays(base, index - 10))),
        actionRow(employeeId, addDays(base, -30), { isComplete: true, completedOn: asDay(base) }),
        actionRow(other.employeeId, addDays(base, -40)),
      ],
    });
    const list = await dashboard(username);
    expect(list.assignedActions!.total).toBe(55);
    expect(list.assignedActions!.list).toHaveLength(50);
    expect(list.assignedActions!.list[0]!.dueDate).toBe(addDays(base, -10));
    expect(list.assignedActions!.list[49]!.dueDate).toBe(addDays(base, 39));
    const pie = await data(username, 'dashboardPieChart', { localTimeZone: ZONE });
    expect(pie.assignAction).toEqual({ total: 55, due: 10, today: 1, upcoming: 44 });
  });

  it('a scheduled task assigned to nobody belongs to its owner', async () => {
    const { username, employeeId } = await freshEmployee();
    await ctx.db.scheduledTask.createMany({
      data: [
        { ...scheduledRow(employeeId, today()), assignForEmployeeId: null, taskOwnerEmployeeId: employeeId },
        // Owned by this employee but assigned to Ethan: Ethan's task.
        {
          ...scheduledRow(employeeId, today()),
          assignForEmployeeId: nw('employee', 'ethan'),
          taskOwnerEmployeeId: employeeId,
        },
        { ...scheduledRow(employeeId, today()), completedAt: new Date() },
      ],
    });
    expect((await dashboard(username)).scheduledTasks!.total).toBe(1);
  });
});

describe('POST /api/dashboardPieChart', () => {
  it.each(['ethan.coordinator', 'olivia.admin', 'sam.southbank'])(
    'counts the same items the lists show (%s)',
    async (username) => {
      const list = await dashboard(username);
      const pie = await data(username, 'dashboardPieChart', { localTimeZone: ZONE });
      const split = (section: SectionBody) => {
        const counts = { total: section.total, today: 0, upcoming: 0, due: 0 };
        for (const item of section.list) counts[dueBucket(dueOf(item), today())] += 1;
        return counts;
      };
      expect(pie).toEqual({
        form: split(list.formCoordination!),
        assignAction: split(list.assignedActions!),
        scheduledActivites: split(list.scheduledTasks!),
      });
      expect(pie.assignAction.total).toBeGreaterThan(0);
    },
  );

  it('splits today, upcoming and due on the day of the sent time zone', async () => {
    const { username, employeeId } = await freshEmployee();
    const sydneyToday = today(SYDNEY);
    await ctx.db.action.createMany({
      data: [-1, 0, 1].map((offset) => actionRow(employeeId, addDays(sydneyToday, offset))),
    });
    const pie = await data(username, 'dashboardPieChart', { localTimeZone: SYDNEY });
    expect(pie.assignAction).toEqual({ total: 3, due: 1, today: 1, upcoming: 1 });
    expect(pie.form).toEqual({ total: 0, due: 0, today: 0, upcoming: 0 });
  });

  it('judges "today" in the caller’s zone: UTC+14 and UTC-11 never share a day', async () => {
    const { username, employeeId } = await freshEmployee();
    const kiritimati = today('Pacific/Kiritimati');
    await ctx.db.action.create({ data: actionRow(employeeId, kiritimati) });
    const ahead = await data(username, 'dashboardPieChart', { localTimeZone: 'Pacific/Kiritimati' });
    const behind = await data(username, 'dashboardPieChart', { localTimeZone: 'Pacific/Pago_Pago' });
    expect(ahead.assignAction).toMatchObject({ today: 1, upcoming: 0 });
    expect(behind.assignAction).toMatchObject({ today: 0, upcoming: 1 });
    const list = await dashboard(username, 'Pacific/Pago_Pago');
    expect(list.assignedActions!.list[0]!.taskDueDateType).toBe('nodue');
  });

  it('defaults to UTC and refuses an unknown zone', async () => {
    expect((await post('ethan.coordinator', 'dashboardPieChart', {})).status).toBe(200);
    const res = await post('ethan.coordinator', 'dashboardPieChart', { localTimeZone: 'Mars/Olympus' });
    expect(res.status).toBe(400);
    expect(res.body.response_message).toBe(TIME_ZONE_MESSAGE);
    const list = await post('ethan.coordinator', 'dashboardList', { localTimeZone: 'not a zone' });
    expect(list.status).toBe(400);
  });
});
