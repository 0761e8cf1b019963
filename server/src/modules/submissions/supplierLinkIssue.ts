import { supplierUpdatePath, supplierViewPath } from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { issueLink } from '../links';

// The links of the mails that send a supplier to its forms (docs/links.md): issued inside the
// transaction of the mail that carries them.

/** The issued link: the raw token (once) and the page path with it, to be prefixed with PUBLIC_URL. */
export interface IssuedSupplierLink {
  token: string;
  path: string;
  expiresAt: Date;
}

/**
 * The link of the mail that asks a supplier to update its assessment: read + update through the
 * supplier assignment, opening Update Form Submission with supplierassignId. An assignment whose
 * form has not been started has no submission to open: null (supplierAssignmentOpen starts it).
 */
export async function issueSupplierAssignmentLink(
  tx: Prisma.TransactionClient,
  assignment: {
    id: string;
    companyId: string;
    supplierId: string;
    personnelId: string | null;
    submissionId: string | null;
  },
  createdById: string | null = null,
): Promise<IssuedSupplierLink | null> {
  if (!assignment.submissionId) return null;
  const issued = await issueLink(tx, {
    companyId: assignment.companyId,
    resourceType: 'supplierAssignment',
    resourceId: assignment.id,
    operations: ['read', 'update'],
    supplierId: assignment.supplierId,
    personnelId: assignment.personnelId,
    createdById,
  });
  const query = new URLSearchParams({ authtoken: issued.token, supplierassignId: assignment.id });
  return {
    token: issued.token,
    path: `${supplierUpdatePath(assignment.companyId, assignment.submissionId)}?${query.toString()}`,
    expiresAt: issued.expiresAt,
  };
}

/**
 * A link to one submission for a supplier: 'view' (read: the supplier notification page) or
 * 'update' (read + update: Update Form Submission).
 */
export async function issueSupplierSubmissionLink(
  tx: Prisma.TransactionClient,
  input: {
    companyId: string;
    submissionId: string;
    supplierId: string;
    personnelId?: string | null;
    mode: 'view' | 'update';
    createdById?: string | null;
    expiresAt?: Date;
  },
): Promise<IssuedSupplierLink> {
  const issued = await issueLink(tx, {
    companyId: input.companyId,
    resourceType: 'submission',
    resourceId: input.submissionId,
    operations: input.mode === 'view' ? ['read'] : ['read', 'update'],
    supplierId: input.supplierId,
    personnelId: input.personnelId ?? null,
    createdById: input.createdById ?? null,
    expiresAt: input.expiresAt,
  });
  const query = new URLSearchParams({ authtoken: issued.token, supplierId: input.supplierId });
  const page = input.mode === 'view' ? supplierViewPath : supplierUpdatePath;
  return {
    token: issued.token,
    path: `${page(input.companyId, input.submissionId)}?${query.toString()}`,
    expiresAt: issued.expiresAt,
  };
}

/** The path of a file of the linked submission, served by GET /api/formSubmissionLinkFile/:id. */
