import type { SupplierAssignmentStatus } from '@compass/shared';

/** Where a form assigned to a supplier stands, in words and as a badge. */
export const STATUS_LABELS: Record<SupplierAssignmentStatus, string> = {
  assigned: 'With the supplier',
  submitted: 'Submitted for review',
  reviewed: 'Reviewed',
  closed: 'Accepted and closed',
};
export const STATUS_BADGES: Record<SupplierAssignmentStatus, string> = {
  assigned: 'badge-warning',
  submitted: 'badge-primary',
  reviewed: 'badge-success',
  closed: 'badge-neutral',
};
