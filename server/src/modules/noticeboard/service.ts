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
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { UploadedFile } from '../../plugins/uploads';
import { organisationToday } from '../administration/organisationToday';
import type { AttachmentService } from '../attachments/service';

type Tx = Prisma.TransactionClient;

const dayOf = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** A notice's standing on a day: a draft, not started, on the board, or past its expiry. */
function statusOf(
  notice: Pick<Notice, 'isPublished' | 'startDate' | 'expireDate'>,
  today: string,
): NoticeStatus {
  if (!notice.isPublished) return 'draft';
  if (dayOf(notice.startDate)! > today) return 'scheduled';
  if (notice.expireDate && dayOf(notice.expireDate)! < today) return 'expired';
  return 'live';
}

/** Managing the noticeboard: the administrators' side (the readers' side is the dashboard's). */
export class NoticeAdminService {
  constructor(
    private readonly db: Db,
    private readonly attachments: AttachmentService,
  ) {}

  async list(
    auth: AuthContext,
    request: TNoticeAdminListRequest,
  ): Promise<{ rows: TNoticeAdminRow[]; total: number }> {
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    const today = dateOf(await organisationToday(this.db, auth.companyId));
    const byStatus: Record<NoticeStatus, Prisma.NoticeWhereInput> = {
      draft: { isPublished: false },
      scheduled: { isPublished: true, startDate: { gt: today } },
      live: {
        isPublished: true,
        startDate: { lte: today },
        OR: [{ expireDate: null }, { expireDate: { gte: today } }],
      },
      expired: { isPublished: true, expireDate: { lt: today } },
    };
    const where: Prisma.NoticeWhereInput = {
      companyId: auth.companyId,
      ...(request.status && byStatus[request.status]),
      ...(request.search && { title: { contains: request.search, mode: 'insensitive' } }),
    };
    const [total, notices] = await Promise.all([
      this.db.notice.count({ where }),
      this.db.notice.findMany({
        where,
        orderBy: [{ startDate: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
        skip: (page - 1) * pageSize,
        take: pageSize,
      }),
    ]);
    const names = await this.audienceNames(
      this.db,
      auth.companyId,
      notices.flatMap((notice) => notice.audienceIds),
    );
    const authorIds = [
      ...new Set(notices.map((notice) => notice.authorEmployeeId).filter((id): id is string => !!id)),
    ];
    const [authors, files] = await Promise.all([
      authorIds.length
        ? this.db.employee.findMany({ where: { id: { in: authorIds }, companyId: auth.companyId } })
        : [],
      notices.length
        ? this.db.attachment.groupBy({
            by: ['ownerId'],
            where: {
              companyId: auth.companyId,
              ownerType: 'notice',
              ownerId: { in: notices.map((notice) => notice.id) },
            },
            _count: { _all: true },
          })
        : [],
    ]);
    const authorNames = new Map(authors.map((author) => [author.id, personName(author)]));
    const fileCounts = new Map(files.map((row) => [row.ownerId, row._count._all]));
    const day = dayOf(today)!;
    return {
      total,
      rows: notices.map((notice) => ({
        _id: notice.id,
        title: notice.title,
        priority: notice.priority,
        startDate: dayOf(notice.startDate)!,
        expireDate: dayOf(notice.expireDate),
        audience: notice.audience,
        audienceNames: notice.audienceIds.map((id) => names.get(id) ?? 'Removed'),
        status: statusOf(notice, day),
        author: notice.authorEmployeeId ? (authorNames.get(notice.authorEmployeeId) ?? null) : null,
        attachmentCount: fileCounts.get(notice.id) ?? 0,
      })),
    };
  }

  async details(auth: AuthContext, id: string): Promise<TNoticeAdminDetails> {
    const notice = await this.find(this.db, auth, id);
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
      status: statusOf(notice, await organisationToday(this.db, auth.companyId)),
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
      const before = input._id ? await this.find(tx, auth, input._id) : null;
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
    await this.find(this.db, auth, id);
    const stored = await this.attachments.store(files);
    try {
      await this.db.$transaction(async (tx) => {
        await this.find(tx, auth, id);
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
    const yesterday = addDays(await organisationToday(this.db, auth.companyId), -1);
    await this.change(auth, id, 'expired', (notice) => ({
      expireDate: dateOf(yesterday),
      ...(dayOf(notice.startDate)! > yesterday && { startDate: dateOf(yesterday) }),
    }));
  }

  /** Deletes the notice and its attachment rows; the file sweeper removes the files no row names. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const notice = await this.find(tx, auth, id);
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
      const before = await this.find(tx, auth, id);
      const after = await tx.notice.update({ where: { id }, data: data(before) });
      await this.log(tx, auth, id, action, before, after);
    });
  }

  private async find(tx: Tx | Db, auth: AuthContext, id: string): Promise<Notice> {
    const notice = await tx.notice.findFirst({ where: { id, companyId: auth.companyId } });
    if (!notice) throw notFound();
    return notice;
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
