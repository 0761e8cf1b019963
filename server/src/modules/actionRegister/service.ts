import { PassThrough } from 'node:stream';
import {
  ACTION_ASSIGNEE_PAGE,
  ACTION_EXPORT_LIMIT,
  ACTION_SOURCE_LABELS,
  actionRegisterMessages as say,
  displayDay,
  personName,
  type ActionSort,
  type ActionSource,
  type TActionAssignee,
  type TActionReassign,
  type TActionRegisterFilters,
  type TActionRow,
  type TAssignedActionKind,
} from '@compass/shared';
import ExcelJS from 'exceljs';
import type { Db, Prisma } from '../../db/prisma';
import { cappedCount, type Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { changesBetween } from '../../plugins/changeLog';
import { csvOf, type CsvColumn } from '../../plugins/csv';
import type { MailQueue } from '../../plugins/mail';
import { organisationTodayRead } from '../administration/organisationToday';
import type { AssignedActionService } from '../assignedActions/service';
import { actionsReassignedMail } from '../mail/templates';

type Tx = Prisma.TransactionClient;

/** The three tables an action lives in, and what each contributes to the union (alias t). */
const BRANCHES: Record<
  TAssignedActionKind,
  { table: Sql; sources: readonly ActionSource[]; columns: Sql; entity: string }
> = {
  form: {
    table: sql`"Action"`,
    sources: ['form', 'risk', 'hazardous'],
    // A register's action has a risk or a substance instead of a submission.
    columns: sql`'form'::text AS kind, t.id,
      CASE WHEN t."riskId" IS NOT NULL THEN 'risk' WHEN t."hazardousSubstanceId" IS NOT NULL THEN 'hazardous'
        ELSE 'form' END AS source,
      COALESCE(t."submissionId", t."riskId", t."hazardousSubstanceId") AS "parentId", t."assignedOn"`,
    entity: 'action',
  },
  audit: {
    table: sql`"AuditQuestionTask"`,
    sources: ['audit'],
    columns: sql`'audit'::text AS kind, t.id, 'audit'::text AS source, t."auditId" AS "parentId",
      t."createdAt" AS "assignedOn"`,
    entity: 'auditTask',
  },
  obligation: {
    table: sql`"ObligationQuestionTask"`,
    sources: ['obligation'],
    columns: sql`'obligation'::text AS kind, t.id, 'obligation'::text AS source, t."obligationId" AS "parentId",
      t."createdAt" AS "assignedOn"`,
    entity: 'obligationTask',
  },
};
const KINDS = Object.keys(BRANCHES) as TAssignedActionKind[];

/** The source filter on the Action table (its three sources). */
const FORM_SOURCE: Partial<Record<ActionSource, Sql>> = {
  form: sql`t."riskId" IS NULL AND t."hazardousSubstanceId" IS NULL`,
  risk: sql`t."riskId" IS NOT NULL`,
  hazardous: sql`t."hazardousSubstanceId" IS NOT NULL`,
};

/**
 * Each sort by output column names, so one text serves the branches, their union and the page; the
 * kind and id make the order total, so pages never overlap.
 */
const ORDER: Record<ActionSort, Sql> = {
  due: sql`"dueDate" ASC, kind ASC, id ASC`,
  assignedOn: sql`"assignedOn" DESC, kind ASC, id ASC`,
  assignee: sql`"assigneeSort" ASC, "dueDate" ASC, kind ASC, id ASC`,
  source: sql`source ASC, "dueDate" ASC, kind ASC, id ASC`,
};

interface ListRow {
  kind: TAssignedActionKind;
  id: string;
  source: ActionSource;
  parentId: string;
  parentName: string | null;
  instruction: string;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  external: boolean;
  dueDate: string;
  assignedOn: string;
  isComplete: boolean;
  completedOn: string | null;
}

/** The register's columns, the same in the CSV and the XLSX export. */
const EXPORT_COLUMNS: CsvColumn<TActionRow>[] = [
  { header: 'Source', value: (row) => ACTION_SOURCE_LABELS[row.source] },
  { header: 'From', value: (row) => row.parentName },
  { header: 'Instruction', value: (row) => row.instruction },
  { header: 'Assignee', value: (row) => row.assigneeName },
  { header: 'Assignee type', value: (row) => row.assigneeType },
  { header: 'Due', value: (row) => row.dueDate },
  { header: 'Assigned on', value: (row) => row.assignedOn },
  { header: 'Status', value: (row) => row.status },
  { header: 'Completed on', value: (row) => row.completedOn },
];

/**
 * The action register: the organisation's actions of every source in one list (a UNION ALL of
 * the three tables on the Reader), its exports, the register's view of one action, and reassigning.
 */
export class ActionRegisterService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly mail: MailQueue,
    private readonly assignedActions: AssignedActionService,
    private readonly options: { publicUrl: string },
  ) {}

  /** One table's rows that pass the filters, or null when the source filter leaves it out. */
  private branch(
    kind: TAssignedActionKind,
    auth: AuthContext,
    filters: TActionRegisterFilters,
    today: string,
  ) {
    const branch = BRANCHES[kind];
    if (filters.source && !branch.sources.includes(filters.source)) return null;
    const conditions: Sql[] = [sql`t."companyId" = ${uuid(auth.companyId)}`];
    if (filters.status === 'open') conditions.push(sql`t."isComplete" = false`);
    if (filters.status === 'overdue')
      conditions.push(sql`t."isComplete" = false AND t."dueDate" < ${today}::date`);
    if (filters.status === 'completed') conditions.push(sql`t."isComplete" = true`);
    if (kind === 'form' && filters.source) conditions.push(FORM_SOURCE[filters.source]!);
    if (filters.assigneeEmployeeId)
      conditions.push(sql`t."assigneeEmployeeId" = ${uuid(filters.assigneeEmployeeId)}`);
    if (filters.assigneePersonnelId)
      conditions.push(sql`t."assigneePersonnelId" = ${uuid(filters.assigneePersonnelId)}`);
    if (filters.dueFrom) conditions.push(sql`t."dueDate" >= ${filters.dueFrom}::date`);
    if (filters.dueTo) conditions.push(sql`t."dueDate" <= ${filters.dueTo}::date`);
    if (filters.search) conditions.push(sql`t.instruction ILIKE ${containing(filters.search)}`);
    // The assignee's name is read here only for its sort: the other sorts stay on the indexes.
    const assigneeSort =
      filters.sort === 'assignee'
        ? sql`, COALESCE((SELECT e."lastName" || ' ' || e."firstName" FROM "Employee" e
            WHERE e.id = t."assigneeEmployeeId" AND e."companyId" = t."companyId"),
          (SELECT p."lastName" || ' ' || p."firstName" FROM "Personnel" p
            WHERE p.id = t."assigneePersonnelId" AND p."companyId" = t."companyId"), '') AS "assigneeSort"`
        : sql``;
    return sql`SELECT ${branch.columns}, t."companyId", t.instruction, t."assigneeEmployeeId",
        t."assigneePersonnelId", t."dueDate", t."isComplete", t."completedOn"${assigneeSort}
      FROM ${branch.table} t WHERE ${join(conditions, ' AND ')}`;
  }

  private branches(auth: AuthContext, filters: TActionRegisterFilters, today: string): Sql[] {
    return KINDS.map((kind) => this.branch(kind, auth, filters, today)).filter(
      (branch): branch is Sql => branch !== null,
    );
  }

  /**
   * A page of rows: each table gives its first offset + limit rows in the list's order (an index
   * range for the due date), the union keeps the first of those, and only that page is joined to
   * the names of its parents and assignees.
   */
  private async rows(
    auth: AuthContext,
    filters: TActionRegisterFilters,
    today: string,
    limit: number,
    offset: number,
  ): Promise<TActionRow[]> {
    const order = ORDER[filters.sort];
    const union = join(
      this.branches(auth, filters, today).map(
        (branch) => sql`SELECT * FROM (${branch} ORDER BY ${order} LIMIT ${offset + limit}) b`,
      ),
      ' UNION ALL ',
    );
    const found = await this.reader.rows<ListRow>(sql`SELECT page.kind, page.id, page.source,
        page."parentId", page.instruction, page."dueDate", page."assignedOn", page."isComplete",
        page."completedOn", COALESCE(e."firstName", p."firstName") AS "assigneeFirstName",
        COALESCE(e."lastName", p."lastName") AS "assigneeLastName",
        page."assigneePersonnelId" IS NOT NULL AS external,
        CASE page.source
          WHEN 'form' THEN (SELECT COALESCE('FS ' || f.number, 'Draft') || ' · ' || tpl.name
            FROM "FormSubmission" f JOIN "FormTemplate" tpl ON tpl.id = f."templateId" WHERE f.id = page."parentId")
          WHEN 'audit' THEN (SELECT a.name FROM "Audit" a WHERE a.id = page."parentId")
          WHEN 'obligation' THEN (SELECT o.name FROM "Obligation" o WHERE o.id = page."parentId")
          WHEN 'risk' THEN (SELECT r.name FROM "Risk" r WHERE r.id = page."parentId")
          ELSE (SELECT h.name FROM "HazardousSubstance" h WHERE h.id = page."parentId")
        END AS "parentName"
      FROM (SELECT u.* FROM (${union}) u ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) page
      LEFT JOIN "Employee" e ON e.id = page."assigneeEmployeeId" AND e."companyId" = page."companyId"
      LEFT JOIN "Personnel" p ON p.id = page."assigneePersonnelId" AND p."companyId" = page."companyId"
      ORDER BY ${order}`);
    return found.map((row) => ({
      _id: row.id,
      kind: row.kind,
      source: row.source,
      parentId: row.parentId,
      parentName: row.parentName ?? '',
      instruction: row.instruction,
      assigneeName:
        row.assigneeFirstName === null
          ? ''
          : personName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName ?? '' }),
      assigneeType: row.external ? 'external' : 'internal',
      dueDate: row.dueDate,
      assignedOn: row.assignedOn.slice(0, 10),
      status: row.isComplete ? 'completed' : row.dueDate < today ? 'overdue' : 'open',
      completedOn: row.completedOn,
    }));
  }

  async list(auth: AuthContext, request: TActionRegisterFilters & { page: number; pageSize: number }) {
    const today = await organisationTodayRead(this.reader, auth.companyId);
    const counted = join(
      this.branches(auth, { ...request, sort: 'due' }, today).map(
        (branch) => sql`SELECT 1 FROM (${branch}) t`,
      ),
      ' UNION ALL ',
    );
    const [rows, count] = await Promise.all([
      this.rows(auth, request, today, request.pageSize, (request.page - 1) * request.pageSize),
      cappedCount(this.reader, counted),
    ]);
    return { rows, ...count };
  }

  /** The filtered rows for an export, at most ACTION_EXPORT_LIMIT; `truncated` when there were more. */
  private async exportRows(auth: AuthContext, filters: TActionRegisterFilters) {
    const today = await organisationTodayRead(this.reader, auth.companyId);
    const rows = await this.rows(auth, filters, today, ACTION_EXPORT_LIMIT + 1, 0);
    return { rows: rows.slice(0, ACTION_EXPORT_LIMIT), truncated: rows.length > ACTION_EXPORT_LIMIT };
  }

  async exportCsv(auth: AuthContext, filters: TActionRegisterFilters) {
    const { rows, truncated } = await this.exportRows(auth, filters);
    return { body: csvOf(EXPORT_COLUMNS, rows), truncated };
  }

  /** The same rows and columns as the CSV, written as a streamed workbook (one sheet). */
  async exportXlsx(auth: AuthContext, filters: TActionRegisterFilters) {
    const { rows, truncated } = await this.exportRows(auth, filters);
    const stream = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Actions');
    sheet.columns = EXPORT_COLUMNS.map((column) => ({
      header: column.header,
      key: column.header,
      width: 22,
    }));
    sheet.getRow(1).font = { bold: true };
    const write = async () => {
      for (const row of rows) sheet.addRow(EXPORT_COLUMNS.map((column) => column.value(row) ?? '')).commit();
      sheet.commit();
      await workbook.commit();
    };
    write().catch((error: unknown) => stream.destroy(error as Error));
    return { body: stream, truncated };
  }

  async details(auth: AuthContext, kind: TAssignedActionKind, id: string) {
    return this.assignedActions.detailsInOrganisation(auth, kind, id);
  }

  /** Active employees and personnel of the organisation by name, employees first on a tie. */
  async assignees(auth: AuthContext, input: { search: string; page: number }) {
    const company = uuid(auth.companyId);
    const pattern = containing(input.search);
    const people = await this.reader.rows<{
      id: string;
      type: 'internal' | 'external';
      firstName: string;
      lastName: string;
      detail: string | null;
    }>(sql`SELECT * FROM (
        SELECT e.id, 'internal' AS type, e."firstName", e."lastName", NULL AS detail FROM "Employee" e
          WHERE e."companyId" = ${company} AND e."isActive"
            AND (e."firstName" || ' ' || e."lastName") ILIKE ${pattern}
        UNION ALL
        SELECT p.id, 'external', p."firstName", p."lastName", s.name FROM "Personnel" p
          JOIN "SupplierCompany" s ON s.id = p."supplierId"
          WHERE p."companyId" = ${company} AND p."isActive"
            AND (p."firstName" || ' ' || p."lastName") ILIKE ${pattern}) people
      ORDER BY "firstName", "lastName", type, id
      LIMIT ${ACTION_ASSIGNEE_PAGE + 1} OFFSET ${(input.page - 1) * ACTION_ASSIGNEE_PAGE}`);
    return {
      options: people.slice(0, ACTION_ASSIGNEE_PAGE).map((person): TActionAssignee => ({
        _id: person.id,
        type: person.type,
        name: personName(person),
        detail: person.detail,
      })),
      hasMore: people.length > ACTION_ASSIGNEE_PAGE,
    };
  }

  /**
   * Gives open actions to another active employee or personnel, all or nothing in one
   * transaction: an unknown or foreign action is 404, a completed one 409, and nothing changes.
   * Each change is in the change log; the new assignee gets one mail for the lot.
   */
  async reassign(auth: AuthContext, input: TActionReassign): Promise<number> {
    const keys = input.actions.map((ref) => `${ref.kind}:${ref._id}`);
    if (new Set(keys).size !== keys.length) throw badRequest(say.duplicate);
    return this.db.$transaction(async (tx) => {
      const to = await this.assignee(tx, auth.companyId, input.assignee);
      const moved: { source: ActionSource; instruction: string; dueDate: Date }[] = [];
      for (const kind of KINDS) {
        const ids = input.actions.filter((ref) => ref.kind === kind).map((ref) => ref._id);
        if (ids.length === 0) continue;
        moved.push(...(await this.reassignKind(tx, auth, kind, ids, to)));
      }
      if (moved.length > 0 && to.email) {
        const reassigner = auth.employeeId
          ? await tx.employee.findFirst({ where: { id: auth.employeeId, companyId: auth.companyId } })
          : null;
        await this.mail.enqueue(tx, {
          companyId: auth.companyId,
          to: to.email,
          userId: to.userId,
          category: 'actionsReassigned',
          optional: false,
          content: actionsReassignedMail({
            name: to.name,
            reassignedBy: reassigner ? personName(reassigner) : 'Your organisation',
            actions: moved.slice(0, 10).map((action) => ({
              source: ACTION_SOURCE_LABELS[action.source],
              instruction: action.instruction,
              due: displayDay(action.dueDate.toISOString().slice(0, 10)),
            })),
            total: moved.length,
            link: `${this.options.publicUrl.replace(/\/$/, '')}/dashboard`,
          }),
        });
      }
      return input.actions.length;
    });
  }

  private async assignee(tx: Tx, companyId: string, ref: TActionReassign['assignee']) {
    const select = { firstName: true, lastName: true, email: true, user: { select: { id: true } } };
    const where = { id: ref._id, companyId, isActive: true };
    const person =
      ref.type === 'internal'
        ? await tx.employee.findFirst({ where, select })
        : await tx.personnel.findFirst({ where, select });
    if (!person) throw badRequest(say.assigneeMissing, [{ field: 'assignee', message: say.assigneeMissing }]);
    return {
      type: ref.type,
      id: ref._id,
      name: personName(person),
      email: person.email,
      userId: person.user?.id ?? null,
    };
  }

  /** One table's part of a reassignment; returns the actions whose assignee changed. */
  private async reassignKind(
    tx: Tx,
    auth: AuthContext,
    kind: TAssignedActionKind,
    ids: string[],
    to: Awaited<ReturnType<ActionRegisterService['assignee']>>,
  ) {
    const where = { id: { in: ids }, companyId: auth.companyId };
    const select = {
      id: true,
      instruction: true,
      dueDate: true,
      isComplete: true,
      assigneeEmployeeId: true,
      assigneePersonnelId: true,
    } as const;
    const found =
      kind === 'form'
        ? (
            await tx.action.findMany({
              where,
              select: { ...select, riskId: true, hazardousSubstanceId: true },
            })
          ).map((row) => ({
            ...row,
            source: (row.riskId ? 'risk' : row.hazardousSubstanceId ? 'hazardous' : 'form') as ActionSource,
          }))
        : (kind === 'audit'
            ? await tx.auditQuestionTask.findMany({ where, select })
            : await tx.obligationQuestionTask.findMany({ where, select })
          ).map((row) => ({ ...row, source: kind as ActionSource }));
    if (found.length !== ids.length) throw notFound(say.notFound);
    if (found.some((row) => row.isComplete)) throw conflict(say.completed);
    const assignee = {
      assigneeEmployeeId: to.type === 'internal' ? to.id : null,
      assigneePersonnelId: to.type === 'external' ? to.id : null,
    };
    const changed = found.filter(
      (row) =>
        row.assigneeEmployeeId !== assignee.assigneeEmployeeId ||
        row.assigneePersonnelId !== assignee.assigneePersonnelId,
    );
    if (changed.length === 0) return [];
    const changedWhere = {
      id: { in: changed.map((row) => row.id) },
      companyId: auth.companyId,
      isComplete: false,
    };
    const updated =
      kind === 'form'
        ? await tx.action.updateMany({
            where: changedWhere,
            data: { ...assignee, actionType: to.type, version: { increment: 1 } },
          })
        : kind === 'audit'
          ? await tx.auditQuestionTask.updateMany({
              where: changedWhere,
              data: { ...assignee, assigneeType: to.type },
            })
          : await tx.obligationQuestionTask.updateMany({
              where: changedWhere,
              data: { ...assignee, assigneeType: to.type },
            });
    // Completed by its assignee between the read and this write.
    if (updated.count !== changed.length) throw conflict(say.completed);
    const names = await this.names(tx, auth.companyId, changed);
    // One insert for the lot (up to 500 rows): the same entries recordChange writes one by one.
    await tx.changeLog.createMany({
      data: changed.map((row) => ({
        companyId: auth.companyId,
        entityType: BRANCHES[kind].entity,
        entityId: row.id,
        userId: auth.userId,
        action: 'reassigned',
        changes: changesBetween(
          { assignee: names.get(row.assigneeEmployeeId ?? row.assigneePersonnelId ?? '') ?? null },
          { assignee: to.name },
        ) as Prisma.InputJsonValue,
      })),
    });
    return changed;
  }

  /** The names of the previous assignees, for the change log. */
  private async names(
    tx: Tx,
    companyId: string,
    rows: { assigneeEmployeeId: string | null; assigneePersonnelId: string | null }[],
  ) {
    const employeeIds = [...new Set(rows.flatMap((row) => row.assigneeEmployeeId ?? []))];
    const personnelIds = [...new Set(rows.flatMap((row) => row.assigneePersonnelId ?? []))];
    const select = { id: true, firstName: true, lastName: true };
    const people = [
      ...(await tx.employee.findMany({ where: { id: { in: employeeIds }, companyId }, select })),
      ...(await tx.personnel.findMany({ where: { id: { in: personnelIds }, companyId }, select })),
    ];
    return new Map(people.map((person) => [person.id, personName(person)]));
  }
}
