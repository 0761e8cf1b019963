import {
  KIOSK_SEARCH_LIMIT,
  personName,
  kioskMessages as say,
  type TKioskOnSite,
  type TKioskSetup,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZKioskSignIn } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { containing, sql, uuid } from '../../db/sql';
import { conflict, notFound } from '../../errors';
import type { LinkScope } from '../../plugins/callers';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import { kioskOfLink, type Kiosk } from './policy';
import { setupOf } from './setup';
import { signInAtKiosk } from './signIn';

/** The kiosk's sign-out search answers at most this many visits. */
const ON_SITE_LIMIT = 10;
/** A kiosk's lastSeenAt is written at most this often (every call would write a row). */
const SEEN_RESOLUTION_MS = 60_000;

/**
 * "Mia T.": how the sign-out search names someone on site. Anyone at the kiosk reads the list, so
 * it shows no more than the visitor needs to find themself.
 */
function shortName(fullName: string): string {
  const words = fullName.trim().split(/\s+/);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/**
 * What a kiosk's link reaches: its own workplace's setup and documents, the names a visitor
 * picks (hosts, supplier companies), and the sign-out of visits open at that workplace.
 */
export class KioskService {
  constructor(
    private readonly db: Db,
    private readonly attachments: AttachmentService,
    private readonly mail: MailQueue,
  ) {}

  /** The link's kiosk (refused as its link is when revoked); marks it seen, once a minute at most. */
  async kioskOf(link: LinkScope, operation: 'read' | 'update'): Promise<Kiosk> {
    const kiosk = await kioskOfLink(this.db, link, operation);
    const now = new Date();
    if (!kiosk.lastSeenAt || now.getTime() - kiosk.lastSeenAt.getTime() > SEEN_RESOLUTION_MS) {
      await this.db.visitorKiosk.updateMany({
        where: {
          id: kiosk.id,
          OR: [{ lastSeenAt: null }, { lastSeenAt: { lt: new Date(now.getTime() - SEEN_RESOLUTION_MS) } }],
        },
        data: { lastSeenAt: now },
      });
    }
    return kiosk;
  }

  async setup(link: LinkScope): Promise<TKioskSetup> {
    const kiosk = await this.kioskOf(link, 'read');
    const { companyId, workplaceId } = kiosk;
    const [company, workplace, branch, setup, documents] = await Promise.all([
      this.db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } }),
      this.db.workplace.findFirstOrThrow({ where: { id: workplaceId, companyId }, select: { name: true } }),
      kiosk.branchId
        ? this.db.branch.findFirst({ where: { id: kiosk.branchId, companyId }, select: { name: true } })
        : null,
      setupOf(this.db, companyId, workplaceId),
      this.attachments.listFor(companyId, 'visitorSetup', workplaceId),
    ]);
    return {
      companyName: company.name,
      workplace: workplace.name,
      branch: branch?.name ?? null,
      kioskName: kiosk.name,
      questions: setup.questions,
      siteRules: setup.siteRules,
      takeSignature: setup.takeSignature,
      takePhoto: setup.takePhoto,
      documents: documents.map((document) => ({ _id: document._id, name: document.name })),
    };
  }

  /** Active employees of the organisation by name, for a visitor to name their host: names only. */
  async hosts(link: LinkScope, search: string) {
    const kiosk = await this.kioskOf(link, 'read');
    const rows = await this.db.$queryRaw<{ id: string; firstName: string; lastName: string }[]>(
      sql`SELECT e.id, e."firstName", e."lastName" FROM "Employee" e
        WHERE e."companyId" = ${uuid(kiosk.companyId)} AND e."isActive"
          AND (e."firstName" || ' ' || e."lastName") ILIKE ${containing(search)}
        ORDER BY e."firstName", e."lastName", e.id
        LIMIT ${KIOSK_SEARCH_LIMIT}`,
    );
    return { options: rows.map((row) => ({ _id: row.id, name: personName(row) })) };
  }

  /** Active supplier companies of the organisation by name, for a contractor to name theirs. */
  async suppliers(link: LinkScope, search: string) {
    const kiosk = await this.kioskOf(link, 'read');
    const rows = await this.db.supplierCompany.findMany({
      where: { companyId: kiosk.companyId, isActive: true, name: { contains: search, mode: 'insensitive' } },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      take: KIOSK_SEARCH_LIMIT,
      select: { id: true, name: true },
    });
    return { options: rows.map((row) => ({ _id: row.id, name: row.name })) };
  }

  /**
   * Visits open at the kiosk's workplace whose name or company holds the search, newest first: the
   * expression is the trigram index's (Visit_search_trgm_idx), the open visits the partial index's.
   */
  async onSite(link: LinkScope, search: string): Promise<TKioskOnSite> {
    const kiosk = await this.kioskOf(link, 'read');
    const rows = await this.db.$queryRaw<
      { id: string; fullName: string; visitorCompany: string; signInAt: Date }[]
    >(
      sql`SELECT v.id, v."fullName", v."visitorCompany", v."signInAt" FROM "Visit" v
        WHERE v."companyId" = ${uuid(kiosk.companyId)} AND v."workplaceId" = ${uuid(kiosk.workplaceId)}
          AND v."signOutAt" IS NULL
          AND lower(v."fullName" || ' ' || v."visitorCompany") LIKE ${containing(search.toLowerCase())}
        ORDER BY v."signInAt" DESC, v.id
        LIMIT ${ON_SITE_LIMIT}`,
    );
    return {
      list: rows.map((row) => ({
        _id: row.id,
        name: shortName(row.fullName),
        company: row.visitorCompany,
        SigninTime: row.signInAt.toISOString(),
      })),
    };
  }

  /** A visitor's or contractor's sign-in at the kiosk's workplace (signIn.ts); `kiosk`: kioskOf's. */
  signIn(kiosk: Kiosk, input: z.output<typeof ZKioskSignIn>, files: UploadedFile[]) {
    return signInAtKiosk(this.db, { attachments: this.attachments, mail: this.mail }, kiosk, input, files);
  }

  /** Signs out a visit open at the kiosk's workplace; one of another workplace is not found. */
  async signOut(link: LinkScope, visitId: string): Promise<void> {
    const kiosk = await this.kioskOf(link, 'update');
    const visit = await this.db.visit.findFirst({
      where: { id: visitId, companyId: kiosk.companyId, workplaceId: kiosk.workplaceId },
      select: { id: true },
    });
    if (!visit) throw notFound();
    // Conditional on still open: of two racing sign-outs (the kiosk, the register) one wins.
    const signedOut = await this.db.visit.updateMany({
      where: { id: visit.id, signOutAt: null },
      data: { signOutAt: new Date() },
    });
    if (signedOut.count === 0) throw conflict(say.notOnSite);
  }

  /** A document of the kiosk's workplace setup; any other file is not found. */
  async document(link: LinkScope, attachmentId: string) {
    const kiosk = await this.kioskOf(link, 'read');
    const owner = {
      companyId: kiosk.companyId,
      ownerType: 'visitorSetup' as const,
      ownerId: kiosk.workplaceId,
    };
    return this.attachments.openOwned(owner, attachmentId);
  }
}
