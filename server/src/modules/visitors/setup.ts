import {
  VISITOR_KIOSK_PATH,
  VISITOR_RETENTION_DEFAULT_DAYS,
  visitorMessages as say,
  yesNo,
  type TVisitorQuestion,
  type TVisitorSetup,
  type TVisitorSetupList,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZVisitorKioskCreate, ZVisitorSetupFields, ZVisitorSetupSave } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import { userNames } from '../employees';
import { issueLink } from '../links';
import { publicLink } from '../qrCodes';
import { attachItemFiles } from '../registerParts';
import { activeWorkplace, vismateFilesAllowed } from './policy';

type Client = Prisma.TransactionClient | Db;

interface SetupListRow {
  id: string;
  name: string;
  configured: boolean;
  kiosks: number;
  onSite: number;
}
type SetupFields = z.output<typeof ZVisitorSetupFields>;

/** A kiosk's device link works this long (a revoked kiosk's stops at once). */
const KIOSK_LINK_DAYS = 5 * 365;

/** What a workplace's kiosk asks and shows until its setup is first saved. */
const SETUP_DEFAULTS: SetupFields = {
  questions: [],
  siteRules: '',
  takeSignature: true,
  takePhoto: false,
  notifyHost: true,
  retentionDays: VISITOR_RETENTION_DEFAULT_DAYS,
};

/** A workplace's setup (the defaults when it has none) and whether it was ever saved. */
export async function setupOf(client: Client, companyId: string, workplaceId: string) {
  const row = await client.visitorSetup.findUnique({
    where: { companyId_workplaceId: { companyId, workplaceId } },
  });
  if (!row) return { ...SETUP_DEFAULTS, configured: false };
  const fields: SetupFields = {
    questions: row.questions as TVisitorQuestion[],
    siteRules: row.siteRules,
    takeSignature: row.takeSignature,
    takePhoto: row.takePhoto,
    notifyHost: row.notifyHost,
    retentionDays: row.retentionDays,
  };
  return { ...fields, configured: true };
}

/**
 * Vismate's setup: per workplace, what its kiosk asks and shows, its documents, and the kiosk
 * devices registered for it. The setup's documents are owned by the workplace itself, so they can
 * be added before the setup is first saved.
 */
export class VisitorSetupService {
  constructor(
    private readonly db: Db,
    private readonly attachments: AttachmentService,
    private readonly publicUrl: string,
  ) {
    attachments.registerPolicy('visitorSetup', (auth, id, mode) =>
      vismateFilesAllowed(db, auth, 'visitorSetup', id, mode),
    );
    attachments.registerPolicy('visit', (auth, id, mode) => vismateFilesAllowed(db, auth, 'visit', id, mode));
  }

  /** Every active workplace by name: set up or not, its kiosks in use, who is on site. */
  async list(auth: AuthContext): Promise<TVisitorSetupList> {
    // One statement: each count reads its own index (the kiosks', the open visits' partial one).
    const rows = await this.db.$queryRaw<SetupListRow[]>(
      sql`SELECT w.id, w.name,
          EXISTS (SELECT 1 FROM "VisitorSetup" s
            WHERE s."companyId" = w."companyId" AND s."workplaceId" = w.id) AS configured,
          (SELECT count(*) FROM "VisitorKiosk" k
            WHERE k."companyId" = w."companyId" AND k."workplaceId" = w.id AND k."revokedAt" IS NULL)::int AS kiosks,
          (SELECT count(*) FROM "Visit" v
            WHERE v."companyId" = w."companyId" AND v."workplaceId" = w.id AND v."signOutAt" IS NULL)::int AS "onSite"
        FROM "Workplace" w
        WHERE w."companyId" = ${uuid(auth.companyId)} AND w."isActive"
        ORDER BY w.name, w.id`,
    );
    return {
      rows: rows.map((row) => ({
        workplaceId: row.id,
        workplace: row.name,
        configured: yesNo(row.configured),
        kiosks: row.kiosks,
        onSite: row.onSite,
      })),
    };
  }

  /** A workplace's setup, its kiosks (newest first, revoked ones too) and its documents. */
  async details(auth: AuthContext, workplaceId: string): Promise<TVisitorSetup> {
    const companyId = auth.companyId;
    const workplace = await activeWorkplace(this.db, companyId, workplaceId, 'read');
    const [{ configured, ...fields }, kiosks, documents] = await Promise.all([
      setupOf(this.db, companyId, workplaceId),
      this.db.visitorKiosk.findMany({
        where: { companyId, workplaceId },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      }),
      this.attachments.listFor(companyId, 'visitorSetup', workplaceId),
    ]);
    const branchIds = kiosks.map((kiosk) => kiosk.branchId).filter((id): id is string => !!id);
    const [branches, creators] = await Promise.all([
      this.db.branch.findMany({
        where: { companyId, id: { in: branchIds } },
        select: { id: true, name: true },
      }),
      userNames(
        this.db,
        companyId,
        kiosks.map((kiosk) => kiosk.createdById),
      ),
    ]);
    const branchName = new Map(branches.map((branch) => [branch.id, branch.name]));
    return {
      ...fields,
      workplaceId,
      workplace: workplace.name,
      configured: yesNo(configured),
      kiosks: kiosks.map((kiosk) => ({
        _id: kiosk.id,
        name: kiosk.name,
        branch: kiosk.branchId ? (branchName.get(kiosk.branchId) ?? null) : null,
        createdBy: kiosk.createdById ? (creators.get(kiosk.createdById) ?? null) : null,
        createdAt: kiosk.createdAt.toISOString(),
        lastSeenAt: kiosk.lastSeenAt?.toISOString() ?? null,
        revokedAt: kiosk.revokedAt?.toISOString() ?? null,
      })),
      documents,
    };
  }

  /** Creates or replaces a workplace's setup; the change log keeps what it was. */
  async save(auth: AuthContext, input: z.output<typeof ZVisitorSetupSave>): Promise<void> {
    const companyId = auth.companyId;
    const { workplaceId, ...fields } = input;
    await this.db.$transaction(async (tx) => {
      await activeWorkplace(tx, companyId, workplaceId);
      const { configured, ...before } = await setupOf(tx, companyId, workplaceId);
      const data = {
        ...fields,
        questions: fields.questions as Prisma.InputJsonValue,
        updatedById: auth.userId,
      };
      await tx.visitorSetup.upsert({
        where: { companyId_workplaceId: { companyId, workplaceId } },
        create: { companyId, workplaceId, ...data },
        update: data,
      });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'visitorSetup',
        entityId: workplaceId,
        action: configured ? 'updated' : 'created',
        before: configured ? before : null,
        after: fields,
      });
    });
  }

  /** Adds documents the workplace's kiosk shows (any file the uploads accept). */
  async addDocuments(auth: AuthContext, workplaceId: string, files: UploadedFile[]): Promise<void> {
    await activeWorkplace(this.db, auth.companyId, workplaceId);
    const item = { ownerType: 'visitorSetup' as const, entityType: 'visitorSetup', id: workplaceId };
    await attachItemFiles(
      this.attachments,
      auth,
      item,
      files,
      async (tx) => {
        await activeWorkplace(tx, auth.companyId, workplaceId);
      },
      'documents added',
    );
  }

  /** Removes one of a setup's documents (another organisation's, or any other file: not found). */
  async deleteDocument(auth: AuthContext, attachmentId: string): Promise<void> {
    const companyId = auth.companyId;
    const document = await this.db.attachment.findFirst({
      where: { id: attachmentId, companyId, ownerType: 'visitorSetup' },
      select: { ownerId: true },
    });
    if (!document) throw notFound('File not found.');
    const owner = { companyId, ownerType: 'visitorSetup' as const, ownerId: document.ownerId };
    await this.attachments.removeOwned(owner, attachmentId, auth.userId);
  }

  /**
   * Registers a kiosk device of a workplace (at one of its branches, optionally) with its link in
   * one transaction: the raw token is in the answer only, never stored.
   */
  async createKiosk(
    auth: AuthContext,
    input: z.output<typeof ZVisitorKioskCreate>,
  ): Promise<{ _id: string; link: string }> {
    const companyId = auth.companyId;
    const branchId = input.branchId ?? null;
    const { kioskId, token } = await this.db.$transaction(async (tx) => {
      const workplace = await activeWorkplace(tx, companyId, input.workplaceId);
      const branch = branchId
        ? await tx.branch.findFirst({
            where: { id: branchId, companyId, workplaceId: workplace.id, isActive: true },
            select: { name: true },
          })
        : null;
      if (branchId && !branch)
        throw badRequest(say.branchUnknown, [{ field: 'branchId', message: say.branchUnknown }]);
      const kiosk = await tx.visitorKiosk.create({
        data: { companyId, workplaceId: workplace.id, branchId, name: input.name, createdById: auth.userId },
      });
      const issued = await issueLink(tx, {
        companyId,
        resourceType: 'visitorKiosk',
        resourceId: kiosk.id,
        operations: ['read', 'update'],
        createdById: auth.userId,
        expiresAt: new Date(Date.now() + KIOSK_LINK_DAYS * 86_400_000),
      });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'visitorKiosk',
        entityId: kiosk.id,
        action: 'created',
        before: null,
        after: { name: kiosk.name, workplace: workplace.name, branch: branch?.name ?? null },
      });
      return { kioskId: kiosk.id, token: issued.token };
    });
    const path = `${VISITOR_KIOSK_PATH}?authtoken=${encodeURIComponent(token)}`;
    return { _id: kioskId, link: publicLink(this.publicUrl, path) };
  }

  /** Revokes a kiosk and its links at once; a second revoke is kioskAlreadyRevoked (409). */
  async revokeKiosk(auth: AuthContext, kioskId: string): Promise<void> {
    const companyId = auth.companyId;
    await this.db.$transaction(async (tx) => {
      const kiosk = await tx.visitorKiosk.findFirst({ where: { id: kioskId, companyId } });
      if (!kiosk) throw notFound();
      const now = new Date();
      // Conditional on not revoked: of two racing revokes, the second finds it revoked.
      const revoked = await tx.visitorKiosk.updateMany({
        where: { id: kiosk.id, revokedAt: null },
        data: { revokedAt: now },
      });
      if (revoked.count === 0) throw conflict(say.kioskAlreadyRevoked);
      await tx.linkToken.updateMany({
        where: { companyId, resourceType: 'visitorKiosk', resourceId: kiosk.id, revokedAt: null },
        data: { revokedAt: now },
      });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'visitorKiosk',
        entityId: kiosk.id,
        action: 'revoked',
        before: { revokedAt: null },
        after: { revokedAt: now.toISOString() },
      });
    });
  }
}
