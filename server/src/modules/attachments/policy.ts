import type { AttachmentOwner } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';

/**
 * May this caller read (download) or write (add, delete) the attachments of this owner?
 * `attachmentId`: the one file read or deleted (an owner may grant some of its files only).
 */
export type OwnerPolicy = (
  auth: AuthContext,
  ownerId: string,
  mode: 'read' | 'write',
  attachmentId?: string,
) => Promise<boolean>;

/**
 * Who may read and change a file is its owner's rule: each owning area registers its own (from its
 * policy) for its kind of owner. A kind no area answers for is nobody's.
 */
export class OwnerPolicies {
  private readonly byOwner = new Map<AttachmentOwner, OwnerPolicy>();

  register(ownerType: AttachmentOwner, policy: OwnerPolicy): void {
    this.byOwner.set(ownerType, policy);
  }

  async allows(
    auth: AuthContext,
    owner: { ownerType: AttachmentOwner; ownerId: string; id?: string },
    mode: 'read' | 'write',
  ): Promise<boolean> {
    const policy = this.byOwner.get(owner.ownerType);
    return policy ? policy(auth, owner.ownerId, mode, owner.id) : false;
  }
}
