import {
  addDays,
  dashboardPeriod,
  dueBucket,
  messages,
  periodContainsDay,
  type DashboardPeriodKey,
} from '@compass/shared';
import { describe, expect, it } from 'vitest';
import {
  ctx,
  api,
  ZONE,
  SYDNEY,
  today,
  nw,
  sb,
  NORTHWIND,
  SOUTHBANK,
  asDay,
  Item,
  SectionBody,
  tokenOf,
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

describe('POST /api/dashboardBarChart: periods in Australia/Sydney', () => {
  const bar = (username: string, selectedDay: DashboardPeriodKey, extra: Record<string, unknown> = {}) =>
    data(username, 'dashboardBarChart', {
      barChartType: 'assignAction',
      selectedDay,
      localTimeZone: SYDNEY,
      ...extra,
    });

  it('a week is Sunday to Saturday: Saturday is in, the Sunday after and the Saturday before are out', async () => {
    const { username, employeeId } = await freshEmployee();
    const week = dashboardPeriod('week', new Date(), SYDNEY);
    await ctx.db.scheduledTask.createMany({
      data: [
        addDays(week.startDay, -1), // the Saturday before
        week.startDay, // Sunday
        week.endDay, // Saturday
        addDays(week.endDay, 1), // the next Sunday
      ].map((due) => scheduledRow(employeeId, due)),
    });
    const result = await bar(username, 'week');
    expect(result.period).toEqual({
      selectedDay: 'week',
      localTimeZone: SYDNEY,
      startDay: week.startDay,
      endDay: week.endDay,
    });
    expect(result.scheduledActivites).toBe(2);
    expect(result.assignAction).toBe(0);
  });

  it('a month is the calendar month, its last day included', async () => {
    const { username, employeeId } = await freshEmployee();
    const month = dashboardPeriod('month', new Date(), SYDNEY);
    expect(month.endDay.slice(0, 7)).toBe(month.startDay.slice(0, 7));
    expect(addDays(month.endDay, 1).slice(8)).toBe('01');
    await ctx.db.action.createMany({
      data: [addDays(month.startDay, -1), month.startDay, month.endDay, addDays(month.endDay, 1)].map((due) =>
        actionRow(employeeId, due),
      ),
    });
    expect((await bar(username, 'month')).assignAction).toBe(2);
  });

  it('today counts only the local day, whatever range the client sends', async () => {
    const { username, employeeId } = await freshEmployee();
    const sydneyToday = today(SYDNEY);
    await ctx.db.action.createMany({
      data: [-1, 0, 1].map((offset) => actionRow(employeeId, addDays(sydneyToday, offset))),
    });
    const result = await bar(username, 'today', {
      startToday: '2000-01-01T00:00:00.000Z',
      endToday: '2100-01-01T00:00:00.000Z',
      startDay: '2000-01-01',
      endDay: '2100-01-01',
    });
    expect(result.assignAction).toBe(1);
    expect(result.period).toMatchObject({ startDay: sydneyToday, endDay: sydneyToday });
  });

  it('assignAction counts the items of the caller’s own lists in the period', async () => {
    const list = await dashboard('ethan.coordinator', SYDNEY);
    for (const selectedDay of ['today', 'week', 'month'] as const) {
      const period = dashboardPeriod(selectedDay, new Date(), SYDNEY);
      const inPeriod = (section: SectionBody) =>
        section.list.filter((item) => periodContainsDay(period, dueOf(item))).length;
      expect(await bar('ethan.coordinator', selectedDay)).toMatchObject({
        form: inPeriod(list.formCoordination!),
        assignAction: inPeriod(list.assignedActions!),
        scheduledActivites: inPeriod(list.scheduledTasks!),
      });
    }
  });

  it('companyOverview counts the whole organisation’s open items, and only it', async () => {
    const period = dashboardPeriod('month', new Date(), ZONE);
    const range = { gte: asDay(period.startDay), lte: asDay(period.endDay) };
    const expected = async (companyId: string) => ({
      form: await ctx.db.formSubmission.count({ where: { companyId, isClosed: false, formDate: range } }),
      assignAction:
        (await ctx.db.action.count({ where: { companyId, isComplete: false, dueDate: range } })) +
        (await ctx.db.auditQuestionTask.count({ where: { companyId, isComplete: false, dueDate: range } })) +
        (await ctx.db.obligationQuestionTask.count({
          where: { companyId, isComplete: false, dueDate: range },
        })) +
        (await ctx.db.documentAcknowledgement.count({
          where: { companyId, acknowledgedAt: null, lapsedAt: null, dueDate: range },
        })) +
        (await ctx.db.documentApproval.count({ where: { companyId, status: 'requested', dueDate: range } })) +
        (await ctx.db.documentVersion.count({
          where: { companyId, status: 'rejected', revisedAt: null, rejectedOn: range },
        })),
      scheduledActivites:
        (await ctx.db.scheduledTask.count({ where: { companyId, completedAt: null, dueDate: range } })) +
        (await ctx.db.audit.count({ where: { companyId, status: { not: 'closed' }, auditDate: range } })),
    });
    const body = { barChartType: 'companyOverview', selectedDay: 'month', localTimeZone: ZONE };
    const northwind = await data('olivia.admin', 'dashboardBarChart', body);
    const southbank = await data('sam.southbank', 'dashboardBarChart', body);
    expect(northwind).toMatchObject(await expected(NORTHWIND));
    expect(southbank).toMatchObject(await expected(SOUTHBANK));
    expect(northwind.assignAction).toBeGreaterThan(southbank.assignAction);
  });

  it('defaults to month and is not for suppliers', async () => {
    const result = await data('ethan.coordinator', 'dashboardBarChart', { barChartType: 'assignAction' });
    expect(result.period.selectedDay).toBe('month');
    const res = await post('acme.supplier', 'dashboardBarChart', { barChartType: 'assignAction' });
    expect(res.status).toBe(403);
    expect(res.body.response_message).toBe(messages.dashboard.suppliersHaveNoBarChart);
  });
});

describe('POST /api/dashboardSupplierList', () => {
  const supplierList = (username: string) => data(username, 'dashboardSupplierList', { localTimeZone: ZONE });

  it('liam.personnel sees his requirements, forms and actions', async () => {
    const result = await supplierList('liam.personnel');
    expect(result.supplierReviewDocuments).toEqual({ total: 0, list: [] });
    expect(ids(result.personnelReviewDocuments)).toEqual([nw('supplierRequirement', 'liam/induction')]);
    expect(result.personnelReviewDocuments.list[0]).toMatchObject({
      sectionType: 'reviewUpcomingPersonnel',
      documentTypeName: 'Induction Certificate',
      personnelName: 'Liam Walker',
      supplierName: 'Acme Contracting',
      status: 'pending',
      badge: 'Pending Completion',
    });
    expect(ids(result.supplierAssessment)).toEqual([
      nw('supplierAssignment', 'acme/liam-draft'),
      nw('supplierAssignment', 'acme/liam'),
    ]);
    expect(result.supplierAssessment.list[0]).toMatchObject({
      sectionType: 'supplierAssessment',
      formName: 'Contractor Safety Assessment',
      formSumissionId: nw('submission', '1010'),
      badge: 'Assessment pending',
    });
    expect(ids(result.assignedActions).sort()).toEqual(
      [
        nw('action', '1003/4'),
        nw('action', '1001/3'),
        nw('auditTask', 'liam'),
        nw('action', '1008/1'),
      ].sort(),
    );
    // The list's own dashboard sections are employee-only.
    const list = await dashboard('liam.personnel');
    for (const section of Object.values(list)) expect(section.total).toBe(0);
  });

  it('acme.supplier (the company account) sees the whole supplier’s items', async () => {
    const result = await supplierList('acme.supplier');
    expect(ids(result.supplierReviewDocuments)).toEqual([nw('supplierRequirement', 'acme/pli')]);
    expect(ids(result.personnelReviewDocuments).sort()).toEqual(
      [nw('supplierRequirement', 'liam/induction'), nw('supplierRequirement', 'ava/induction')].sort(),
    );
    expect(result.supplierAssessment.total).toBe(4);
    expect(result.assignedActions.total).toBe(6);
    expect(ids(result.assignedActions)).toContain(nw('action', '1008/2')); // Grace's
    const all = JSON.stringify(result);
    expect(all).not.toContain(nw('supplierAssignment', 'zenith/zoe'));
    expect(all).not.toContain(nw('action', '1019/1')); // Zoe's (Zenith)
  });

  it('zoe.noportal: no supplier portal, 403 with a clear message', async () => {
    const res = await post('zoe.noportal', 'dashboardSupplierList');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      response_code: 403,
      response_message: messages.dashboard.supplierPortalDisabled,
    });
  });

  it('either flag opens the portal; neither closes it', async () => {
    const acme = nw('supplier', 'Acme Contracting');
    try {
      await ctx.db.supplierCompany.update({
        where: { id: acme },
        data: { supplierPortal: false, supplierAccess: false },
      });
      expect((await post('liam.personnel', 'dashboardSupplierList')).status).toBe(403);
      await ctx.db.supplierCompany.update({ where: { id: acme }, data: { supplierAccess: true } });
      expect((await post('liam.personnel', 'dashboardSupplierList')).status).toBe(200);
      await ctx.db.supplierCompany.update({
        where: { id: acme },
        data: { supplierPortal: true, supplierAccess: false },
      });
      expect((await post('liam.personnel', 'dashboardSupplierList')).status).toBe(200);
    } finally {
      await ctx.db.supplierCompany.update({
        where: { id: acme },
        data: { supplierPortal: true, supplierAccess: true },
      });
    }
  });

  it('an employee sees the documents they review, and nothing dashboardList already shows', async () => {
    const result = await supplierList('ethan.coordinator');
    expect(ids(result.supplierReviewDocuments).sort()).toEqual(
      [nw('supplierRequirement', 'ethan/company'), nw('supplierRequirement', 'acme/smp')].sort(),
    );
    expect(ids(result.personnelReviewDocuments)).toEqual([nw('supplierRequirement', 'ethan/personnel')]);
    expect(result.personnelReviewDocuments.list[0]).toMatchObject({
      sectionType: 'reviewUpcomingPersonnel',
      badge: 'Pending For Review',
      companyId: NORTHWIND,
      supplierName: 'Brightline Electrical',
      personnelName: 'Kai Robinson',
      documentTypeName: 'First Aid Certificate',
    });
    // The supplier form he reviews is dashboardList's External Parties item; his actions are its
    // Assigned Actions. The page shows both calls: no item may appear twice.
    expect(result.supplierAssessment).toEqual({ total: 0, list: [] });
    expect(result.assignedActions).toEqual({ total: 0, list: [] });
    const list = await dashboard('ethan.coordinator');
    const onPage = [...Object.values(list), ...(Object.values(result) as SectionBody[])].flatMap(ids);
    expect(onPage.length).toBeGreaterThan(20);
    expect(new Set(onPage).size).toBe(onPage.length);
    const fresh = await freshEmployee();
    const none = await supplierList(fresh.username);
    for (const section of Object.values(none) as SectionBody[]) expect(section.total).toBe(0);
  });
});

describe('POST /api/dashboardPieChart for suppliers', () => {
  const ZERO = { total: 0, today: 0, upcoming: 0, due: 0 };
  /** total / today / upcoming / due of a section whose whole list is shown (total <= 50). */
  const splitOf = (section: SectionBody) => {
    expect(section.list).toHaveLength(section.total);
    const counts = { ...ZERO, total: section.total };
    for (const item of section.list) counts[dueBucket(dueOf(item), today())] += 1;
    return counts;
  };

  it.each(['liam.personnel', 'acme.supplier'])(
    'counts the Assigned Forms and Assigned Actions of the supplier list (%s)',
    async (username) => {
      const supplier = await data(username, 'dashboardSupplierList', { localTimeZone: ZONE });
      const pie = await data(username, 'dashboardPieChart', { localTimeZone: ZONE });
      expect(pie).toEqual({
        form: splitOf(supplier.supplierAssessment),
        assignAction: splitOf(supplier.assignedActions),
        scheduledActivites: ZERO,
      });
      expect(pie.form.total).toBeGreaterThan(0);
      expect(pie.assignAction.total).toBeGreaterThan(0);
    },
  );

  it('splits a supplier’s forms into due, today and upcoming in the sent zone', async () => {
    const template = await ctx.db.supplierAssignment.findUniqueOrThrow({
      where: { id: nw('supplierAssignment', 'acme/liam') },
    });
    const before = await data('liam.personnel', 'dashboardPieChart', { localTimeZone: SYDNEY });
    const day = today(SYDNEY);
    const created = await Promise.all(
      [-1, 0, 1].map((offset) =>
        ctx.db.supplierAssignment.create({
          data: {
            companyId: template.companyId,
            supplierId: template.supplierId,
            personnelId: template.personnelId,
            formTemplateId: template.formTemplateId,
            status: 'assigned',
            dueDate: asDay(addDays(day, offset)),
          },
        }),
      ),
    );
    try {
      const after = await data('liam.personnel', 'dashboardPieChart', { localTimeZone: SYDNEY });
      expect(after.form).toEqual({
        total: before.form.total + 3,
        due: before.form.due + 1,
        today: before.form.today + 1,
        upcoming: before.form.upcoming + 1,
      });
      expect(after.assignAction).toEqual(before.assignAction);
    } finally {
      await ctx.db.supplierAssignment.deleteMany({ where: { id: { in: created.map((row) => row.id) } } });
    }
  });

  it('zoe.noportal: 403 with the supplier portal message, like the supplier list', async () => {
    const res = await post('zoe.noportal', 'dashboardPieChart', { localTimeZone: ZONE });
    expect(res.status).toBe(403);
    expect(res.body.response_message).toBe(messages.dashboard.supplierPortalDisabled);
  });
});

describe('a forced password change', () => {
  it.each([
    'dashboardList',
    'dashboardSupplierList',
    'dashboardPieChart',
    'dashboardBarChart',
    'noticeboardList',
  ])('blocks %s for noah.expired', async (path) => {
    const res = await post('noah.expired', path, {});
    expect(res.status).toBe(403);
    expect(res.body.response_message).toBe(messages.common.passwordChangeRequired);
    expect(res.body.error_code).toBe('password_change_required');
  });
});

describe('tenant isolation: sam.southbank', () => {
  const NORTHWIND_TABLES = [
    'action',
    'scheduledTask',
    'hrFormAssignment',
    'review',
    'auditQuestionTask',
    'obligationQuestionTask',
    'documentAcknowledgement',
    'documentApproval',
    'onlineTrainingAssignment',
    'supplierAssignment',
    'supplierRequirement',
    'notice',
    'formSubmission',
    'formTemplate',
    'employee',
    'document',
    'audit',
    'obligation',
    'supplierCompany',
    'personnel',
  ] as const;

  it('sees Southbank’s items only, even rows of Northwind that name his employee id', async () => {
    const sam = sb('employee', 'sam');
    // Rows of another organisation pointing at Sam's id (no foreign key stops it).
    await ctx.db.action.create({ data: actionRow(sam, today()) });
    await ctx.db.scheduledTask.create({ data: scheduledRow(sam, today()) });
    await ctx.db.review.create({
      data: {
        companyId: NORTHWIND,
        itemType: 'document',
        itemId: nw('document', 'PPE Policy'),
        name: 'Cross-tenant review',
        reviewerEmployeeId: sam,
        dueDate: asDay(today()),
      },
    });
    const list = await dashboard('sam.southbank');
    const totals = Object.fromEntries(Object.entries(list).map(([key, section]) => [key, section.total]));
    expect(totals).toEqual({
      // His reminders and audits, and the Dock Safety Audit he conducts.
      scheduledTasks: 5,
      // His HR form and the one he reviews, his performance review and the one he assesses (Tom's).
      hrForms: 4,
      // Two forms, and the HR form he reviews.
      formCoordination: 3,
      scheduledReviews: 5,
      assignedActions: 8,
      employeeOnlineTrainingAssessment: 1,
      reviewOnlineTrainingAssessment: 1,
      externalPartiesForms: 1,
      scheduledMaintenance: 0,
      myNoticeboard: 2,
    });
    const supplier = await data('sam.southbank', 'dashboardSupplierList', { localTimeZone: ZONE });
    const notices = await data('sam.southbank', 'noticeboardList', { localTimeZone: ZONE });
    const text = JSON.stringify([list, supplier, notices]);
    const returnedIds = [
      ...new Set(text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)),
    ];
    expect(returnedIds.length).toBeGreaterThan(30);
    expect(returnedIds).not.toContain(NORTHWIND);
    for (const table of NORTHWIND_TABLES) {
      const delegate = ctx.db[table] as unknown as {
        count: (args: { where: { id: { in: string[] }; companyId: string } }) => Promise<number>;
      };
      expect(await delegate.count({ where: { id: { in: returnedIds }, companyId: NORTHWIND } }), table).toBe(
        0,
      );
    }
    for (const item of [
      ...supplier.supplierReviewDocuments.list,
      ...supplier.personnelReviewDocuments.list,
      ...list.externalPartiesForms!.list,
    ]) {
      expect(item.companyId).toBe(SOUTHBANK);
    }
  });

  it('cannot open a Northwind notice', async () => {
    const res = await api()
      .get(`/api/notices/${nw('notice', 'welcome')}`)
      .set('authtoken', await tokenOf('sam.southbank'));
    expect(res.status).toBe(404);
  });
});

describe('noticeboard', () => {
  it('pages the active notices, newest first', async () => {
    const first = await data('mia.employee', 'noticeboardList', { page: 1, pageSize: 3 });
    const second = await data('mia.employee', 'noticeboardList', { page: 2, pageSize: 3 });
    const beyond = await data('mia.employee', 'noticeboardList', { page: 9, pageSize: 3 });
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.list).toHaveLength(3);
    expect(second.list.map((item: Item) => item.title)).toEqual(['Welcome to Compass']);
    expect(beyond).toMatchObject({ total: 4, list: [] });
    const titles = [...first.list, ...second.list].map((item: Item) => item.title);
    expect(titles).not.toContain('End of year celebration'); // expired
    expect(titles).not.toContain('Fire drill next month'); // not started
  });

  it('shows a notice whole, with its attachments and author', async () => {
    const audits = nw('notice', 'audits');
    const attachment = await ctx.db.attachment.create({
      data: {
        companyId: NORTHWIND,
        ownerType: 'notice',
        ownerId: audits,
        name: 'audit-schedule.pdf',
        storageKey: 'notices/audit-schedule.pdf',
        mimeType: 'application/pdf',
        size: 1234,
      },
    });
    const res = await api()
      .get(`/api/notices/${audits}`)
      .set('authtoken', await tokenOf('mia.employee'));
    expect(res.status).toBe(200);
    const stored = await ctx.db.notice.findUniqueOrThrow({ where: { id: audits } });
    expect(stored.content.length).toBeGreaterThan(1000);
    expect(res.body.response_data).toMatchObject({
      _id: audits,
      content: stored.content,
      isTruncated: 'no',
      attachment: [{ _id: attachment.id, name: 'audit-schedule.pdf', path: attachment.id }],
      employeeDetails: { firstName: 'Ethan', lastName: 'Clarke' },
    });
    expect(JSON.stringify(res.body)).not.toContain('notices/audit-schedule.pdf');
    const listed = await data('mia.employee', 'noticeboardList', {});
    const cut = listed.list.find((item: Item) => item._id === audits);
    expect(cut).toMatchObject({ isTruncated: 'yes', content: stored.content.slice(0, 1000) });
  });

  it('answers 404 for an expired, future or unknown notice', async () => {
    const token = await tokenOf('mia.employee');
    for (const id of [nw('notice', 'party'), nw('notice', 'drill'), '00000000-0000-4000-8000-000000000000']) {
      expect((await api().get(`/api/notices/${id}`).set('authtoken', token)).status).toBe(404);
    }
  });

  it('suppliers have no noticeboard', async () => {
    expect(await data('acme.supplier', 'noticeboardList', {})).toMatchObject({ total: 0, list: [] });
  });
});

describe('access', () => {
  it.each([
    'dashboardList',
    'dashboardSupplierList',
    'dashboardPieChart',
    'dashboardBarChart',
    'noticeboardList',
  ])('%s needs a session', async (path) => {
    const res = await api().post(`/api/${path}`).send({});
    expect(res.status).toBe(401);
  });
});
