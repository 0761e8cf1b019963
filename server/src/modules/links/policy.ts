import type { TLinkOperation, TLinkResource } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { AttachmentOwner } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import type { LinkScope } from '../../plugins/callers';
import { LinkError } from './linkError';

// What a link grants its holder (one resource, the operations it names, that resource's files) and
// who may take links back.

/**
 * Checks that a scope names this resource and allows this operation. Every service that accepts a
 * link calls it with the resource the request asks for, before reading anything.
 */
export function checkScope(
  scope: LinkScope,
  resourceType: TLinkResource,
  resourceId: string,
  operation: TLinkOperation,
): void {
  if (scope.resourceType !== resourceType || scope.resourceId !== resourceId) {
    throw new LinkError('wrongResource', 403);
  }
  if (!scope.operations.includes(operation)) throw new LinkError('wrongOperation', 403);
}

const OWNER_OF_RESOURCE: Partial<Record<TLinkResource, AttachmentOwner>> = {
  action: 'action',
  submission: 'submission',
  supplierRequirement: 'requirement',
};

/** The attachment owner a link grants: the files of its own resource, nothing else. */
export function linkAttachmentOwner(scope: LinkScope, operation: TLinkOperation) {
  const ownerType = OWNER_OF_RESOURCE[scope.resourceType];
  if (!ownerType) throw new LinkError('wrongResource', 403);
  checkScope(scope, scope.resourceType, scope.resourceId, operation);
  return { companyId: scope.companyId, ownerType, ownerId: scope.resourceId };
}

type LinkFileOwner = { companyId: string; ownerType: AttachmentOwner; ownerId: string };

/**
 * Which owner a file read through a link belongs to, for a resource whose files are another
 * owner's (a training's are its course's): null when the link may not read that file.
 */
export type LinkFiles = (scope: LinkScope, attachmentId: string) => Promise<LinkFileOwner | null>;

// Keyed by resource: the area of the resource registers where it starts (an app built again replaces it).
const linkFiles = new Map<TLinkResource, LinkFiles>();

export function registerLinkFiles(resourceType: TLinkResource, files: LinkFiles): void {
  linkFiles.set(resourceType, files);
}

/**
 * The owner of the file `attachmentId` a link may read or change: its own resource's files, or
 * those its resource's area grants (registerLinkFiles); any other file is not found.
 */
export async function linkFileOwner(
  scope: LinkScope,
  operation: TLinkOperation,
  attachmentId: string,
): Promise<LinkFileOwner> {
  const files = linkFiles.get(scope.resourceType);
  if (!files) return linkAttachmentOwner(scope, operation);
  checkScope(scope, scope.resourceType, scope.resourceId, operation);
  const owner = await files(scope, attachmentId);
  if (!owner) throw notFound('File not found.');
  return owner;
}

/**
 * Who revokes the links of a resource: an administrator (the `system` key) any of the
 * organisation's; a coordinator of a submission those of the submission and its actions
 * (`submissionId`: the submission the resource belongs to, null when it is none of a form's).
 */
export async function requireMayRevoke(
  db: Db,
  auth: AuthContext,
  submissionId: string | null,
): Promise<void> {
  if (auth.accessKeys.has('system')) return;
  if (!submissionId || !auth.employeeId) throw notFound();
  const coordinates = await db.submissionCoordinator.findFirst({
    where: { companyId: auth.companyId, submissionId, employeeId: auth.employeeId },
  });
  if (!coordinates) throw forbidden();
}
