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
    const mine: Prisma.FormSubmissionWhereInput = {
      OR: [
        { createdByUserId: auth.userId },
        ...(auth.employeeId
          ? [
              { recordedByEmployeeId: auth.employeeId },
              { coordinators: { some: { employeeId: auth.employeeId } } },
            ]
          : []),
        ...(auth.personnelId ? [{ recordedByPersonnelId: auth.personnelId }] : []),
      ],
    };
    if (request.scope === 'all' && !hasRecordsAccess(auth)) throw forbidden();
    // Performance reviews (HR forms) of others only for a role with hrEmployeePrivateInfo.
    const hrOfOthers: Prisma.FormSubmissionWhereInput = auth.accessKeys.has('hrEmployeePrivateInfo')
      ? {}
      : { OR: [{ NOT: { formType: 'hr' } }, mine] };
    const status: Record<string, Prisma.FormSubmissionWhereInput> = {
      Draft: { isDraft: true },
      Open: { isDraft: false, isClosed: false },
      Closed: { isClosed: true },
    };
    const where: Prisma.FormSubmissionWhereInput = {
      companyId,
      AND: [
        request.scope === 'my' ? mine : hrOfOthers,
        request.status ? status[request.status]! : {},
        request.formTemplateId ? { templateId: request.formTemplateId } : {},
        request.workplace ? { workplaceId: request.workplace } : {},
        request.fromDate ? { formDate: { gte: new Date(`${request.fromDate}T00:00:00.000Z`) } } : {},
        request.toDate ? { formDate: { lte: new Date(`${request.toDate}T00:00:00.000Z`) } } : {},
        request.search ? { formDescription: { contains: request.search, mode: 'insensitive' } } : {},
      ],
    };
    const [total, rows] = await Promise.all([
      this.db.formSubmission.count({ where }),
      this.db.formSubmission.findMany({
        where,
        orderBy: [
          // Drafts have no number: they sort last either way.
          request.sort === 'number'
            ? { number: { sort: request.sortDirection, nulls: 'last' } }
            : { [request.sort]: request.sortDirection },
          { id: 'asc' },
        ],
        skip: (request.page - 1) * request.pageSize,
        take: request.pageSize,
        include: {
          template: { select: { name: true } },
          coordinators: { where: { position: 0 }, select: { employeeId: true } },
        },
      }),
    ]);
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
