import {
  dashboardPeriod,
  DASHBOARD_LIST_LIMIT,
  FORM_NUMBER_PREFIX,
  localDateOf,
  NOTICE_CONTENT_LIMIT,
  taskDueType,
  type DashboardPeriodKey,
  type TAssignedActionItem,
  type TBadge,
  type TDashboardBarChartResponse,
  type TDashboardListResponse,
  type TDashboardPieChartResponse,
  type TDashboardSections,
  type TDashboardSupplierListResponse,
  type TFormCoordinationItem,
  type THrFormItem,
  type TNotice,
  type TNoticeboardListResponse,
  type TOnlineTrainingItem,
  type TPieEntry,
  type TScheduledReviewItem,
  type TScheduledTaskItem,
  type TSupplierItem,
} from '@compass/shared';
import { notFound } from '../../errors';
import { Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import type { DashboardReader } from './reader';

type Sql = Prisma.Sql;
const sql = Prisma.sql;
const join = Prisma.join;

/** Prefix of file URLs on the wire (notice attachments: filePath + attachment.path). */
export const FILE_PATH = '/api/files/';

/**
 * One kind of work item: rows of `from` (always aliased `t`) matching `where`, dated by `due`.
 * The list, the total, the pie and the bar chart of a section are all built from the same
 * sources, so they always count the same items.
 */
interface Source {
  kind: string;
  from: Sql;
  where: Sql;
  due: Sql;
}

interface Section<T> {
  total: number;
  list: T[];
}

const emptySection = <T>(): Section<T> => ({ total: 0, list: [] });

// ---------- SQL building blocks (tagged templates only: values are always parameters) ----------

const uuid = (value: string) => sql`${value}::uuid`;
const day = (value: string) => sql`${value}::date`;

/** The first `limit` items of the sources by due date, with their kind and due day. */
function topItems(sources: Source[], limit: number): Sql {
  const branches = sources.map(
    (source) =>
      sql`(SELECT t.id, ${source.kind}::text AS kind, ${source.due} AS due FROM ${source.from}
           WHERE ${source.where} ORDER BY ${source.due}, t.id LIMIT ${limit})`,
  );
  return sql`SELECT id, kind, due FROM (${join(branches, ' UNION ALL ')}) u ORDER BY due, kind, id LIMIT ${limit}`;
}

/** The number of items of the sources (optionally only those due in [startDay, endDay]). */
function countOf(sources: Source[], range?: { startDay: string; endDay: string }): Sql {
  const counts = sources.map((source) => {
    const inRange = range
      ? sql` AND ${source.due} BETWEEN ${day(range.startDay)} AND ${day(range.endDay)}`
      : Prisma.empty;
    return sql`(SELECT count(*) FROM ${source.from} WHERE ${source.where}${inRange})`;
  });
  return sql`(${join(counts, ' + ')})::int`;
}

/** total / due (past) / today / upcoming of the sources, relative to `today`. */
function pieOf(sources: Source[], today: string): Sql {
  const dues = sources.map(
    (source) => sql`SELECT ${source.due} AS due FROM ${source.from} WHERE ${source.where}`,
  );
  return sql`SELECT count(*)::int AS total,
      (count(*) FILTER (WHERE due < ${day(today)}))::int AS due,
      (count(*) FILTER (WHERE due = ${day(today)}))::int AS today,
      (count(*) FILTER (WHERE due > ${day(today)}))::int AS upcoming
    FROM (${join(dues, ' UNION ALL ')}) u`;
}

const fullName = (alias: string) =>
  sql`NULLIF(concat_ws(' ', ${Prisma.raw(`${alias}."firstName"`)}, ${Prisma.raw(`${alias}."lastName"`)}), '')`;

// ---------- Row helpers ----------

interface Counted {
  total: number | null;
}

function asDate(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

const yesNo = (value: boolean): 'yes' | 'no' => (value ? 'yes' : 'no');

function toSection<R extends Counted & { id: string | null }, T>(rows: R[], map: (row: R) => T): Section<T> {
  const present = rows.filter((row) => row.id !== null);
  return { total: rows[0]?.total ?? 0, list: present.map(map) };
}

/** The caller's scope: the organisation and who they are in it. Never from the request. */
interface Scope {
  companyId: string;
  employeeId: string;
  today: string;
  timeZone: string;
}

// ---------- Sources per section ----------

/**
 * Open scheduled tasks for the employee (or owned by them when assigned to nobody). The two cases
 * are disjoint and each is one index range in due-date order, so they are two sources rather than
 * one OR (which needs a bitmap scan, the heap and a sort of every open task).
 */
function scheduledTaskSources(companyId: string, employeeId: string | null): Source[] {
  const open = sql`t."companyId" = ${uuid(companyId)} AND t."completedAt" IS NULL`;
  const source = (where: Sql): Source => ({
    kind: 'scheduled',
    from: sql`"ScheduledTask" t`,
    where,
    due: sql`t."dueDate"`,
  });
  if (!employeeId) return [source(open)];
  return [
    source(sql`${open} AND t."assignForEmployeeId" = ${uuid(employeeId)}`),
    source(
      sql`${open} AND t."assignForEmployeeId" IS NULL AND t."taskOwnerEmployeeId" = ${uuid(employeeId)}`,
    ),
  ];
}

/**
 * Statements with the coordinator join are planned for their values on each run: one employee
 * coordinates a handful of submissions, another thousands (the busy one of the scale seed 5,996),
 * and the generic plan, sized for the average, probes the submissions once per coordinator row
 * (15 ms for the busy one) where a merge join of the two indexes takes 3 ms.
 */
const COORDINATOR_PLAN = 'custom';

/** Open (draft or submitted, not closed) submissions the employee coordinates. */
function formCoordinationSources(companyId: string, employeeId: string | null): Source[] {
  if (!employeeId) {
    return [
      {
        kind: 'form',
        from: sql`"FormSubmission" t`,
        where: sql`t."companyId" = ${uuid(companyId)} AND t."isClosed" = false`,
        due: sql`t."formDate"`,
      },
    ];
  }
  return [
    {
      kind: 'form',
      from: sql`"FormSubmission" t`,
      where: sql`t."companyId" = ${uuid(companyId)} AND t."isClosed" = false AND EXISTS (
        SELECT 1 FROM "SubmissionCoordinator" c
        WHERE c."companyId" = t."companyId" AND c."submissionId" = t.id
          AND c."employeeId" = ${uuid(employeeId)} AND c.position = 0)`,
      due: sql`t."formDate"`,
    },
  ];
}

/**
 * Open assigned actions: form tasks, audit and obligation questions, document acknowledgements
 * and approval requests. `assignee` picks whose: an employee, personnel, or the whole organisation.
 */
function assignedActionSources(
  companyId: string,
  assignee: { employeeId: string } | { personnelIds: Sql } | 'organisation',
): Source[] {
  const company = sql`t."companyId" = ${uuid(companyId)}`;
  const task = (column: 'assigneeEmployeeId' | 'assigneePersonnelId') => {
    if (assignee === 'organisation') return Prisma.empty;
    if ('employeeId' in assignee) return sql` AND t."assigneeEmployeeId" = ${uuid(assignee.employeeId)}`;
    return column === 'assigneePersonnelId'
      ? sql` AND t."assigneePersonnelId" IN (${assignee.personnelIds})`
      : Prisma.empty;
  };
  const sources: Source[] = [
    {
      kind: 'form',
      from: sql`"Action" t`,
      where: sql`${company} AND t."isComplete" = false${task('assigneePersonnelId')}`,
      due: sql`t."dueDate"`,
    },
    {
      kind: 'audit',
      from: sql`"AuditQuestionTask" t`,
      where: sql`${company} AND t."isComplete" = false${task('assigneePersonnelId')}`,
      due: sql`t."dueDate"`,
    },
    {
      kind: 'obligation',
      from: sql`"ObligationQuestionTask" t`,
      where: sql`${company} AND t."isComplete" = false${task('assigneePersonnelId')}`,
      due: sql`t."dueDate"`,
    },
  ];
  if (assignee !== 'organisation' && 'personnelIds' in assignee) return sources;
  const employee =
    assignee === 'organisation' ? Prisma.empty : sql` AND t."employeeId" = ${uuid(assignee.employeeId)}`;
  sources.push(
    {
      kind: 'acknowledgement',
      from: sql`"DocumentAcknowledgement" t`,
      where: sql`${company} AND t."acknowledgedAt" IS NULL${employee}`,
      due: sql`t."dueDate"`,
    },
    {
      kind: 'approval',
      from: sql`"DocumentApproval" t`,
      where: sql`${company} AND t.status = 'requested'${employee}`,
      due: sql`t."dueDate"`,
    },
  );
  return sources;
}

/** Which supplier items: form assignments or document requirements, seen by whom. */
interface SupplierPart {
  kind: 'assignment' | 'requirement';
  /** The caller's side: the reviewer (an employee) or the external party that must provide it. */
  role: 'reviewer' | 'provider';
  where: Sql;
}

function supplierSources(companyId: string, parts: SupplierPart[]): Source[] {
  return parts.map((part) => ({
    kind: `${part.kind}:${part.role}`,
    from: part.kind === 'assignment' ? sql`"SupplierAssignment" t` : sql`"SupplierRequirement" t`,
    where: sql`t."companyId" = ${uuid(companyId)} AND ${part.where}`,
    due: sql`t."dueDate"`,
  }));
}

/** A supplier or company user's supplier company, and the personnel account when there is one. */
interface Provider {
  companyId: string;
  supplierId: string;
  personnelId: string | null;
}

/**
 * What a supplier (company account: the whole supplier's; personnel account: their own) must do:
 * the four sections of the supplier dashboard. The pie counts the same sources.
 */
function providerParts(provider: Provider) {
  const supplierId = uuid(provider.supplierId);
  const mine = provider.personnelId
    ? sql`t."personnelId" = ${uuid(provider.personnelId)}`
    : sql`t."supplierId" = ${supplierId}`;
  const personnelIds = provider.personnelId
    ? uuid(provider.personnelId)
    : sql`SELECT p.id FROM "Personnel" p WHERE p."companyId" = ${uuid(provider.companyId)} AND p."supplierId" = ${supplierId}`;
  const toProvide = sql`t."supplierId" = ${supplierId} AND t.status IN ('pending', 'rejected')`;
  return {
    // Company-level documents are the company account's to provide; a personnel account has none.
    companyRequirements: provider.personnelId
      ? null
      : [{ kind: 'requirement', role: 'provider', where: sql`${toProvide} AND t."personnelId" IS NULL` }],
    personnelRequirements: [
      {
        kind: 'requirement',
        role: 'provider',
        where: sql`${toProvide} AND t."personnelId" IS NOT NULL AND ${mine}`,
      },
    ],
    assignedForms: [
      {
        kind: 'assignment',
        role: 'provider',
        where: sql`t."supplierId" = ${supplierId} AND t.status = 'assigned' AND ${mine}`,
      },
    ],
    assignedActions: assignedActionSources(provider.companyId, { personnelIds }),
  } satisfies Record<string, SupplierPart[] | Source[] | null>;
}

// ---------- The service ----------

/**
 * A dashboard answer, named before it is loaded. `key` holds everything the answer depends on
 * besides the organisation's data — who asks (as far as the answer differs by it), the input and the
 * local day — so the routes can keep what `load` returns under key + the organisation's data
 * version (cache.ts). The caller checks have run when an answer exists.
 */
export interface DashboardAnswer<T> {
  key: string;
  load: () => Promise<T>;
}

type Asker = Pick<AuthContext, 'companyId' | 'userType' | 'employeeId' | 'supplierId' | 'personnelId'>;

function answerKey(call: string, asker: Asker, input: object, day: string | null): string {
  const { companyId, userType, employeeId, supplierId, personnelId } = asker;
  return JSON.stringify([call, companyId, userType, employeeId, supplierId, personnelId, input, day]);
}

export class DashboardService {
  constructor(
    private readonly reader: DashboardReader,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private query<T extends unknown[]>(statement: Sql, plan: 'generic' | 'custom' = 'generic'): Promise<T> {
    return this.reader.rows(statement, { plan }) as Promise<T>;
  }

  close(): Promise<void> {
    return this.reader.close();
  }

  private scope(auth: AuthContext, timeZone: string): Scope | null {
    if (auth.userType !== 'employee' || !auth.employeeId) return null;
    return {
      companyId: auth.companyId,
      employeeId: auth.employeeId,
      today: localDateOf(this.clock(), timeZone),
      timeZone,
    };
  }

  // ----- dashboardList -----

  /** Names the answer and how to load it: see DashboardAnswer. */
  list(auth: AuthContext, input: { localTimeZone: string }): DashboardAnswer<TDashboardListResponse> {
    const scope = this.scope(auth, input.localTimeZone);
    return {
      key: answerKey('dashboardList', auth, input, scope?.today ?? null),
      load: async () => ({ list: scope ? await this.sections(scope) : emptySections(), filePath: FILE_PATH }),
    };
  }

  dashboardList(auth: AuthContext, input: { localTimeZone: string }): Promise<TDashboardListResponse> {
    return this.list(auth, input).load();
  }

  private async sections(scope: Scope): Promise<TDashboardSections> {
    const [
      scheduledTasks,
      hrForms,
      formCoordination,
      scheduledReviews,
      assignedActions,
      employeeOnlineTrainingAssessment,
      reviewOnlineTrainingAssessment,
      externalPartiesForms,
      myNoticeboard,
    ] = await Promise.all([
      this.scheduledTasks(scope),
      this.hrForms(scope),
      this.formCoordination(scope),
      this.scheduledReviews(scope),
      this.assignedActions(scope, assignedActionSources(scope.companyId, { employeeId: scope.employeeId })),
      this.onlineTraining(scope, 'employee'),
      this.onlineTraining(scope, 'reviewer'),
      // Supplier forms to review. The documents to review are the supplier sections of
      // dashboardSupplierList, so no item is listed twice on the page.
      this.supplierItems(scope, [
        {
          kind: 'assignment',
          role: 'reviewer',
          where: sql`t."reviewerEmployeeId" = ${uuid(scope.employeeId)} AND t.status = 'submitted'`,
        },
      ]),
      this.notices(scope.companyId, scope.today, scope.timeZone, DASHBOARD_LIST_LIMIT, 0),
    ]);
    return {
      scheduledTasks,
      hrForms,
      formCoordination,
      scheduledReviews,
      assignedActions,
      employeeOnlineTrainingAssessment,
      reviewOnlineTrainingAssessment,
      externalPartiesForms,
      myNoticeboard,
    };
  }

  private async scheduledTasks(scope: Scope): Promise<Section<TScheduledTaskItem>> {
    const sources = scheduledTaskSources(scope.companyId, scope.employeeId);
    const rows = await this.query<
      Array<
        Counted & {
          id: string | null;
          sectionType: 'audit' | 'reminder';
          title: string;
          detail: string | null;
          assignFor: string | null;
          assignForName: string | null;
          formTemplate: string | null;
          formTemplateName: string | null;
          formSubmission: string | null;
          taskOwner: string | null;
          taskOwnerName: string | null;
          workplace: string | null;
          workplaceName: string | null;
          branch: string | null;
          branchName: string | null;
          frequency: string | null;
          dueDate: string;
          createdAt: string;
        }
      >
    >(sql`
      WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
      SELECT t.id, t."sectionType"::text AS "sectionType", t.title, t.detail,
        t."assignForEmployeeId" AS "assignFor", ${fullName('af')} AS "assignForName",
        t."formTemplateId" AS "formTemplate", ft.name AS "formTemplateName",
        t."formSubmissionId" AS "formSubmission",
        t."taskOwnerEmployeeId" AS "taskOwner", ${fullName('ow')} AS "taskOwnerName",
        t."workplaceId" AS workplace, w.name AS "workplaceName", t."branchId" AS branch, b.name AS "branchName",
        t.frequency::text AS frequency, to_char(t."dueDate", 'YYYY-MM-DD') AS "dueDate", t."createdAt",
        ${countOf(sources)} AS total
      FROM top i
      JOIN "ScheduledTask" t ON t.id = i.id
      LEFT JOIN "Employee" af ON af.id = t."assignForEmployeeId" AND af."companyId" = t."companyId"
      LEFT JOIN "Employee" ow ON ow.id = t."taskOwnerEmployeeId" AND ow."companyId" = t."companyId"
      LEFT JOIN "FormTemplate" ft ON ft.id = t."formTemplateId" AND ft."companyId" = t."companyId"
      LEFT JOIN "Workplace" w ON w.id = t."workplaceId" AND w."companyId" = t."companyId"
      LEFT JOIN "Branch" b ON b.id = t."branchId" AND b."companyId" = t."companyId"
      ORDER BY i.due, i.id`);
    return toSection(rows, (row) => ({
      _id: row.id!,
      sectionType: row.sectionType,
      title: row.title,
      detail: row.detail,
      assignFor: row.assignFor,
      assignForName: row.assignForName,
      assignTitle: row.title,
      assignDetails: row.detail,
      formTemplate: row.formTemplate,
      formTemplateName: row.formTemplateName,
      formSubmission: row.formSubmission,
      taskOwner: row.taskOwner,
      taskOwnerName: row.taskOwnerName,
      workplace: row.workplace,
      workplaceName: row.workplaceName,
      branch: row.branch,
      branchName: row.branchName,
      frequency: row.frequency,
      dueDate: row.dueDate,
      createdAt: localDateOf(asDate(row.createdAt), scope.timeZone),
      taskDueDateType: taskDueType(row.dueDate, scope.today),
      badge: 'Pending Completion',
    }));
  }

  /** HR forms to fill in (assigned to the caller) and to review (submitted, caller reviews). */
  private async hrForms(scope: Scope): Promise<Section<THrFormItem>> {
    const me = uuid(scope.employeeId);
    const sources: Source[] = [
      {
        kind: 'hr',
        from: sql`"HrFormAssignment" t`,
        where: sql`t."companyId" = ${uuid(scope.companyId)} AND (
          (t."employeeId" = ${me} AND t.status = 'assigned')
          OR (t."reviewerEmployeeId" = ${me} AND t.status = 'submitted'))`,
        due: sql`t."dueDate"`,
      },
    ];
    const rows = await this.query<
      Array<
        Counted & {
          id: string | null;
          sectionType: 'hrAssessment' | 'hrReviwer' | 'performanceReview';
          asReviewer: boolean;
          formName: string;
          formId: string;
          employee: string;
          employeeName: string | null;
          reviewer: string | null;
          reviewerName: string | null;
          formSumissionId: string | null;
          status: 'assigned' | 'submitted';
          createdAt: string;
          dueDate: string;
        }
      >
    >(sql`
      WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
      SELECT t.id, t."sectionType"::text AS "sectionType",
        NOT (t."employeeId" = ${me} AND t.status = 'assigned') AS "asReviewer",
        ft.name AS "formName", t."formTemplateId" AS "formId",
        t."employeeId" AS employee, ${fullName('e')} AS "employeeName",
        t."reviewerEmployeeId" AS reviewer, ${fullName('r')} AS "reviewerName",
        t."submissionId" AS "formSumissionId", t.status::text AS status, t."createdAt",
        to_char(t."dueDate", 'YYYY-MM-DD') AS "dueDate",
        ${countOf(sources)} AS total
      FROM top i
      JOIN "HrFormAssignment" t ON t.id = i.id
      JOIN "FormTemplate" ft ON ft.id = t."formTemplateId" AND ft."companyId" = t."companyId"
      LEFT JOIN "Employee" e ON e.id = t."employeeId" AND e."companyId" = t."companyId"
      LEFT JOIN "Employee" r ON r.id = t."reviewerEmployeeId" AND r."companyId" = t."companyId"
      ORDER BY i.due, i.id`);
    return toSection(rows, (row) => ({
      _id: row.id!,
      sectionType:
        row.sectionType === 'performanceReview'
          ? 'performanceReview'
          : row.asReviewer
            ? 'hrReviwer'
            : 'hrAssessment',
      formName: row.formName,
      formId: row.formId,
      employee: row.employee,
      employeeName: row.employeeName ?? '',
      reviewer: row.reviewer,
      reviewerName: row.reviewerName,
      formSumissionId: row.formSumissionId,
      status: row.status,
      createdAt: localDateOf(asDate(row.createdAt), scope.timeZone),
      dueDate: row.dueDate,
      taskDueDateType: taskDueType(row.dueDate, scope.today),
      badge: row.asReviewer ? 'Pending For Review' : 'Pending Completion',
    }));
  }

  private async formCoordination(scope: Scope): Promise<Section<TFormCoordinationItem>> {
    const [source] = formCoordinationSources(scope.companyId, scope.employeeId);
    if (!source) return emptySection();
    const rows = await this.query<
      Array<
        Counted & {
          id: string | null;
          number: number | null;
          formTemplate: string;
          formTemplateId: string;
          formType: TFormCoordinationItem['formType'];
          formDescription: string;
          isDraft: boolean;
          formDate: string;
          workplaceName: string | null;
          branchName: string | null;
        }
      >
    >(
      sql`
      -- The coordinator join is the section's whole cost: computed once for the total and the page.
      WITH mine AS MATERIALIZED (
        SELECT t.id, ${source.due} AS due FROM ${source.from} WHERE ${source.where}),
      top AS (SELECT id, due FROM mine ORDER BY due, id LIMIT ${DASHBOARD_LIST_LIMIT})
      SELECT t.id, t.number, ft.name AS "formTemplate", t."templateId" AS "formTemplateId",
        t."formType"::text AS "formType", t."formDescription", t."isDraft",
        to_char(t."formDate", 'YYYY-MM-DD') AS "formDate", w.name AS "workplaceName", b.name AS "branchName",
        (SELECT count(*) FROM mine)::int AS total
      FROM top i
      JOIN "FormSubmission" t ON t.id = i.id
      JOIN "FormTemplate" ft ON ft.id = t."templateId" AND ft."companyId" = t."companyId"
      LEFT JOIN "Workplace" w ON w.id = t."workplaceId" AND w."companyId" = t."companyId"
      LEFT JOIN "Branch" b ON b.id = t."branchId" AND b."companyId" = t."companyId"
      ORDER BY i.due, i.id`,
      COORDINATOR_PLAN,
    );
    return toSection(rows, (row) => ({
      _id: row.id!,
      formSumissionId: row.id!,
      formatedNumber: formattedNumber(row.number),
      formTemplate: row.formTemplate,
      formTemplateId: row.formTemplateId,
      formType: row.formType,
      formDescription: row.formDescription,
      isDraft: yesNo(row.isDraft),
      formDate: row.formDate,
      workplaceName: row.workplaceName,
      branchName: row.branchName,
      taskDueDateType: taskDueType(row.formDate, scope.today),
      badge: row.isDraft ? 'Pending Completion' : 'Ready For Review',
    }));
  }

  /** Open reviews the caller does: as reviewer, or as co-reviewer until they have co-reviewed. */
  private async scheduledReviews(scope: Scope): Promise<Section<TScheduledReviewItem>> {
    const me = uuid(scope.employeeId);
    const sources: Source[] = [
      {
        kind: 'review',
        from: sql`"Review" t`,
        where: sql`t."companyId" = ${uuid(scope.companyId)} AND t."completedAt" IS NULL AND (
          t."reviewerEmployeeId" = ${me} OR (t."coReviewerEmployeeId" = ${me} AND t."isCoReviewed" = false))`,
        due: sql`t."dueDate"`,
      },
    ];
    const rows = await this.query<
      Array<
        Counted & {
          id: string | null;
          name: string;
          itemType: TScheduledReviewItem['sectionType'];
          itemId: string;
          asReviewer: boolean;
          hasCoReviewer: boolean;
          isCoReviewed: boolean;
          reviewerName: string | null;
          dueDate: string;
          createdAt: string;
        }
      >
    >(sql`
      WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
      SELECT t.id, t.name, t."itemType"::text AS "itemType", t."itemId",
        t."reviewerEmployeeId" = ${me} AS "asReviewer",
        t."coReviewerEmployeeId" IS NOT NULL AS "hasCoReviewer", t."isCoReviewed",
        ${fullName('r')} AS "reviewerName", to_char(t."dueDate", 'YYYY-MM-DD') AS "dueDate", t."createdAt",
        ${countOf(sources)} AS total
      FROM top i
      JOIN "Review" t ON t.id = i.id
      LEFT JOIN "Employee" r ON r.id = t."reviewerEmployeeId" AND r."companyId" = t."companyId"
      ORDER BY i.due, i.id`);
    return toSection(rows, (row) => {
      let badge: TBadge = 'Pending For Review';
      if (row.asReviewer && row.hasCoReviewer && !row.isCoReviewed)
        badge = 'Pending For Review by co-Reviewer';
      return {
        _id: row.id!,
        name: row.name,
        sectionType: row.itemType,
        itemId: row.itemId,
        actionType: row.asReviewer ? 'review' : 'coReview',
        actionBy: row.reviewerName ?? '',
        isCoReviewed: yesNo(row.isCoReviewed),
        dueDate: row.dueDate,
        createdAt: localDateOf(asDate(row.createdAt), scope.timeZone),
        taskDueDateType: taskDueType(row.dueDate, scope.today),
        badge,
      };
    });
  }

  private async assignedActions(
    scope: { today: string },
    sources: Source[],
  ): Promise<Section<TAssignedActionItem>> {
    const rows = await this.query<
      Array<
        Counted & {
          id: string | null;
          kind: 'form' | 'audit' | 'obligation' | 'acknowledgement' | 'approval';
          dueDate: string;
          instruction: string | null;
          question: string | null;
          response: string | null;
          auditId: string | null;
          auditName: string | null;
          obligationId: string | null;
          obligationName: string | null;
          documentId: string | null;
          documentName: string | null;
          submissionId: string | null;
          number: number | null;
          templateName: string | null;
          taskNumber: number | null;
        }
      >
    >(sql`
      WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
      SELECT i.id, i.kind, to_char(i.due, 'YYYY-MM-DD') AS "dueDate",
        COALESCE(a.instruction, aq.instruction, oq.instruction) AS instruction,
        COALESCE(aq.question, oq.reference) AS question,
        COALESCE(a.response, aq.response, oq.response) AS response,
        au.id AS "auditId", au.name AS "auditName", ob.id AS "obligationId", ob.name AS "obligationName",
        d.id AS "documentId", d.name AS "documentName",
        s.id AS "submissionId", s.number, ft.name AS "templateName", a."taskNumber",
        ${countOf(sources)} AS total
      FROM top i
      LEFT JOIN "Action" a ON i.kind = 'form' AND a.id = i.id
      LEFT JOIN "FormSubmission" s ON s.id = a."submissionId" AND s."companyId" = a."companyId"
      LEFT JOIN "FormTemplate" ft ON ft.id = s."templateId" AND ft."companyId" = s."companyId"
      LEFT JOIN "AuditQuestionTask" aq ON i.kind = 'audit' AND aq.id = i.id
      LEFT JOIN "Audit" au ON au.id = aq."auditId" AND au."companyId" = aq."companyId"
      LEFT JOIN "ObligationQuestionTask" oq ON i.kind = 'obligation' AND oq.id = i.id
      LEFT JOIN "Obligation" ob ON ob.id = oq."obligationId" AND ob."companyId" = oq."companyId"
      LEFT JOIN "DocumentAcknowledgement" da ON i.kind = 'acknowledgement' AND da.id = i.id
      LEFT JOIN "DocumentApproval" dp ON i.kind = 'approval' AND dp.id = i.id
      LEFT JOIN "Document" d ON d.id = COALESCE(da."documentId", dp."documentId")
        AND d."companyId" = COALESCE(da."companyId", dp."companyId")
      ORDER BY i.due, i.kind, i.id`);
    return toSection(rows, (row) => toAssignedAction(row, scope.today));
  }

  private async onlineTraining(
    scope: Scope,
    role: 'employee' | 'reviewer',
  ): Promise<Section<TOnlineTrainingItem>> {
    const me = uuid(scope.employeeId);
    const who =
      role === 'employee'
        ? sql`t."employeeId" = ${me} AND t.status = 'assigned'`
        : sql`t."reviewerEmployeeId" = ${me} AND t.status = 'submitted'`;
    const sources: Source[] = [
      {
        kind: 'training',
        from: sql`"OnlineTrainingAssignment" t`,
        where: sql`t."companyId" = ${uuid(scope.companyId)} AND ${who}`,
        due: sql`t."completeBy"`,
      },
    ];
    const rows = await this.query<
      Array<
        Counted & {
          id: string | null;
          formName: string;
          formId: string;
          employee: string;
          employeeName: string | null;
          formSumissionId: string | null;
          completeBy: string;
          expectationDuration: number;
          completedTestAttempt: number;
          noTestAttempt: number;
        }
      >
    >(sql`
      WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
      SELECT t.id, ft.name AS "formName", t."formTemplateId" AS "formId",
        t."employeeId" AS employee, ${fullName('e')} AS "employeeName", t."submissionId" AS "formSumissionId",
        to_char(t."completeBy", 'YYYY-MM-DD') AS "completeBy", t."expectationDuration",
        t."completedTestAttempt", t."noTestAttempt",
        ${countOf(sources)} AS total
      FROM top i
      JOIN "OnlineTrainingAssignment" t ON t.id = i.id
      JOIN "FormTemplate" ft ON ft.id = t."formTemplateId" AND ft."companyId" = t."companyId"
      LEFT JOIN "Employee" e ON e.id = t."employeeId" AND e."companyId" = t."companyId"
      ORDER BY i.due, i.id`);
    return toSection(rows, (row) => {
      let action: TOnlineTrainingItem['action'] = 'review';
      if (role === 'employee') {
        if (row.completedTestAttempt === 0) action = 'attempt';
        else action = row.completedTestAttempt < row.noTestAttempt ? 'reTest' : 'view';
      }
      return {
        _id: row.id!,
        assignFormId: row.id!,
        formName: row.formName,
        formId: row.formId,
        employee: row.employee,
        employeeName: row.employeeName ?? '',
        formSumissionId: row.formSumissionId,
        completeBy: row.completeBy,
        expectationDuration: row.expectationDuration,
        completedTestAttempt: row.completedTestAttempt,
        noTestAttempt: row.noTestAttempt,
        action,
        isAttempted: yesNo(row.completedTestAttempt > 0),
        actionType: role,
        taskDueDateType: taskDueType(row.completeBy, scope.today),
        badge: role === 'employee' ? 'Assessment pending' : 'Ready For Review',
      };
    });
  }

  /**
   * Supplier items from supplier form assignments and document requirements. `role` is the
   * caller's side: the reviewer (an employee) or the external party that must provide it.
   */
  private async supplierItems(
    scope: { companyId: string; today: string },
    parts: SupplierPart[],
  ): Promise<Section<TSupplierItem>> {
    const sources = supplierSources(scope.companyId, parts);
    const rows = await this.query<
      Array<
        Counted & {
          id: string | null;
          kind: string;
          companyId: string;
          companyName: string;
          supplier: string;
          supplierName: string;
          personnel: string | null;
          personnelName: string | null;
          documentTypeName: string | null;
          formName: string | null;
          formId: string | null;
          formSumissionId: string | null;
          status: TSupplierItem['status'];
          dueDate: string;
          expiryDate: string | null;
        }
      >
    >(sql`
      WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
      SELECT i.id, i.kind, c.id AS "companyId", c.name AS "companyName",
        sc.id AS supplier, sc.name AS "supplierName", p.id AS personnel, ${fullName('p')} AS "personnelName",
        rt.name AS "documentTypeName", ft.name AS "formName", ft.id AS "formId",
        sa."submissionId" AS "formSumissionId", COALESCE(sa.status::text, sr.status::text) AS status,
        to_char(i.due, 'YYYY-MM-DD') AS "dueDate", to_char(sr."expiryDate", 'YYYY-MM-DD') AS "expiryDate",
        ${countOf(sources)} AS total
      FROM top i
      LEFT JOIN "SupplierAssignment" sa ON i.kind LIKE 'assignment:%' AND sa.id = i.id
      LEFT JOIN "SupplierRequirement" sr ON i.kind LIKE 'requirement:%' AND sr.id = i.id
      JOIN "Company" c ON c.id = COALESCE(sa."companyId", sr."companyId")
      JOIN "SupplierCompany" sc ON sc.id = COALESCE(sa."supplierId", sr."supplierId") AND sc."companyId" = c.id
      LEFT JOIN "Personnel" p ON p.id = COALESCE(sa."personnelId", sr."personnelId") AND p."companyId" = c.id
      LEFT JOIN "FormTemplate" ft ON ft.id = sa."formTemplateId" AND ft."companyId" = c.id
      LEFT JOIN "RequirementType" rt ON rt.id = sr."requirementTypeId" AND rt."companyId" = c.id
      ORDER BY i.due, i.kind, i.id`);
    return toSection(rows, (row) => {
      const [kind, role] = row.kind.split(':') as ['assignment' | 'requirement', 'reviewer' | 'provider'];
      let sectionType: TSupplierItem['sectionType'];
      if (kind === 'assignment') sectionType = role === 'reviewer' ? 'supplierReviwer' : 'supplierAssessment';
      else sectionType = row.personnel ? 'reviewUpcomingPersonnel' : 'reviewUpcomingSupplier';
      let badge: TBadge = 'Pending For Review';
      if (role === 'provider') badge = kind === 'assignment' ? 'Assessment pending' : 'Pending Completion';
      return {
        _id: row.id!,
        sectionType,
        companyId: row.companyId,
        companyName: row.companyName,
        supplier: row.supplier,
        supplierName: row.supplierName,
        personnel: row.personnel,
        personnelName: row.personnelName,
        documentTypeName: row.documentTypeName,
        formName: row.formName,
        formId: row.formId,
        formSumissionId: row.formSumissionId,
        status: row.status,
        dueDate: row.dueDate,
        expiryDate: row.expiryDate,
        taskDueDateType: taskDueType(row.dueDate, scope.today),
        badge,
      };
    });
  }

  // ----- noticeboard -----

  private async notices(
    companyId: string,
    today: string,
    timeZone: string,
    limit: number,
    offset: number,
    noticeId?: string,
    full = false,
  ): Promise<Section<TNotice>> {
    const only = noticeId ? sql` AND n.id = ${uuid(noticeId)}` : Prisma.empty;
    const active = sql`n."companyId" = ${uuid(companyId)} AND n."startDate" <= ${day(today)}
      AND (n."expireDate" IS NULL OR n."expireDate" >= ${day(today)})${only}`;
    const cut = full ? 1_000_000_000 : NOTICE_CONTENT_LIMIT;
    const rows = await this.query<
      Array<
        Counted & {
          id: string | null;
          title: string;
          content: string;
          isTruncated: boolean;
          priority: TNotice['priority'];
          startDate: string;
          expireDate: string | null;
          createdAt: string;
          firstName: string | null;
          lastName: string | null;
          profileImage: string | null;
          positionName: string | null;
          attachments: Array<{ _id: string; name: string }>;
        }
      >
    >(sql`
      SELECT c.total, x.* FROM (
        -- Counted as two ranges so each is an index range scan on (companyId, expireDate, startDate).
        SELECT (SELECT count(*) FROM "Notice" n WHERE n."companyId" = ${uuid(companyId)}
                  AND n."expireDate" >= ${day(today)} AND n."startDate" <= ${day(today)}${only})::int
             + (SELECT count(*) FROM "Notice" n WHERE n."companyId" = ${uuid(companyId)}
                  AND n."expireDate" IS NULL AND n."startDate" <= ${day(today)}${only})::int AS total
      ) c
      LEFT JOIN LATERAL (
        SELECT n.id, n.title, left(n.content, ${cut}::int) AS content,
          char_length(n.content) > ${cut}::int AS "isTruncated", n.priority::text AS priority,
          to_char(n."startDate", 'YYYY-MM-DD') AS "startDate", to_char(n."expireDate", 'YYYY-MM-DD') AS "expireDate",
          n."createdAt", e."firstName", e."lastName", e."profileImageKey" AS "profileImage",
          p.name AS "positionName",
          COALESCE((SELECT json_agg(json_build_object('_id', a.id, 'name', a.name) ORDER BY a."createdAt", a.id)
            FROM "Attachment" a
            WHERE a."companyId" = n."companyId" AND a."ownerType" = 'notice' AND a."ownerId" = n.id), '[]'::json)
            AS attachments
        FROM "Notice" n
        LEFT JOIN "Employee" e ON e.id = n."authorEmployeeId" AND e."companyId" = n."companyId"
        LEFT JOIN "Position" p ON p.id = e."positionId" AND p."companyId" = n."companyId"
        WHERE ${active}
        ORDER BY n."startDate" DESC, n."createdAt" DESC, n.id DESC
        LIMIT ${limit}::int OFFSET ${offset}::int
      ) x ON true`);
    return toSection(rows, (row) => ({
      _id: row.id!,
      title: row.title,
      content: row.content,
      isTruncated: yesNo(row.isTruncated),
      priority: row.priority,
      startDate: row.startDate,
      expireDate: row.expireDate,
      attachment: row.attachments.map((file) => ({ _id: file._id, name: file.name, path: file._id })),
      employeeDetails:
        row.firstName !== null
          ? { firstName: row.firstName, lastName: row.lastName ?? '', profileImage: row.profileImage }
          : null,
      positionDetails: row.positionName !== null ? { name: row.positionName } : null,
      createdAt: localDateOf(asDate(row.createdAt), timeZone),
    }));
  }

  /** Active notices of the caller's organisation, newest first (employees only). */
  async noticeboardList(
    auth: AuthContext,
    input: { page: number; pageSize: number; localTimeZone: string },
  ): Promise<TNoticeboardListResponse> {
    const scope = this.scope(auth, input.localTimeZone);
    const base = { page: input.page, pageSize: input.pageSize };
    const offset = (input.page - 1) * input.pageSize;
    const section = scope
      ? await this.notices(scope.companyId, scope.today, scope.timeZone, input.pageSize, offset)
      : emptySection<TNotice>();
    return { ...base, ...section };
  }

  /** One active notice of the caller's organisation with its whole content; 404 otherwise. */
  async notice(auth: AuthContext, id: string, timeZone: string): Promise<TNotice> {
    const scope = this.scope(auth, timeZone);
    const section = scope
      ? await this.notices(scope.companyId, scope.today, scope.timeZone, 1, 0, id, true)
      : emptySection<TNotice>();
    const found = section.list[0];
    if (!found) throw notFound();
    return found;
  }

  // ----- dashboardSupplierList -----

  /** Names the answer and how to load it: see DashboardAnswer. */
  supplierList(
    auth: AuthContext,
    input: { localTimeZone: string },
  ): DashboardAnswer<TDashboardSupplierListResponse> {
    const today = localDateOf(this.clock(), input.localTimeZone);
    const provider = auth.userType === 'employee' ? null : this.provider(auth);
    return {
      key: answerKey('dashboardSupplierList', auth, input, today),
      load: () => this.supplierSections(auth, provider, today),
    };
  }

  dashboardSupplierList(
    auth: AuthContext,
    input: { localTimeZone: string },
  ): Promise<TDashboardSupplierListResponse> {
    return this.supplierList(auth, input).load();
  }

  private async supplierSections(
    auth: AuthContext,
    provider: Provider | null,
    today: string,
  ): Promise<TDashboardSupplierListResponse> {
    const base = { companyId: auth.companyId, today };
    const empty = (): TDashboardSupplierListResponse => ({
      supplierReviewDocuments: emptySection(),
      personnelReviewDocuments: emptySection(),
      supplierAssessment: emptySection(),
      assignedActions: emptySection(),
    });

    if (auth.userType === 'employee') {
      if (!auth.employeeId) return empty();
      // The documents they review. The supplier forms they review are dashboardList's External
      // Parties section, and their own actions its Assigned Actions: not repeated here.
      const review = sql`t."reviewerEmployeeId" = ${uuid(auth.employeeId)} AND t.status = 'submitted'`;
      const [supplierReviewDocuments, personnelReviewDocuments] = await Promise.all([
        this.supplierItems(base, [
          { kind: 'requirement', role: 'reviewer', where: sql`${review} AND t."personnelId" IS NULL` },
        ]),
        this.supplierItems(base, [
          { kind: 'requirement', role: 'reviewer', where: sql`${review} AND t."personnelId" IS NOT NULL` },
        ]),
      ]);
      return {
        supplierReviewDocuments,
        personnelReviewDocuments,
        supplierAssessment: emptySection(),
        assignedActions: emptySection(),
      };
    }

    if (!provider) return empty();
    const parts = providerParts(provider);
    const [supplierReviewDocuments, personnelReviewDocuments, supplierAssessment, assignedActions] =
      await Promise.all([
        parts.companyRequirements
          ? this.supplierItems(base, parts.companyRequirements)
          : Promise.resolve(emptySection<TSupplierItem>()),
        this.supplierItems(base, parts.personnelRequirements),
        this.supplierItems(base, parts.assignedForms),
        this.assignedActions(base, parts.assignedActions),
      ]);
    return { supplierReviewDocuments, personnelReviewDocuments, supplierAssessment, assignedActions };
  }

  /**
   * The supplier company of a supplier or company user, or null without one. The route access
   * (plugins/callers.ts) has already refused a company whose supplier portal is off (000 section 6).
   */
  private provider(auth: AuthContext): Provider | null {
    if (auth.userType === 'employee' || !auth.supplierId) return null;
    return { companyId: auth.companyId, supplierId: auth.supplierId, personnelId: auth.personnelId };
  }

  // ----- charts -----

  /**
   * Today / upcoming / due (overdue) of the same items the lists show. Employees: form
   * coordination, assigned actions, scheduled tasks. Suppliers: their Assigned Forms and Assigned
   * Actions of dashboardSupplierList (they have no scheduled activities).
   */
  pie(auth: AuthContext, input: { localTimeZone: string }): DashboardAnswer<TDashboardPieChartResponse> {
    const scope = this.scope(auth, input.localTimeZone);
    const today = scope?.today ?? localDateOf(this.clock(), input.localTimeZone);
    const provider = scope ? null : this.provider(auth);
    return {
      key: answerKey('dashboardPieChart', auth, input, today),
      load: () => this.pies(scope, provider, today),
    };
  }

  pieChart(auth: AuthContext, input: { localTimeZone: string }): Promise<TDashboardPieChartResponse> {
    return this.pie(auth, input).load();
  }

  private async pies(
    scope: Scope | null,
    provider: Provider | null,
    today: string,
  ): Promise<TDashboardPieChartResponse> {
    const zero: TPieEntry = { total: 0, today: 0, upcoming: 0, due: 0 };
    const pie = async (sources: Source[], plan: 'generic' | 'custom' = 'generic') => {
      const [row] = await this.query<TPieEntry[]>(pieOf(sources, today), plan);
      return row ?? zero;
    };
    if (scope) {
      const [form, assignAction, scheduledActivites] = await Promise.all([
        pie(formCoordinationSources(scope.companyId, scope.employeeId), COORDINATOR_PLAN),
        pie(assignedActionSources(scope.companyId, { employeeId: scope.employeeId })),
        pie(scheduledTaskSources(scope.companyId, scope.employeeId)),
      ]);
      return { form, assignAction, scheduledActivites };
    }
    if (!provider) return { form: zero, assignAction: zero, scheduledActivites: zero };
    const parts = providerParts(provider);
    const [form, assignAction] = await Promise.all([
      pie(supplierSources(provider.companyId, parts.assignedForms)),
      pie(parts.assignedActions),
    ]);
    return { form, assignAction, scheduledActivites: zero };
  }

  /**
   * Items due (forms: dated) in the period: the caller's own (assignAction) or the whole
   * organisation's (companyOverview). The period is recomputed here from selectedDay and the zone.
   */
  bar(
    auth: AuthContext,
    input: {
      barChartType: 'assignAction' | 'companyOverview';
      selectedDay: DashboardPeriodKey;
      localTimeZone: string;
    },
  ): DashboardAnswer<TDashboardBarChartResponse> {
    const period = dashboardPeriod(input.selectedDay, this.clock(), input.localTimeZone);
    const employeeId = auth.userType === 'employee' ? auth.employeeId : null;
    // Company users without an employee record have no own items and no view of the organisation.
    const who = employeeId && input.barChartType === 'assignAction' ? employeeId : null;
    // The organisation's overview is the same for all its employees: one answer for all of them.
    const asker: Asker =
      employeeId && !who
        ? {
            companyId: auth.companyId,
            userType: 'employee',
            employeeId: '*',
            supplierId: null,
            personnelId: null,
          }
        : auth;
    return {
      key: answerKey('dashboardBarChart', asker, input, `${period.startDay}..${period.endDay}`),
      load: async () => {
        const counts = employeeId ? await this.barCounts(auth.companyId, who, period) : undefined;
        return {
          form: counts?.form ?? 0,
          assignAction: counts?.assignAction ?? 0,
          scheduledActivites: counts?.scheduled ?? 0,
          period: {
            selectedDay: period.selectedDay,
            localTimeZone: period.timeZone,
            startDay: period.startDay,
            endDay: period.endDay,
          },
        };
      },
    };
  }

  barChart(
    auth: AuthContext,
    input: {
      barChartType: 'assignAction' | 'companyOverview';
      selectedDay: DashboardPeriodKey;
      localTimeZone: string;
    },
  ): Promise<TDashboardBarChartResponse> {
    return this.bar(auth, input).load();
  }

  /** The caller's own items (`who`) or the organisation's, due in the period. */
  private async barCounts(
    companyId: string,
    who: string | null,
    range: { startDay: string; endDay: string },
  ) {
    const [row] = await this.query<Array<{ form: number; assignAction: number; scheduled: number }>>(
      sql`
      SELECT ${countOf(formCoordinationSources(companyId, who), range)} AS form,
        ${countOf(
          assignedActionSources(companyId, who ? { employeeId: who } : 'organisation'),
          range,
        )} AS "assignAction",
        ${countOf(scheduledTaskSources(companyId, who), range)} AS scheduled`,
      who ? COORDINATOR_PLAN : 'generic',
    );
    return row;
  }
}

function formattedNumber(number: number | null): string | null {
  return number === null ? null : `${FORM_NUMBER_PREFIX}${number}`;
}

function emptySections(): TDashboardSections {
  return {
    scheduledTasks: emptySection(),
    hrForms: emptySection(),
    formCoordination: emptySection(),
    scheduledReviews: emptySection(),
    assignedActions: emptySection(),
    employeeOnlineTrainingAssessment: emptySection(),
    reviewOnlineTrainingAssessment: emptySection(),
    externalPartiesForms: emptySection(),
    myNoticeboard: emptySection(),
  };
}

function toAssignedAction(
  row: {
    id: string | null;
    kind: 'form' | 'audit' | 'obligation' | 'acknowledgement' | 'approval';
    dueDate: string;
    instruction: string | null;
    question: string | null;
    response: string | null;
    auditId: string | null;
    auditName: string | null;
    obligationId: string | null;
    obligationName: string | null;
    documentId: string | null;
    documentName: string | null;
    submissionId: string | null;
    number: number | null;
    templateName: string | null;
    taskNumber: number | null;
  },
  today: string,
): TAssignedActionItem {
  const common = {
    _id: row.id!,
    taskID: row.id!,
    dueDate: row.dueDate,
    auditId: row.auditId,
    obligationId: row.obligationId,
    documentId: row.documentId,
    formSumissionId: row.submissionId,
    taskNumber: row.taskNumber,
    question: row.question,
    isDraft: yesNo(!!row.response),
    taskDueDateType: taskDueType(row.dueDate, today),
  };
  // Form tasks and audit / obligation questions differ only in what names them.
  const task = (sectionType: 'form' | 'audit' | 'obligation', itemName: string): TAssignedActionItem => ({
    ...common,
    sectionType,
    itemName,
    instructionShow: row.instruction ?? '',
    actionType: null,
    badge: 'Pending Completion',
  });
  switch (row.kind) {
    case 'form':
      return task('form', [formattedNumber(row.number), row.templateName].filter(Boolean).join(' '));
    case 'audit':
      return task('audit', row.auditName ?? '');
    case 'obligation':
      return task('obligation', row.obligationName ?? '');
    case 'acknowledgement':
      return {
        ...common,
        sectionType: 'document',
        itemName: row.documentName ?? '',
        instructionShow: 'Read and acknowledge this document.',
        actionType: 'document-assign',
        isDraft: 'no',
        badge: 'Pending Completion',
      };
    case 'approval':
      return {
        ...common,
        sectionType: 'document',
        itemName: row.documentName ?? '',
        instructionShow: 'Review this document and approve or reject it.',
        actionType: 'document-requestApprove',
        isDraft: 'no',
        badge: 'Approval Pending',
      };
  }
}
