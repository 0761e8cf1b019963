import { visitorMessages as say } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { LinkScope } from '../../plugins/callers';
import { checkScope, LinkError } from '../links';

type Client = Prisma.TransactionClient | Db;

/** Vismate's key: visitors' personal data and the kiosks' setup are for its holders only. */
const holdsVismate = (auth: Pick<AuthContext, 'accessKeys'>) => auth.accessKeys.has('vismate');

/**
 * An active workplace of the organisation a setup or kiosk is saved for; any other is
 * workplaceUnknown (400), read (`mode` 'read') it is not found.
 */
export async function activeWorkplace(
  client: Client,
  companyId: string,
  workplaceId: string,
  mode: 'read' | 'write' = 'write',
) {
  const workplace = await client.workplace.findFirst({
    where: { id: workplaceId, companyId, isActive: true },
    select: { id: true, name: true },
  });
  if (workplace) return workplace;
  if (mode === 'read') throw notFound();
  throw badRequest(say.workplaceUnknown, [{ field: 'workplaceId', message: say.workplaceUnknown }]);
}

/**
 * The kiosk a link stands for: a link of another resource is wrongResource (403) as on any other
 * link call; a revoked kiosk answers as its revoked link does, one of a workplace no longer active
 * as an unknown link.
 */
export async function kioskOfLink(db: Db, link: LinkScope, operation: 'read' | 'update') {
  checkScope(link, 'visitorKiosk', link.resourceId, operation);
  const kiosk = await db.visitorKiosk.findFirst({
    where: { id: link.resourceId, companyId: link.companyId },
  });
  if (!kiosk) throw new LinkError('unknown', 401);
  if (kiosk.revokedAt) throw new LinkError('revoked', 403);
  // A kiosk of a workplace no longer active has nowhere to sign visitors in: as if unknown.
  const live = await db.workplace.count({
    where: { id: kiosk.workplaceId, companyId: kiosk.companyId, isActive: true },
  });
  if (live === 0) throw new LinkError('unknown', 401);
  return kiosk;
}

export type Kiosk = Awaited<ReturnType<typeof kioskOfLink>>;

/**
 * Who may read and change the files of Vismate: a setup's documents (owner: the workplace) and a
 * visit's photo, for holders of `vismate` in the owner's organisation. A photo is kept as taken:
 * nobody deletes it by hand (retention removes it with its visit).
 */
export async function vismateFilesAllowed(
  db: Db,
  auth: AuthContext,
  owner: 'visit' | 'visitorSetup',
  id: string,
  mode: 'read' | 'write',
): Promise<boolean> {
  if (!holdsVismate(auth)) return false;
  if (owner === 'visit') {
    return mode === 'read' && (await db.visit.count({ where: { id, companyId: auth.companyId } })) > 0;
  }
  return (await db.workplace.count({ where: { id, companyId: auth.companyId } })) > 0;
}
