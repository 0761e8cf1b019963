import {
  formatedNumber,
  messages,
  personName,
  type TChangeLogEntry,
  type TFormSubmissionList,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZFormSubmissionListRequest } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { join, sql, uuid } from '../../db/sql';
import { hasRecordsAccess } from './policy';
import { type SubmissionActor, WIRE_FORM_TYPE, day, blank, type Change, recorderName } from './shapes';
import { type SubmissionPolicy } from './policy';

/** The Records list and a submission's history (the change log it reads). */
export class SubmissionRecords {
  constructor(
    private readonly db: Db,
    private readonly policy: SubmissionPolicy,
  ) {}

  // ---------- List and history ----------

  async list(
    auth: AuthContext,
    request: z.output<typeof ZFormSubmissionListRequest>,
  ): Promise<TFormSubmissionList> {
    const companyId = auth.companyId;
    if (request.scope === 'all' && !hasRecordsAccess(auth)) throw forbidden();
    const { ids, total } = await this.page(auth, request);
    const found = await this.db.formSubmission.findMany({
      where: { companyId, id: { in: ids } },
      include: {
        template: { select: { name: true } },
        coordinators: { where: { position: 0 }, select: { employeeId: true } },
      },
    });
    const byId = new Map(found.map((row) => [row.id, row]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    const employeeIds = rows.flatMap((row) => [
      ...row.coordinators.map((c) => c.employeeId),
      ...(row.recordedByEmployeeId ? [row.recordedByEmployeeId] : []),
    ]);
    const personnelIds = rows.flatMap((row) =>
      row.recordedByPersonnelId ? [row.recordedByPersonnelId] : [],
    );
    const placeIds = rows.flatMap((row) =>
      [row.workplaceId, row.branchId].filter((id): id is string => !!id),
    );
    const [employees, personnel, workplaces, branches] = await Promise.all([
      this.db.employee.findMany({ where: { companyId, id: { in: employeeIds } } }),
      this.db.personnel.findMany({ where: { companyId, id: { in: personnelIds } } }),
      this.db.workplace.findMany({ where: { companyId, id: { in: placeIds } } }),
      this.db.branch.findMany({ where: { companyId, id: { in: placeIds } } }),
    ]);
    const employeeName = new Map(employees.map((row) => [row.id, personName(row)]));
    const personnelName = new Map(personnel.map((row) => [row.id, personName(row)]));
    const placeName = new Map([...workplaces, ...branches].map((row) => [row.id, row.name]));
    return {
      rows: rows.map((row) => ({
        _id: row.id,
        formatedNumber: formatedNumber(row.isDraft ? null : row.number),
        formTemplateId: row.templateId,
        formTemplateName: row.template.name,
        formDescription: row.formDescription,
        formDate: day(row.formDate),
        workplaceName: placeName.get(row.workplaceId ?? '') ?? '',
        branchName: placeName.get(row.branchId ?? '') ?? '',
        status: row.isClosed ? 'Closed' : row.isDraft ? 'Draft' : 'Open',
        coordinator: employeeName.get(row.coordinators[0]?.employeeId ?? '') ?? '',
        recordedBy: recorderName(row, employeeName, personnelName),
        formType: WIRE_FORM_TYPE[row.formType],
      })),
      total,
      page: request.page,
      pageSize: request.pageSize,
    };
  }

  /**
   * One page of the list, as ids in order, and the total, in SQL. The caller's own submissions are
   * a UNION over the ways a submission is someone's (created, recorded as employee or personnel,
   * coordinated), each served by an index: as one OR of them no index applied and every
   * submission of the organisation was read twice per call (issue 18).
   */
  private async page(
    auth: AuthContext,
    request: z.output<typeof ZFormSubmissionListRequest>,
  ): Promise<{ ids: string[]; total: number }> {
    const company = uuid(auth.companyId);
    // Whose a submission is: who created it, recorded it (as employee or personnel) or coordinates
    // it; the coordinators are read once as a hashed set, not per submission.
    const mine = sql`(f."createdByUserId" = ${uuid(auth.userId)}
      OR f."recordedByEmployeeId" = ${auth.employeeId}::uuid
      OR f."recordedByPersonnelId" = ${auth.personnelId}::uuid
      OR f.id IN (SELECT "submissionId" FROM "SubmissionCoordinator"
        WHERE "companyId" = ${company} AND "employeeId" = ${auth.employeeId}::uuid))`;
    const conditions = [sql`f."companyId" = ${company}`];
    if (request.scope === 'my') conditions.push(mine);
    // Performance reviews (HR forms) of others only for a role with hrEmployeePrivateInfo.
    else if (!auth.accessKeys.has('hrEmployeePrivateInfo'))
      conditions.push(sql`(f."formType" <> 'hr' OR ${mine})`);
    if (request.status === 'Draft') conditions.push(sql`f."isDraft"`);
    if (request.status === 'Open') conditions.push(sql`NOT f."isDraft" AND NOT f."isClosed"`);
    if (request.status === 'Closed') conditions.push(sql`f."isClosed"`);
    if (request.formTemplateId) conditions.push(sql`f."templateId" = ${uuid(request.formTemplateId)}`);
    if (request.workplace) conditions.push(sql`f."workplaceId" = ${uuid(request.workplace)}`);
    if (request.fromDate) conditions.push(sql`f."formDate" >= ${request.fromDate}::date`);
    if (request.toDate) conditions.push(sql`f."formDate" <= ${request.toDate}::date`);
    if (request.search)
      conditions.push(sql`f."formDescription" ILIKE ${`%${request.search.replace(/[\\%_]/g, '\\$&')}%`}`);
    const where = join(conditions, ' AND ');
    const direction = request.sortDirection === 'asc' ? sql`ASC` : sql`DESC`;
    // Drafts have no number: they sort last either way.
    const order = {
      formDate: sql`f."formDate" ${direction}`,
      number: sql`f.number ${direction} NULLS LAST`,
      formDescription: sql`f."formDescription" ${direction}`,
      createdAt: sql`f."createdAt" ${direction}`,
    }[request.sort];
    const [rows, counted] = await Promise.all([
      this.db.$queryRaw<{ id: string }[]>(sql`SELECT f.id FROM "FormSubmission" f WHERE ${where}
        ORDER BY ${order}, f.id LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`),
      this.db.$queryRaw<{ total: number }[]>(
        sql`SELECT count(*)::int AS total FROM "FormSubmission" f WHERE ${where}`,
      ),
    ]);
    return { ids: rows.map((row) => row.id), total: counted[0]?.total ?? 0 };
  }

  async history(auth: AuthContext, submissionId: string): Promise<TChangeLogEntry[]> {
    if (!(await this.policy.visible(auth, submissionId))) throw notFound();
    const companyId = auth.companyId;
    const actionIds = (
      await this.db.action.findMany({ where: { companyId, submissionId }, select: { id: true } })
    ).map((row) => row.id);
    const rows = await this.db.changeLog.findMany({
      where: {
        companyId,
        OR: [
          { entityType: 'formSubmission', entityId: submissionId },
          { entityType: 'action', entityId: { in: actionIds } },
          { entityType: 'action', changes: { path: ['submissionId'], equals: submissionId } },
        ],
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const users = await this.db.user.findMany({
      where: { companyId, id: { in: rows.flatMap((row) => (row.userId ? [row.userId] : [])) } },
      include: {
        employee: { select: { firstName: true, lastName: true } },
        personnel: { select: { firstName: true, lastName: true } },
      },
    });
    const who = new Map(
      users.map((user) => [user.id, personName(user.employee ?? user.personnel) || user.username]),
    );
    return rows.map((row) => ({
      _id: row.id,
      entityType: row.entityType === 'action' ? 'action' : 'submission',
      entityId: row.entityId,
      action: row.action,
      who: (row.userId && who.get(row.userId)) || messages.submission.guestUser,
      when: row.createdAt.toISOString(),
      changes: Object.entries((row.changes ?? {}) as Record<string, unknown>)
        .filter(([field]) => field !== 'submissionId')
        .map(([field, value]) =>
          Array.isArray(value) && value.length === 2
            ? { field, from: value[0] ?? null, to: value[1] ?? null }
            : { field, from: null, to: value ?? null },
        )
        // Rows written before empty answers compared equal (and a completion without files).
        .filter((change) => !(blank(change.from) && blank(change.to))),
    }));
  }
}

/** A ChangeLog row in the style of the other features: { attribute: [from, to] }. */
export async function logChanges(
  tx: Prisma.TransactionClient,
  auth: SubmissionActor,
  entityType: 'formSubmission' | 'action',
  entityId: string,
  submissionId: string,
  action: string,
  changes: Change[],
) {
  const entries = Object.fromEntries(changes.map((change) => [change.field, [change.from, change.to]]));
  await tx.changeLog.create({
    data: {
      companyId: auth.companyId,
      entityType,
      entityId,
      userId: auth.userId,
      action,
      // An action's row names its submission, so its history survives the action's deletion.
      changes: (entityType === 'action' ? { ...entries, submissionId } : entries) as Prisma.InputJsonValue,
    },
  });
}
