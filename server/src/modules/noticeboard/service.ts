import {
  addDays,
  noticeMessages as say,
  personName,
  type NoticeStatus,
  type TNoticeAdminDetails,
  type TNoticeAdminListRequest,
  type TNoticeAdminRow,
  type TNoticeAudienceOptions,
  type TNoticeSaveParsed,
} from '@compass/shared';
import type { Db, Notice, Prisma } from '../../db/prisma';
import { badRequest } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { UploadedFile } from '../../plugins/uploads';
import { callerToday } from '../../plugins/organisationDay';
import { cappedCount, keyedSearchPage, type Reader, planFor } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import type { AttachmentService } from '../attachments';
import { dateOf, dayOf } from '../../db/days';
import { findNotice } from './policy';

type Tx = Prisma.TransactionClient;

/** A notice's standing on a day (days as YYYY-MM-DD): a draft, not started, on the board, or past its expiry. */
function statusOfDays(
  isPublished: boolean,
  startDate: string,
  expireDate: string | null,
  today: string,
): NoticeStatus {
  if (!isPublished) return 'draft';
  if (startDate > today) return 'scheduled';
  if (expireDate && expireDate < today) return 'expired';
  return 'live';
}

const statusOf = (notice: Pick<Notice, 'isPublished' | 'startDate' | 'expireDate'>, today: string) =>
  statusOfDays(notice.isPublished, dayOf(notice.startDate)!, dayOf(notice.expireDate), today);

interface NoticeRow {
  id: string;
  title: string;
  priority: TNoticeAdminRow['priority'];
  /** Days as text (db/reader.ts). */
  startDate: string;
  expireDate: string | null;
  audience: TNoticeAdminRow['audience'];
  isPublished: boolean;
  audienceNames: string[];
  authorFirstName: string | null;
  authorLastName: string | null;
  attachmentCount: number;
}

/** Managing the noticeboard: the administrators' side (the readers' side is the dashboard's). */
export class NoticeAdminService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
  ) {}

  async list(
    auth: AuthContext,
    request: TNoticeAdminListRequest,
  ): Promise<{ rows: TNoticeAdminRow[]; total: number; totalCapped?: true }> {
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    const today = callerToday(auth);
    const day = sql`${today}::date`;
    const conditions = [sql`n."companyId" = ${uuid(auth.companyId)}`];
    const started = sql`n."isPublished" AND n."startDate" <= ${day}`;
    const byStatus: Record<NoticeStatus, Sql> = {
      draft: sql`NOT n."isPublished"`,
      scheduled: sql`n."isPublished" AND n."startDate" > ${day}`,
      live: sql`${started} AND (n."expireDate" IS NULL OR n."expireDate" >= ${day})`,
      expired: sql`n."isPublished" AND n."expireDate" < ${day}`,
    };
    // A trigram index serves a rare word; for a common one the planner walks the date order instead.
    if (request.search) conditions.push(sql`n.title ILIKE ${containing(request.search)}`);
    const where = join(request.status ? [...conditions, byStatus[request.status]] : conditions, ' AND ');
    // The live notices are counted as two ranges of the published notices' index (no end day; an end
    // day still to come): with the OR of byStatus.live the count read the table.
    const liveFrom = (ends: Sql) =>
      sql`SELECT 1 FROM "Notice" n WHERE ${join([...conditions, started, ends], ' AND ')}`;
    const counted =
      request.status === 'live'
        ? sql`${liveFrom(sql`n."expireDate" IS NULL`)} UNION ALL ${liveFrom(sql`n."expireDate" >= ${day}`)}`
        : sql`SELECT 1 FROM "Notice" n WHERE ${where}`;
    // How many notices a day matches decides the plan (a generic one counted the live notices
    // through the start-date index, 34,000 rows, 82 ms).
    const plan = planFor(request.status);
    const order = sql`n."startDate" DESC, n."createdAt" DESC, n.id DESC`;
    const statement = (rows: Sql) =>
      sql`SELECT n.id, n.title, n.priority, n."startDate", n."expireDate",
          n.audience, n."isPublished",
          ARRAY(SELECT coalesce(
              (SELECT w.name FROM "Workplace" w WHERE w.id = a.id AND w."companyId" = n."companyId"),
              (SELECT r.name FROM "Role" r WHERE r.id = a.id AND r."companyId" = n."companyId"),
              (SELECT s.name FROM "SupplierCompany" s WHERE s.id = a.id AND s."companyId" = n."companyId"),
              'Removed')
            FROM unnest(n."audienceIds") WITH ORDINALITY a(id, at) ORDER BY a.at) AS "audienceNames",
          e."firstName" AS "authorFirstName", e."lastName" AS "authorLastName",
          (SELECT count(*)::int FROM "Attachment" f WHERE f."companyId" = n."companyId"
            AND f."ownerType" = 'notice' AND f."ownerId" = n.id) AS "attachmentCount"
        FROM (${rows}) n
        LEFT JOIN "Employee" e ON e.id = n."authorEmployeeId" AND e."companyId" = n."companyId"
        ORDER BY ${order}`;
    const shown = (notice: NoticeRow): TNoticeAdminRow => ({
      _id: notice.id,
      title: notice.title,
      priority: notice.priority,
      startDate: notice.startDate,
      expireDate: notice.expireDate,
      audience: notice.audience,
      audienceNames: notice.audienceNames,
      status: statusOfDays(notice.isPublished, notice.startDate, notice.expireDate, today),
      author:
        notice.authorFirstName !== null
          ? personName({ firstName: notice.authorFirstName, lastName: notice.authorLastName ?? '' })
          : null,
      attachmentCount: notice.attachmentCount,
    });
    const listed = { search: request.search, page, pageSize };
    // A search's matches are planned for its word (above), its page's notices read by id.
    if (request.search)
      return keyedSearchPage(
        this.reader,
        listed,
        {
          keys: sql`SELECT n.id FROM "Notice" n WHERE ${where} ORDER BY ${order}`,
          rows: (ids) =>
            statement(sql`SELECT n.* FROM unnest(${ids}) k(id) JOIN "Notice" n ON n.id = k.id
              AND n."companyId" = ${uuid(auth.companyId)}`),
        },
        shown,
      );
    const [notices, total] = await Promise.all([
      this.reader.rows<NoticeRow>(
        statement(sql`SELECT n.* FROM "Notice" n WHERE ${where} ORDER BY ${order}
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
        plan,
      ),
      cappedCount(this.reader, counted, listed, plan),
    ]);
    return { ...total, rows: notices.map(shown) };
  }

  async details(auth: AuthContext, id: string): Promise<TNoticeAdminDetails> {
    const notice = await findNotice(this.db, auth, id);
    return {
      _id: notice.id,
      title: notice.title,
      content: notice.content,
      priority: notice.priority,
      startDate: dayOf(notice.startDate)!,
      expireDate: dayOf(notice.expireDate),
      audience: notice.audience,
      audienceIds: notice.audienceIds,
      isPublished: notice.isPublished,
      status: statusOf(notice, callerToday(auth)),
      attachments: await this.attachments.listFor(auth.companyId, 'notice', notice.id),
    };
  }

  async audienceOptions(auth: AuthContext): Promise<TNoticeAudienceOptions> {
    const where = { companyId: auth.companyId, isActive: true };
    const byName = { orderBy: { name: 'asc' as const }, select: { id: true, name: true } };
    const [workplaces, roles, suppliers] = await Promise.all([
      this.db.workplace.findMany({ where, ...byName }),
      this.db.role.findMany({ where: { companyId: auth.companyId }, ...byName }),
      this.db.supplierCompany.findMany({ where, ...byName }),
    ]);
    const option = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
    return { workplaces: workplaces.map(option), roles: roles.map(option), suppliers: suppliers.map(option) };
  }

  async save(auth: AuthContext, input: TNoticeSaveParsed): Promise<{ _id: string }> {
    return this.db.$transaction(async (tx) => {
      const before = input._id ? await findNotice(tx, auth, input._id) : null;
      const audienceIds = input.audience === 'everyone' ? [] : [...new Set(input.audienceIds)];
      await this.checkAudience(tx, auth.companyId, input.audience, audienceIds);
      const data = {
        title: input.title,
        content: input.content,
        priority: input.priority,
        startDate: dateOf(input.startDate),
        expireDate: input.expireDate ? dateOf(input.expireDate) : null,
        audience: input.audience,
        audienceIds,
        isPublished: input.isPublished,
      };
      const notice = before
        ? await tx.notice.update({ where: { id: before.id }, data })
        : await tx.notice.create({
            data: { companyId: auth.companyId, authorEmployeeId: auth.employeeId, ...data },
          });
      await this.log(tx, auth, notice.id, before ? 'updated' : 'created', before, notice);
      return { _id: notice.id };
    });
  }

  async addFiles(auth: AuthContext, id: string, files: UploadedFile[]): Promise<void> {
    await findNotice(this.db, auth, id);
    const stored = await this.attachments.store(files);
    try {
      await this.db.$transaction(async (tx) => {
        await findNotice(tx, auth, id);
        await this.attachments.record(
          tx,
          { companyId: auth.companyId, ownerType: 'notice', ownerId: id, uploadedById: auth.userId },
          stored,
        );
        await recordChange(tx, {
          companyId: auth.companyId,
          userId: auth.userId,
          entityType: 'notice',
          entityId: id,
          action: 'files added',
          before: null,
          after: { files: stored.map((file) => file.name) },
        });
      });
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
  }

  async publish(auth: AuthContext, id: string): Promise<void> {
    await this.change(auth, id, 'published', () => ({ isPublished: true }));
  }

  /** Ends a notice today: it expires yesterday by the organisation's calendar (and starts no later). */
  async expire(auth: AuthContext, id: string): Promise<void> {
    const yesterday = addDays(callerToday(auth), -1);
    await this.change(auth, id, 'expired', (notice) => ({
      expireDate: dateOf(yesterday),
      ...(dayOf(notice.startDate)! > yesterday && { startDate: dateOf(yesterday) }),
    }));
  }

  /** Deletes the notice and its attachment rows; the file sweeper removes the files no row names. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const notice = await findNotice(tx, auth, id);
      await tx.attachment.deleteMany({
        where: { companyId: auth.companyId, ownerType: 'notice', ownerId: id },
      });
      await tx.notice.delete({ where: { id } });
      await this.log(tx, auth, id, 'deleted', notice, null);
    });
  }

  private async change(
    auth: AuthContext,
    id: string,
    action: string,
    data: (notice: Notice) => Prisma.NoticeUpdateInput,
  ) {
    await this.db.$transaction(async (tx) => {
      const before = await findNotice(tx, auth, id);
      const after = await tx.notice.update({ where: { id }, data: data(before) });
      await this.log(tx, auth, id, action, before, after);
    });
  }

  /** Every id names a workplace, role or supplier company of the organisation, as the audience says. */
  private async checkAudience(
    tx: Tx,
    companyId: string,
    audience: TNoticeSaveParsed['audience'],
    ids: string[],
  ) {
    if (ids.length === 0) return;
    const where = { companyId, id: { in: ids } };
    const found =
      audience === 'workplaces'
        ? await tx.workplace.count({ where })
        : audience === 'roles'
          ? await tx.role.count({ where })
          : await tx.supplierCompany.count({ where });
    if (found !== ids.length)
      throw badRequest(say.audienceMissing, [{ field: 'audienceIds', message: say.audienceMissing }]);
  }

  /** Names of workplaces, roles and supplier companies by id (one after another: also in a transaction). */
  private async audienceNames(
    client: Tx | Db,
    companyId: string,
    ids: string[],
  ): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const where = { companyId, id: { in: unique } };
    const select = { id: true, name: true };
    const rows = [
      ...(await client.workplace.findMany({ where, select })),
      ...(await client.role.findMany({ where, select })),
      ...(await client.supplierCompany.findMany({ where, select })),
    ];
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  private async log(
    tx: Tx,
    auth: AuthContext,
    id: string,
    action: string,
    before: Notice | null,
    after: Notice | null,
  ) {
    const names = await this.audienceNames(tx, auth.companyId, [
      ...(before?.audienceIds ?? []),
      ...(after?.audienceIds ?? []),
    ]);
    const shown = (notice: Notice | null) =>
      notice && {
        title: notice.title,
        content: notice.content,
        priority: notice.priority,
        startDate: dayOf(notice.startDate),
        expireDate: dayOf(notice.expireDate),
        audience: notice.audience,
        audienceNames: notice.audienceIds.map((audienceId) => names.get(audienceId) ?? audienceId),
        published: notice.isPublished,
      };
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: 'notice',
      entityId: id,
      action,
      before: shown(before),
      after: shown(after),
    });
  }
}
