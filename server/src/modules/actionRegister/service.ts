import {
  ACTION_ASSIGNEE_PAGE,
  ACTION_EXPORT_LIMIT,
  actionRegisterMessages as say,
  personName,
  type ActionRegisterKind,
  type TActionAssignee,
  type TActionReassign,
  type TActionRegisterFilters,
  type TActionKind,
  yesNo,
} from '@compass/shared';
import { dayOf } from '../../db/days';
import type { Db } from '../../db/prisma';
import { cappedCount, planFor, countCap, type Reader } from '../../db/reader';
import { containing, emptySql, join, sql, uuid } from '../../db/sql';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import { callerToday } from '../../plugins/organisationDay';
import type { AssignedActionService } from '../assignedActions';
import { csvExport, xlsxExport } from './exports';
import { actionsOfRegister, holdsKind, isAssignee, requireRegister } from './policy';
import { ActionReassignment } from './reassign';
import { branches, GENERIC, ordered, rowsOf, type SearchKey } from './statements';

/**
 * The action registers: the organisation's actions of every source of a register (the Action
 * Register, or HR Action) in one list (a UNION ALL of the action tables on the Reader), its
 * exports, the register's view of one action, and reassigning. Each call names its register.
 */
export class ActionRegisterService {
  private readonly reassignment: ActionReassignment;

  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    mail: MailQueue,
    private readonly assignedActions: AssignedActionService,
    options: { publicUrl: string },
  ) {
    this.reassignment = new ActionReassignment(db, mail, options);
  }

  async list(
    auth: AuthContext,
    register: ActionRegisterKind,
    request: TActionRegisterFilters & { page: number; pageSize: number },
  ) {
    requireRegister(auth, register);
    const today = callerToday(auth);
    const offset = (request.page - 1) * request.pageSize;
    if (request.search) return this.searched(auth, register, request, today, offset);
    const counted = join(
      branches(auth, register, request, today).map((branch) => sql`SELECT 1 FROM (${branch}) t`),
      ' UNION ALL ',
    );
    const [rows, count] = await Promise.all([
      this.page(auth, register, request, today, offset),
      cappedCount(this.reader, counted, request),
    ]);
    return { rows, ...count };
  }

  /** The list's page, its statement on its generic plan (the same for every value of the filters). */
  private page(
    auth: AuthContext,
    register: ActionRegisterKind,
    request: TActionRegisterFilters & { pageSize: number },
    today: string,
    offset: number,
  ) {
    const first = ordered(auth, register, request, today, offset + request.pageSize);
    return rowsOf(this.reader, request.sort, today, first, offset, GENERIC);
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
    register: ActionRegisterKind,
    request: TActionRegisterFilters & { page: number; pageSize: number },
    today: string,
    offset: number,
  ) {
    const cap = countCap(request);
    const matches = join(branches(auth, register, request, today), ' UNION ALL ');
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
        rows: await this.page(auth, register, request, today, offset),
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
      rows: await rowsOf(this.reader, request.sort, today, first, offset, GENERIC),
      total: matched,
    };
  }

  /** The filtered rows for an export, at most ACTION_EXPORT_LIMIT; `truncated` when there were more. */
  private async exportRows(auth: AuthContext, register: ActionRegisterKind, filters: TActionRegisterFilters) {
    requireRegister(auth, register);
    const today = callerToday(auth);
    const first = ordered(auth, register, filters, today, ACTION_EXPORT_LIMIT + 1);
    const rows = await rowsOf(this.reader, filters.sort, today, first, 0, {
      ...planFor(filters.search),
      export: true,
    });
    return { rows: rows.slice(0, ACTION_EXPORT_LIMIT), truncated: rows.length > ACTION_EXPORT_LIMIT };
  }

  async exportCsv(auth: AuthContext, register: ActionRegisterKind, filters: TActionRegisterFilters) {
    const { rows, truncated } = await this.exportRows(auth, register, filters);
    return { body: csvExport(rows), truncated };
  }

  async exportXlsx(auth: AuthContext, register: ActionRegisterKind, filters: TActionRegisterFilters) {
    const { rows, truncated } = await this.exportRows(auth, register, filters);
    return { body: xlsxExport(rows), truncated };
  }

  /** One action of the register: another register's is not found (404), as another organisation's. */
  async details(auth: AuthContext, register: ActionRegisterKind, kind: TActionKind, id: string) {
    requireRegister(auth, register);
    if (!holdsKind(register, kind)) throw notFound(say.notFound);
    if (kind === 'form' && (await actionsOfRegister(this.db, auth, register, [id])).length === 0)
      throw notFound(say.notFound);
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
      mine: isAssignee(auth, action),
    };
  }

  /**
   * Active employees and personnel of the organisation by name, employees first on a tie; HR
   * actions go to employees only.
   */
  async assignees(auth: AuthContext, register: ActionRegisterKind, input: { search: string; page: number }) {
    requireRegister(auth, register);
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
        ${
          register === 'hr'
            ? emptySql
            : sql`UNION ALL
        SELECT p.id, 'external', p."firstName", p."lastName", s.name FROM "Personnel" p
          JOIN "SupplierCompany" s ON s.id = p."supplierId"
          WHERE p."companyId" = ${company} AND p."isActive"
            AND (p."firstName" || ' ' || p."lastName") ILIKE ${pattern}`
        }) people
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
   * Gives the register's open actions to another active employee or personnel (reassign.ts), all
   * or nothing.
   */
  reassign(auth: AuthContext, register: ActionRegisterKind, input: TActionReassign): Promise<number> {
    requireRegister(auth, register);
    return this.reassignment.reassign(auth, register, input);
  }
}
