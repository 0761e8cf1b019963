import {
  personName,
  REGISTER_SOURCES,
  type ActionRegisterKind,
  type ActionSort,
  type ActionSource,
  type TActionKind,
  type TActionRegisterFilters,
  type TActionRow,
} from '@compass/shared';
import type { Reader, ReadOptions } from '../../db/reader';
import { containing, emptySql, join, sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { hrActionSql, hrFormActionSql, reviewActionSql } from '../assignedActions';

// The registers' statements: the organisation's actions of every source of a register in one list,
// a UNION ALL of the action tables on the Reader, in the list's order.

/** Statements whose generic plan serves every value (Reader.rows). */
export const GENERIC: ReadOptions = { plan: 'generic' };

/** The four tables an action lives in: the kind the details and reassign calls name. */
export const TABLES: Record<TActionKind, { table: Sql; entity: string }> = {
  form: { table: sql`"Action"`, entity: 'action' },
  audit: { table: sql`"AuditQuestionTask"`, entity: 'auditTask' },
  obligation: { table: sql`"ObligationQuestionTask"`, entity: 'obligationTask' },
  // A document keeps its history, its actions' changes included, under the document.
  document: { table: sql`"DocumentAction"`, entity: 'document' },
};
export const KINDS = Object.keys(TABLES) as TActionKind[];
/** Kinds and sources as literals, not parameters: constant in each branch, the merge sees it. */
export const KIND_LITERAL: Record<TActionKind, Sql> = {
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
 * own (the Action table holds five sources), each the predicate of its partial indexes
 * (20261129124500_action_hr_mark), so a branch reads its index alone. A branch per source keeps the
 * source constant in each, so sorting by source is a merge too. The HR actions (policy.ts) are the
 * HR register's.
 */
export const SOURCES: Record<ActionSource, SourceQuery> = {
  form: {
    literal: sql`'form'::text`,
    kind: 'form',
    where: sql`t."riskId" IS NULL AND t."hazardousSubstanceId" IS NULL AND NOT (${hrActionSql()})`,
  },
  // An HR action is a submission's or a review's, never a risk's or a substance's.
  hrForm: { literal: sql`'hrForm'::text`, kind: 'form', where: hrFormActionSql() },
  review: { literal: sql`'review'::text`, kind: 'form', where: reviewActionSql() },
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

export interface Columns {
  parent: Sql;
  assignedOn: Sql;
  /** Completed: the flag, or a document action's day of completion. */
  complete: Sql;
  open: Sql;
  /** Document actions are given to employees only. */
  personnel: Sql;
}

/** The question tasks' columns: assigned when created. */
export const TASK_COLUMNS = {
  assignedOn: sql`t."createdAt"`,
  complete: sql`t."isComplete"`,
  open: sql`NOT t."isComplete"`,
  personnel: sql`t."assigneePersonnelId"`,
};

/**
 * Per table, its columns as the register reads them (alias t). An action belongs to one of a
 * submission, a risk, a substance or a performance review (the Action_one_owner check).
 */
export const COLUMNS: Record<TActionKind, Columns> = {
  form: {
    ...TASK_COLUMNS,
    parent: sql`COALESCE(t."riskId", t."hazardousSubstanceId", t."performanceReviewId", t."submissionId")`,
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
export const COMPLETE: Record<TActionRegisterFilters['status'], boolean[]> = {
  open: [false],
  overdue: [false],
  completed: [true],
  all: [false, true],
};

/**
 * Each sort by output column names, so one text serves the branches, their union and the page; the
 * kind and id make the order total, so pages never overlap.
 */
export const ORDER: Record<ActionSort, Sql> = {
  due: sql`"dueDate" ASC, kind ASC, id ASC`,
  // Ties newest id first too: the (…, assignedOn, id) indexes read backwards give exactly that.
  assignedOn: sql`"assignedOn" DESC, kind DESC, id DESC`,
  assignee: sql`"assigneeLastName" ASC, "assigneeFirstName" ASC, "dueDate" ASC, kind ASC, id ASC`,
  source: sql`source ASC, "dueDate" ASC, kind ASC, id ASC`,
};

export interface ListRow {
  kind: TActionKind;
  id: string;
  source: ActionSource;
  parentId: string;
  parentName: string | null;
  employeeId: string | null;
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
export const sortColumns = (sort: ActionSort, columns: Columns): Sql =>
  sort === 'assignedOn'
    ? sql`, ${columns.assignedOn} AS "assignedOn"`
    : sort === 'assignee'
      ? sql`, t."assigneeEmployeeId", ${columns.personnel} AS "assigneePersonnelId"`
      : emptySql;

/** A searched action's key and the columns its order reads (ActionRegisterService.searched). */
export interface SearchKey {
  kind: TActionKind;
  id: string;
  source: ActionSource;
  dueDate: string;
  assignedOn: string | null;
  assigneeLastName: string | null;
  assigneeFirstName: string | null;
}

/**
 * The branches of the union: one per source and completion state the filters keep, each the keys
 * (kind, id, source, due date; assigned-on when sorted by it) of the rows of its table that pass
 * the filters. The (companyId, isComplete, dueDate, id) indexes hold the instruction too, so a
 * branch is an index-only scan even when searching: no table row is read to be thrown away.
 * `extra` narrows each to one person's actions (the assignee sort, per person).
 */
export function branches(
  auth: AuthContext,
  register: ActionRegisterKind,
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
  const sources = REGISTER_SOURCES[register].filter((source) => !filters.source || source === filters.source);
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
export function ordered(
  auth: AuthContext,
  register: ActionRegisterKind,
  filters: TActionRegisterFilters,
  today: string,
  first: number,
): Sql {
  const order = ORDER[filters.sort];
  const limited = (branches: Sql[]) =>
    join(
      branches.map((branch) => sql`SELECT * FROM (${branch} ORDER BY ${order} LIMIT ${first}) b`),
      ' UNION ALL ',
    );
  if (filters.sort === 'due') {
    const [lead, ...rest] = branches(auth, register, filters, today);
    // The first branch (the forms' actions, most of them) bounds the others: when it fills the
    // page, none of their rows due after its last one can be on it. A search that a small source does not
    // match otherwise reads that source's every open action before the merge can begin.
    const bound = sql`t."dueDate" <= COALESCE((SELECT max("dueDate") FROM lead HAVING count(*) = ${first}),
      'infinity'::date)`;
    const bounded = branches(auth, register, filters, today, () => bound).slice(1);
    if (rest.length > 0)
      return sql`WITH lead AS MATERIALIZED (${lead} ORDER BY ${order} LIMIT ${first})
      SELECT u.* FROM (SELECT * FROM lead UNION ALL ${limited(bounded)}) u ORDER BY ${order} LIMIT ${first}`;
  }
  if (filters.sort !== 'assignee')
    return sql`SELECT u.* FROM (${limited(branches(auth, register, filters, today))}) u
    ORDER BY ${order} LIMIT ${first}`;
  const company = uuid(auth.companyId);
  const mine = (condition: (columns: Columns) => Sql) =>
    join(branches(auth, register, filters, today, condition), ' UNION ALL ');
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
export async function rowsOf(
  reader: Reader,
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
      (kind) => sql`SELECT ${COLUMNS[kind].parent} AS "parentId", ${COLUMNS[kind].assignedOn} AS "assignedOn",
        t."companyId", t.instruction, t."assigneeEmployeeId", ${COLUMNS[kind].personnel} AS "assigneePersonnelId",
        ${COLUMNS[kind].complete} AS "isComplete", t."completedOn"
        FROM ${TABLES[kind].table} t WHERE page.kind = ${KIND_LITERAL[kind]} AND t.id = page.id`,
    ),
    ' UNION ALL ',
  );
  const found = await reader.rows<ListRow>(
    sql`SELECT page.kind, page.id, page.source,
      r."parentId", r.instruction, page."dueDate", r."assignedOn", r."isComplete",
      r."completedOn", COALESCE(e."firstName", p."firstName") AS "assigneeFirstName",
      COALESCE(e."lastName", p."lastName") AS "assigneeLastName",
      r."assigneePersonnelId" IS NOT NULL AS external,
      CASE WHEN page.source = 'review' THEN (SELECT pr."employeeId" FROM "PerformanceReview" pr
        WHERE pr.id = r."parentId") END AS "employeeId",
      CASE
        WHEN page.source = 'review' THEN (SELECT 'Performance review — ' || re."firstName" || ' ' || re."lastName" || ' · ' || pr.title
          FROM "PerformanceReview" pr JOIN "Employee" re ON re.id = pr."employeeId" WHERE pr.id = r."parentId")
        WHEN page.source IN ('form', 'hrForm') THEN (SELECT COALESCE('FS ' || f.number, 'Draft') || ' · ' || tpl.name
          FROM "FormSubmission" f JOIN "FormTemplate" tpl ON tpl.id = f."templateId" WHERE f.id = r."parentId")
        WHEN page.source = 'audit' THEN (SELECT a.name FROM "Audit" a WHERE a.id = r."parentId")
        WHEN page.source = 'obligation' THEN (SELECT o.name FROM "Obligation" o WHERE o.id = r."parentId")
        WHEN page.source = 'document' THEN (SELECT d.name FROM "Document" d WHERE d.id = r."parentId")
        WHEN page.source = 'risk' THEN (SELECT x.name FROM "Risk" x WHERE x.id = r."parentId")
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
    ...(row.employeeId && { employeeId: row.employeeId }),
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
