import { PassThrough } from 'node:stream';
import {
  ACTION_ASSIGNEE_PAGE,
  ACTION_EXPORT_LIMIT,
  ACTION_SOURCE_LABELS,
  ACTION_SOURCES,
  actionRegisterMessages as say,
  displayDay,
  personName,
  type ActionSort,
  type ActionSource,
  type TActionAssignee,
  type TActionReassign,
  type TActionRegisterFilters,
  type TActionKind,
  type TActionRow,
  yesNo,
} from '@compass/shared';
import ExcelJS from 'exceljs';
import type { Db, Prisma } from '../../db/prisma';
import { cappedCount, planFor, countCap, type Reader, type ReadOptions } from '../../db/reader';
import { containing, emptySql, join, sql, uuid, type Sql } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { changesBetween } from '../../plugins/changeLog';
import { csvOf, type CsvColumn } from '../../plugins/csv';
import type { MailQueue } from '../../plugins/mail';
import { callerToday } from '../../plugins/organisationDay';
import { dayOf } from '../../db/days';
import type { AssignedActionService } from '../assignedActions';
import { actionsReassignedMail } from '../mail';

type Tx = Prisma.TransactionClient;

/** Statements whose generic plan serves every value (Reader.rows). */
const GENERIC: ReadOptions = { plan: 'generic' };

/** The four tables an action lives in: the kind the details and reassign calls name. */
const TABLES: Record<TActionKind, { table: Sql; entity: string }> = {
  form: { table: sql`"Action"`, entity: 'action' },
  audit: { table: sql`"AuditQuestionTask"`, entity: 'auditTask' },
  obligation: { table: sql`"ObligationQuestionTask"`, entity: 'obligationTask' },
  // A document keeps its history, its actions' changes included, under the document.
  document: { table: sql`"DocumentAction"`, entity: 'document' },
};
const KINDS = Object.keys(TABLES) as TActionKind[];
/** Kinds and sources as literals, not parameters: constant in each branch, the merge sees it. */
const KIND_LITERAL: Record<TActionKind, Sql> = {
  form: sql`'form'::text`,
  audit: sql`'audit'::text`,
  obligation: sql`'obligation'::text`,
  document: sql`'document'::text`,
};

type SourceQuery = {
  literal: Sql;
  kind: TActionKind;
  where: Sql | null;
};

/**
 * Each source as a branch of the union (alias t): its table and the rows of the table that are its
 * own (the Action table holds three sources). A branch per source keeps the source constant in
 * each, so sorting by source is a merge too.
 */
const SOURCES: Record<ActionSource, SourceQuery> = {
  form: {
    literal: sql`'form'::text`,
    kind: 'form',
    where: sql`t."riskId" IS NULL AND t."hazardousSubstanceId" IS NULL`,
  },
  risk: { literal: sql`'risk'::text`, kind: 'form', where: sql`t."riskId" IS NOT NULL` },
  hazardous: {
    literal: sql`'hazardous'::text`,
    kind: 'form',
    where: sql`t."hazardousSubstanceId" IS NOT NULL`,
  },
  audit: { literal: sql`'audit'::text`, kind: 'audit', where: null },
  obligation: { literal: sql`'obligation'::text`, kind: 'obligation', where: null },
  document: { literal: sql`'document'::text`, kind: 'document', where: null },
};

interface Columns {
  parent: Sql;
  assignedOn: Sql;
  /** Completed: the flag, or a document action's day of completion. */
  complete: Sql;
  open: Sql;
  /** Document actions are given to employees only. */
  personnel: Sql;
}

/** The question tasks' columns: assigned when created. */
const TASK_COLUMNS = {
  assignedOn: sql`t."createdAt"`,
  complete: sql`t."isComplete"`,
  open: sql`NOT t."isComplete"`,
  personnel: sql`t."assigneePersonnelId"`,
};

/**
 * Per table, its columns as the register reads them (alias t). An action belongs to exactly one of
 * a submission, a risk or a substance (the Action_one_owner check).
 */
const COLUMNS: Record<TActionKind, Columns> = {
  form: {
    ...TASK_COLUMNS,
    parent: sql`COALESCE(t."riskId", t."hazardousSubstanceId", t."submissionId")`,
    assignedOn: sql`t."assignedOn"`,
  },
  audit: { ...TASK_COLUMNS, parent: sql`t."auditId"` },
  obligation: { ...TASK_COLUMNS, parent: sql`t."obligationId"` },
  document: {
    parent: sql`t."documentId"`,
    assignedOn: sql`t."createdAt"`,
    complete: sql`t."completedOn" IS NOT NULL`,
    open: sql`t."completedOn" IS NULL`,
    personnel: sql`NULL::uuid`,
  },
};

/** The completion states a status reads: 'all' is both, as two branches, each an index range. */
const COMPLETE: Record<TActionRegisterFilters['status'], boolean[]> = {
  open: [false],
  overdue: [false],
  completed: [true],
  all: [false, true],
};

/**
 * Each sort by output column names, so one text serves the branches, their union and the page; the
 * kind and id make the order total, so pages never overlap.
 */
const ORDER: Record<ActionSort, Sql> = {
  due: sql`"dueDate" ASC, kind ASC, id ASC`,
  // Ties newest id first too: the (…, assignedOn, id) indexes read backwards give exactly that.
  assignedOn: sql`"assignedOn" DESC, kind DESC, id DESC`,
  assignee: sql`"assigneeLastName" ASC, "assigneeFirstName" ASC, "dueDate" ASC, kind ASC, id ASC`,
  source: sql`source ASC, "dueDate" ASC, kind ASC, id ASC`,
};

interface ListRow {
  kind: TActionKind;
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

/** Besides the due date, the columns a branch gives for the list's order. */
const sortColumns = (sort: ActionSort, columns: Columns): Sql =>
  sort === 'assignedOn'
    ? sql`, ${columns.assignedOn} AS "assignedOn"`
    : sort === 'assignee'
      ? sql`, t."assigneeEmployeeId", ${columns.personnel} AS "assigneePersonnelId"`
      : emptySql;

/** A searched action's key and the columns its order reads (ActionRegisterService.searched). */
interface SearchKey {
  kind: TActionKind;
  id: string;
  source: ActionSource;
  dueDate: string;
  assignedOn: string | null;
  assigneeLastName: string | null;
  assigneeFirstName: string | null;
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

  /**
   * The branches of the union: one per source and completion state the filters keep, each the keys
   * (kind, id, source, due date; assigned-on when sorted by it) of the rows of its table that pass
   * the filters. The (companyId, isComplete, dueDate, id) indexes hold the instruction too, so a
   * branch is an index-only scan even when searching: no table row is read to be thrown away.
   * `extra` narrows each to one person's actions (the assignee sort, per person).
   */
  private branches(
    auth: AuthContext,
    filters: TActionRegisterFilters,
    today: string,
    /** A further condition on a table's columns: the assignee sort's one person, a due-date bound. */
    extra?: (columns: Columns) => Sql,
  ): Sql[] {
    const common = (columns: Columns): Sql[] => {
      const conditions = [sql`t."companyId" = ${uuid(auth.companyId)}`];
      if (filters.status === 'overdue') conditions.push(sql`t."dueDate" < ${today}::date`);
      if (filters.assigneeEmployeeId)
        conditions.push(sql`t."assigneeEmployeeId" = ${uuid(filters.assigneeEmployeeId)}`);
      if (filters.assigneePersonnelId)
        conditions.push(sql`${columns.personnel} = ${uuid(filters.assigneePersonnelId)}`);
      if (extra) conditions.push(extra(columns));
      if (filters.dueFrom) conditions.push(sql`t."dueDate" >= ${filters.dueFrom}::date`);
      if (filters.dueTo) conditions.push(sql`t."dueDate" <= ${filters.dueTo}::date`);
      if (filters.search) conditions.push(sql`t.instruction ILIKE ${containing(filters.search)}`);
      return conditions;
    };
    const sources = filters.source ? [filters.source] : ACTION_SOURCES;
    return sources.flatMap((source) =>
      COMPLETE[filters.status].map((complete) => {
        const { literal, kind, where } = SOURCES[source];
        const columns = COLUMNS[kind];
        const conditions = [...common(columns), complete ? columns.complete : columns.open];
        if (where) conditions.push(where);
        return sql`SELECT ${KIND_LITERAL[kind]} AS kind, t.id, ${literal} AS source, t."dueDate"${sortColumns(filters.sort, columns)}
          FROM ${TABLES[kind].table} t WHERE ${join(conditions, ' AND ')}`;
      }),
    );
  }

  /**
   * The union in the list's order, at most `first` rows. Each branch gives its first rows in that
   * order (an index range) and a merge keeps the first of them. By assignee, people are taken in
   * name order from their name indexes and each one's actions read through the assignee indexes,
   * so a page stops after the first few people instead of naming every action.
   */
  private ordered(auth: AuthContext, filters: TActionRegisterFilters, today: string, first: number): Sql {
    const order = ORDER[filters.sort];
    const limited = (branches: Sql[]) =>
      join(
        branches.map((branch) => sql`SELECT * FROM (${branch} ORDER BY ${order} LIMIT ${first}) b`),
        ' UNION ALL ',
      );
    if (filters.sort === 'due') {
      const [lead, ...rest] = this.branches(auth, filters, today);
      // The first branch (the forms' actions, most of them) bounds the others: when it fills the
      // page, none of their rows due after its last one can be on it. A search that a small source does not
      // match otherwise reads that source's every open action before the merge can begin.
      const bound = sql`t."dueDate" <= COALESCE((SELECT max("dueDate") FROM lead HAVING count(*) = ${first}),
        'infinity'::date)`;
      const bounded = this.branches(auth, filters, today, () => bound).slice(1);
      if (rest.length > 0)
        return sql`WITH lead AS MATERIALIZED (${lead} ORDER BY ${order} LIMIT ${first})
        SELECT u.* FROM (SELECT * FROM lead UNION ALL ${limited(bounded)}) u ORDER BY ${order} LIMIT ${first}`;
    }
    if (filters.sort !== 'assignee')
      return sql`SELECT u.* FROM (${limited(this.branches(auth, filters, today))}) u
      ORDER BY ${order} LIMIT ${first}`;
    const company = uuid(auth.companyId);
    const mine = (condition: (columns: Columns) => Sql) =>
      join(this.branches(auth, filters, today, condition), ' UNION ALL ');
    // "Nobody" sorts first and is its own ordered input. The people are one list in name order, a
    // merge of the two name indexes (the organisation is named outside the union, as a condition
    // inside a member stops PostgreSQL from merging it), each joined to its own actions: the nested
    // loop keeps the people's order, so only each person's few actions are sorted and a page stops
    // after the first few people.
    return sql`SELECT u.* FROM (
        (SELECT x.*, ''::text AS "assigneeLastName", ''::text AS "assigneeFirstName" FROM (
          ${mine((columns) => sql`t."assigneeEmployeeId" IS NULL AND ${columns.personnel} IS NULL`)}) x
          ORDER BY ${order} LIMIT ${first})
        UNION ALL
        (SELECT x.*, person."assigneeLastName", person."assigneeFirstName" FROM (
          SELECT * FROM (
            SELECT "companyId", "lastName" AS "assigneeLastName", "firstName" AS "assigneeFirstName",
              'employee' AS type, id FROM "Employee"
            UNION ALL SELECT "companyId", "lastName", "firstName", 'personnel', id FROM "Personnel") people
          WHERE "companyId" = ${company} ORDER BY 2, 3) person
        CROSS JOIN LATERAL (
          ${mine(() => sql`person.type = 'employee' AND t."assigneeEmployeeId" = person.id`)}
          UNION ALL ${mine((columns) => sql`person.type = 'personnel' AND ${columns.personnel} = person.id`)}) x
        ORDER BY ${order} LIMIT ${first})) u
      ORDER BY ${order} LIMIT ${first}`;
  }

  /**
   * A page of rows: the keys of the list's first offset + limit rows (the ordered union, or a
   * search's keys), sorted, and only the page's rows joined to the names of their parents and
   * assignees.
   */
  private async rows(
    sort: ActionSort,
    today: string,
    /** The keys of the list's first offset + limit rows, in any order (see ordered). */
    first: Sql,
    offset: number,
    options: ReadOptions,
  ): Promise<TActionRow[]> {
    const order = ORDER[sort];
    // The page's keys first, then its rows from their own tables, each by primary key.
    const details = join(
      KINDS.map(
        (
          kind,
        ) => sql`SELECT ${COLUMNS[kind].parent} AS "parentId", ${COLUMNS[kind].assignedOn} AS "assignedOn",
          t."companyId", t.instruction, t."assigneeEmployeeId", ${COLUMNS[kind].personnel} AS "assigneePersonnelId",
          ${COLUMNS[kind].complete} AS "isComplete", t."completedOn"
          FROM ${TABLES[kind].table} t WHERE page.kind = ${KIND_LITERAL[kind]} AND t.id = page.id`,
      ),
      ' UNION ALL ',
    );
    const found = await this.reader.rows<ListRow>(
      sql`SELECT page.kind, page.id, page.source,
        r."parentId", r.instruction, page."dueDate", r."assignedOn", r."isComplete",
        r."completedOn", COALESCE(e."firstName", p."firstName") AS "assigneeFirstName",
        COALESCE(e."lastName", p."lastName") AS "assigneeLastName",
        r."assigneePersonnelId" IS NOT NULL AS external,
        CASE page.source
          WHEN 'form' THEN (SELECT COALESCE('FS ' || f.number, 'Draft') || ' · ' || tpl.name
            FROM "FormSubmission" f JOIN "FormTemplate" tpl ON tpl.id = f."templateId" WHERE f.id = r."parentId")
          WHEN 'audit' THEN (SELECT a.name FROM "Audit" a WHERE a.id = r."parentId")
          WHEN 'obligation' THEN (SELECT o.name FROM "Obligation" o WHERE o.id = r."parentId")
          WHEN 'document' THEN (SELECT d.name FROM "Document" d WHERE d.id = r."parentId")
          WHEN 'risk' THEN (SELECT x.name FROM "Risk" x WHERE x.id = r."parentId")
          ELSE (SELECT h.name FROM "HazardousSubstance" h WHERE h.id = r."parentId")
        END AS "parentName"
      FROM (SELECT o.* FROM (${first}) o ORDER BY ${order} OFFSET ${offset}) page
      CROSS JOIN LATERAL (${details}) r
      LEFT JOIN "Employee" e ON e.id = r."assigneeEmployeeId" AND e."companyId" = r."companyId"
      LEFT JOIN "Personnel" p ON p.id = r."assigneePersonnelId" AND p."companyId" = r."companyId"
      ORDER BY ${order}`,
      options,
    );
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
    const today = callerToday(auth);
    const offset = (request.page - 1) * request.pageSize;
    if (request.search) return this.searched(auth, request, today, offset);
    const counted = join(
      this.branches(auth, request, today).map((branch) => sql`SELECT 1 FROM (${branch}) t`),
      ' UNION ALL ',
    );
    const [rows, count] = await Promise.all([
      this.page(auth, request, today, offset),
      cappedCount(this.reader, counted, request),
    ]);
    return { rows, ...count };
  }

  /** The list's page, its statement on its generic plan (the same for every value of the filters). */
  private page(
    auth: AuthContext,
    request: TActionRegisterFilters & { pageSize: number },
    today: string,
    offset: number,
  ) {
    const first = this.ordered(auth, request, today, offset + request.pageSize);
    return this.rows(request.sort, today, first, offset, GENERIC);
  }

  /**
   * A search counts four pages past the one shown ("of 100+", and Next goes on), so it first reads
   * the keys of its matches, at most that many and one more, planned for its word: a rare word
   * through the trigram indexes. When they are all there, they are the count, and the page is
   * sorted from them and only its rows are read (one prepared statement, whatever the word). A
   * common word fills them from the first index entries it reads, and its page is the list's own,
   * whose due-order index scans find a common word at once. Planning the whole list for each word
   * cost more than reading it (docs/performance.md).
   */
  private async searched(
    auth: AuthContext,
    request: TActionRegisterFilters & { page: number; pageSize: number },
    today: string,
    offset: number,
  ) {
    const cap = countCap(request);
    const matches = join(this.branches(auth, request, today), ' UNION ALL ');
    // The keys come back only when they are all there: a common word's are only counted.
    const keys = sql`SELECT m.kind, m.id, m.source, m."dueDate", ${
      request.sort === 'assignedOn' ? sql`m."assignedOn"` : sql`NULL`
    } AS "assignedOn", ${
      request.sort === 'assignee'
        ? sql`COALESCE(e."lastName", p."lastName", '') AS "assigneeLastName",
            COALESCE(e."firstName", p."firstName", '') AS "assigneeFirstName"
          FROM m LEFT JOIN "Employee" e ON e.id = m."assigneeEmployeeId"
          LEFT JOIN "Personnel" p ON p.id = m."assigneePersonnelId"`
        : sql`NULL AS "assigneeLastName", NULL AS "assigneeFirstName" FROM m`
    }`;
    const found = await this.reader.rows<{ matched: number } & Partial<SearchKey>>(
      sql`WITH m AS MATERIALIZED (${matches} LIMIT ${cap + 1}), counted AS (SELECT count(*)::int AS matched FROM m)
        SELECT counted.matched, k.* FROM counted
        LEFT JOIN LATERAL (${keys} WHERE counted.matched <= ${cap}) k ON true`,
      { plan: 'custom' },
    );
    const matched = found[0]?.matched ?? 0;
    if (matched > cap) {
      return {
        rows: await this.page(auth, request, today, offset),
        total: cap,
        totalCapped: true as const,
      };
    }
    if (matched === 0) return { rows: [], total: 0 };
    const column = <K extends keyof SearchKey>(name: K) => found.map((key) => key[name]);
    const first = sql`SELECT * FROM unnest(${column('kind')}::text[], ${column('id')}::uuid[],
        ${column('source')}::text[], ${column('dueDate')}::date[], ${column('assignedOn')}::timestamptz[],
        ${column('assigneeLastName')}::text[], ${column('assigneeFirstName')}::text[])
        AS k(kind, id, source, "dueDate", "assignedOn", "assigneeLastName", "assigneeFirstName")`;
    return {
      rows: await this.rows(request.sort, today, first, offset, GENERIC),
      total: matched,
    };
  }

  /** The filtered rows for an export, at most ACTION_EXPORT_LIMIT; `truncated` when there were more. */
  private async exportRows(auth: AuthContext, filters: TActionRegisterFilters) {
    const today = callerToday(auth);
    const first = this.ordered(auth, filters, today, ACTION_EXPORT_LIMIT + 1);
    const rows = await this.rows(filters.sort, today, first, 0, { ...planFor(filters.search), export: true });
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

  async details(auth: AuthContext, kind: TActionKind, id: string) {
    if (kind !== 'document') return this.assignedActions.detailsInOrganisation(auth, kind, id);
    const action = await this.db.documentAction.findFirst({ where: { id, companyId: auth.companyId } });
    if (!action) throw notFound(say.notFound);
    const assignee = await this.db.employee.findFirst({
      where: { id: action.assigneeEmployeeId, companyId: auth.companyId },
      select: { firstName: true, lastName: true },
    });
    return {
      _id: action.id,
      sectionType: kind,
      instruction: action.instruction,
      response: '',
      assignTo: action.assigneeEmployeeId,
      assignToType: 'internal' as const,
      assignToName: assignee ? personName(assignee) : '',
      dueDate: dayOf(action.dueDate)!,
      attachment: [],
      documentId: action.documentId,
      completeStatus: yesNo(action.completedOn !== null),
      completedOn: dayOf(action.completedOn),
      mine: action.assigneeEmployeeId === auth.employeeId,
    };
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

  /** The actions of one table a reassignment names, each with its source and its change log's entity. */
  private async found(tx: Tx, auth: AuthContext, kind: TActionKind, ids: string[]) {
    const where = { id: { in: ids }, companyId: auth.companyId };
    const select = {
      id: true,
      instruction: true,
      dueDate: true,
      isComplete: true,
      assigneeEmployeeId: true,
      assigneePersonnelId: true,
    } as const;
    switch (kind) {
      case 'form':
        return (
          await tx.action.findMany({ where, select: { ...select, riskId: true, hazardousSubstanceId: true } })
        ).map((row) => ({
          ...row,
          entityId: row.id,
          source: (row.riskId ? 'risk' : row.hazardousSubstanceId ? 'hazardous' : 'form') as ActionSource,
        }));
      case 'audit':
      case 'obligation':
        return (
          kind === 'audit'
            ? await tx.auditQuestionTask.findMany({ where, select })
            : await tx.obligationQuestionTask.findMany({ where, select })
        ).map((row) => ({ ...row, entityId: row.id, source: kind as ActionSource }));
      case 'document':
        return (
          await tx.documentAction.findMany({
            where,
            select: {
              id: true,
              instruction: true,
              dueDate: true,
              completedOn: true,
              assigneeEmployeeId: true,
              documentId: true,
            },
          })
        ).map(({ completedOn, documentId, ...row }) => ({
          ...row,
          isComplete: completedOn !== null,
          assigneePersonnelId: null,
          entityId: documentId,
          source: kind as ActionSource,
        }));
    }
  }

  /** Gives one table's open actions among `ids` to the new assignee; returns how many it changed. */
  private async move(
    tx: Tx,
    companyId: string,
    kind: TActionKind,
    ids: string[],
    to: Awaited<ReturnType<ActionRegisterService['assignee']>>,
  ): Promise<number> {
    const where = { id: { in: ids }, companyId, isComplete: false };
    const assignee = {
      assigneeEmployeeId: to.type === 'internal' ? to.id : null,
      assigneePersonnelId: to.type === 'external' ? to.id : null,
    };
    switch (kind) {
      case 'form':
        return (
          await tx.action.updateMany({
            where,
            data: { ...assignee, actionType: to.type, version: { increment: 1 } },
          })
        ).count;
      case 'audit':
        return (
          await tx.auditQuestionTask.updateMany({ where, data: { ...assignee, assigneeType: to.type } })
        ).count;
      case 'obligation':
        return (
          await tx.obligationQuestionTask.updateMany({ where, data: { ...assignee, assigneeType: to.type } })
        ).count;
      case 'document':
        return (
          await tx.documentAction.updateMany({
            where: { id: { in: ids }, companyId, completedOn: null },
            data: { assigneeEmployeeId: to.id },
          })
        ).count;
    }
  }

  /** One table's part of a reassignment; returns the actions whose assignee changed. */
  private async reassignKind(
    tx: Tx,
    auth: AuthContext,
    kind: TActionKind,
    ids: string[],
    to: Awaited<ReturnType<ActionRegisterService['assignee']>>,
  ) {
    if (kind === 'document' && to.type === 'external')
      throw badRequest(say.documentToEmployee, [{ field: 'assignee', message: say.documentToEmployee }]);
    const found = await this.found(tx, auth, kind, ids);
    if (found.length !== ids.length) throw notFound(say.notFound);
    if (found.some((row) => row.isComplete)) throw conflict(say.completed);
    const changed = found.filter(
      (row) =>
        row.assigneeEmployeeId !== (to.type === 'internal' ? to.id : null) ||
        row.assigneePersonnelId !== (to.type === 'external' ? to.id : null),
    );
    if (changed.length === 0) return [];
    const updated = await this.move(
      tx,
      auth.companyId,
      kind,
      changed.map((row) => row.id),
      to,
    );
    // Completed by its assignee between the read and this write.
    if (updated !== changed.length) throw conflict(say.completed);
    const names = await this.names(tx, auth.companyId, changed);
    // One insert for the lot (up to 500 rows): the same entries recordChange writes one by one.
    await tx.changeLog.createMany({
      data: changed.map((row) => ({
        companyId: auth.companyId,
        entityType: TABLES[kind].entity,
        entityId: row.entityId,
        userId: auth.userId,
        action: kind === 'document' ? 'action reassigned' : 'reassigned',
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
