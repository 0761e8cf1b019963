import { OBLIGATION_COMPLIANCE_LABELS, type ObligationCompliance } from '@compass/shared';

const COMPLIANCE_BADGES: Record<ObligationCompliance, string> = {
  compliant: 'badge-success',
  inProgress: 'badge-primary',
  overdue: 'badge-danger',
  notAssessed: 'badge-neutral',
};

/** Where an obligation stands: compliant, in progress, overdue or not assessed. */
export function ComplianceBadge({ compliance }: { compliance: ObligationCompliance }) {
  return (
    <span className={`badge ${COMPLIANCE_BADGES[compliance]}`}>
      {OBLIGATION_COMPLIANCE_LABELS[compliance]}
    </span>
  );
}
