import {
  addDays,
  dayOfWeek,
  localDateOf,
  localTimeOf,
  REPORT_SEND_HOUR,
  mayRunReport,
  personName,
  REPORT_IDS,
  reportMessages as say,
  startOfLocalDay,
  type ReportId,
  type ReportSchedule,
  type TResolvedReportFilters,
  type TSavedReport,
  type ZSavedReportSave,
} from '@compass/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, forbidden, notFound } from '../../errors';
import type { ReportService } from './service';
import type { ReportViewer } from './source';

/** REPORT_SEND_HOUR:00 on the organisation's clock of `day`, also on a day the clocks change. */
function sendingInstant(day: string, timeZone: string): Date {
  const guess = startOfLocalDay(day, timeZone).getTime() + REPORT_SEND_HOUR * 3_600_000;
  // Midnight plus seven hours is 06:00 or 08:00 on the day the clocks change: move to 07:00.
  const [hours, minutes] = localTimeOf(new Date(guess), timeZone).split(':').map(Number);
  return new Date(guess + (REPORT_SEND_HOUR * 60 - (hours! * 60 + minutes!)) * 60_000);
}

const SENDING_DAY: Record<Exclude<ReportSchedule, 'none'>, (day: string) => boolean> = {
  daily: () => true,
  weekly: (day) => dayOfWeek(day) === 1,
  monthly: (day) => day.endsWith('-01'),
};

/**
 * When a saved report is mailed next after `now`: the next 07:00 of the organisation's day (daily),
 * of a Monday (weekly), of a 1st (monthly); null when it is not scheduled.
 */
export function nextSendAt(schedule: ReportSchedule, timeZone: string, now: Date): Date | null {
  if (schedule === 'none') return null;
  const today = localDateOf(now, timeZone);
  for (let offset = 0; offset <= 32; offset++) {
    const day = addDays(today, offset);
    if (!SENDING_DAY[schedule](day)) continue;
    const instant = sendingInstant(day, timeZone);
    if (instant > now) return instant;
  }
  throw new Error(`No sending day for ${schedule}`);
}

const SELECT = {
  id: true,
  name: true,
  report: true,
  groupBy: true,
  filters: true,
  sharedRoleId: true,
  schedule: true,
  ownerEmployeeId: true,
  nextSendAt: true,
  lastSentAt: true,
  updatedAt: true,
} as const satisfies Prisma.SavedReportSelect;
type Row = Prisma.SavedReportGetPayload<{ select: typeof SELECT }>;

/** A saved row's report is one of the catalogue's (a report may leave it). */
export const isReportId = (report: string): report is ReportId => REPORT_IDS.includes(report as ReportId);

/**
 * Saved reports (docs/reports.md): a report's grouping and filters kept under a name by an
 * employee, shared with a role, mailed on a schedule. One rule for who sees one, in the list and
 * in its details: its owner, and the members of the role it is shared with — and only while they
 * may run the report (each runs it with their own rights). Only the owner changes or deletes it.
 */
export class SavedReportService {
  constructor(
    private readonly db: Db,
    private readonly reports: Pick<ReportService, 'query'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(viewer: ReportViewer): Promise<{ rows: TSavedReport[] }> {
    const rows = await this.db.savedReport.findMany({
      where: await this.visible(viewer),
      select: SELECT,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    });
    return { rows: await this.shown(viewer, rows) };
  }

  async details(viewer: ReportViewer, id: string): Promise<TSavedReport> {
    const [shown] = await this.shown(viewer, await this.find(viewer, id));
    if (!shown) throw notFound();
    return shown;
  }

  async save(viewer: ReportViewer, input: z.output<typeof ZSavedReportSave>): Promise<{ _id: string }> {
    const owner = this.ownerOf(viewer);
    // Checked as a run of the report: the saver runs it, the grouping and the filters are its own.
    const { by } = this.reports.query(viewer, { report: input.report, by: input.by, filters: input.filters });
    if (input.sharedRoleId) {
      const role = await this.db.role.findFirst({
        where: { id: input.sharedRoleId, companyId: viewer.companyId },
        select: { id: true },
      });
      if (!role) throw badRequest(say.roleUnknown, [{ field: 'sharedRoleId', message: say.roleUnknown }]);
    }
    if (input._id) await this.owned(viewer, input._id);
    const taken = await this.db.savedReport.findFirst({
      where: {
        companyId: viewer.companyId,
        ownerEmployeeId: owner,
        name: input.name,
        NOT: { id: input._id },
      },
      select: { id: true },
    });
    if (taken) throw nameTaken();
    const data = {
      name: input.name,
      report: input.report,
      groupBy: by,
      filters: input.filters as Prisma.InputJsonValue,
      sharedRoleId: input.sharedRoleId,
      schedule: input.schedule,
      nextSendAt: nextSendAt(input.schedule, viewer.timeZone, this.now()),
    };
    try {
      const saved = input._id
        ? await this.db.savedReport.update({ where: { id: input._id }, data, select: { id: true } })
        : await this.db.savedReport.create({
            data: { ...data, companyId: viewer.companyId, ownerEmployeeId: owner },
            select: { id: true },
          });
      return { _id: saved.id };
    } catch (error) {
      // Two saves of the same name at once: the unique index answers the second.
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  async delete(viewer: ReportViewer, id: string): Promise<void> {
    await this.owned(viewer, id);
    await this.db.savedReport.deleteMany({ where: { id, companyId: viewer.companyId } });
  }

  private ownerOf(viewer: ReportViewer): string {
    // The calls serve employees only; a caller without an employee record owns nothing.
    if (!viewer.employeeId) throw forbidden(say.noAccess);
    return viewer.employeeId;
  }

  /** The caller's own saved reports and those shared with their role, in their organisation. */
  private async visible(viewer: ReportViewer): Promise<Prisma.SavedReportWhereInput> {
    const owner = this.ownerOf(viewer);
    const employee = await this.db.employee.findFirst({
      where: { id: owner, companyId: viewer.companyId },
      select: { roleId: true },
    });
    const shared = employee?.roleId ? [{ sharedRoleId: employee.roleId }] : [];
    return { companyId: viewer.companyId, OR: [{ ownerEmployeeId: owner }, ...shared] };
  }

  private async find(viewer: ReportViewer, id: string): Promise<Row[]> {
    return this.db.savedReport.findMany({
      where: { AND: [await this.visible(viewer), { id }] },
      select: SELECT,
    });
  }

  /** A saved report the caller sees and owns: 404 when they do not see it, 403 when not theirs. */
  private async owned(viewer: ReportViewer, id: string): Promise<void> {
    const [shown] = await this.shown(viewer, await this.find(viewer, id));
    if (!shown) throw notFound();
    if (shown.isOwner !== 'yes') throw forbidden(say.notOwner);
  }

  /** The rows of reports the caller may run, with their owners' and roles' names. */
  private async shown(viewer: ReportViewer, rows: Row[]): Promise<TSavedReport[]> {
    const runnable = rows.filter(
      (row) => isReportId(row.report) && mayRunReport(viewer.accessKeys, row.report),
    );
    const [owners, roles] = await Promise.all([
      this.db.employee.findMany({
        where: { id: { in: [...new Set(runnable.map((row) => row.ownerEmployeeId))] } },
        select: { id: true, firstName: true, lastName: true },
      }),
      this.db.role.findMany({
        where: { id: { in: runnable.flatMap((row) => (row.sharedRoleId ? [row.sharedRoleId] : [])) } },
        select: { id: true, name: true },
      }),
    ]);
    const ownerName = new Map(owners.map((owner) => [owner.id, personName(owner)]));
    const roleName = new Map(roles.map((role) => [role.id, role.name]));
    return runnable.map((row) => ({
      _id: row.id,
      name: row.name,
      report: row.report as ReportId,
      by: row.groupBy,
      filters: row.filters as TResolvedReportFilters,
      sharedRoleId: row.sharedRoleId,
      sharedRole: row.sharedRoleId ? (roleName.get(row.sharedRoleId) ?? null) : null,
      schedule: row.schedule,
      owner: ownerName.get(row.ownerEmployeeId) ?? '',
      isOwner: row.ownerEmployeeId === viewer.employeeId ? 'yes' : 'no',
      nextSendAt: row.nextSendAt?.toISOString() ?? null,
      lastSentAt: row.lastSentAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }
}

const nameTaken = () => badRequest(say.nameTaken, [{ field: 'name', message: say.nameTaken }]);
