import {
  displayDay,
  REQUIREMENT_STATES,
  requirementReviewPath,
  type TSupplierRequirementRow,
} from '@compass/shared';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListParts';
import { useCompliance } from './api';
import { RequirementStateBadge } from './parts';

/** The caller may not read compliance (an employee without the `supplier` key, a company's person). */
const refused = (error: unknown) =>
  error instanceof ApiError &&
  (error.errorCode === 'access_key_missing' || error.errorCode === 'caller_not_served');

/** A company's compliance at a glance: its requirements and its people's, each with where it stands. */
export function CompliancePanel({
  supplierId,
  linkOf = requirementReviewPath,
}: {
  supplierId: string;
  /** Where a requirement opens: the reviewer's page, or the supplier's own page to send it. */
  linkOf?: (row: TSupplierRequirementRow) => string;
}) {
  // A caller without the External Parties key sees no panel at all.
  const compliance = useCompliance(supplierId);
  if (refused(compliance.error)) return null;
  const data = compliance.data;
  const total = data
    ? data.company.length + data.personnel.reduce((sum, person) => sum + person.requirements.length, 0)
    : 0;
  return (
    <section className="card card-body stack" aria-labelledby="company-compliance">
      <div className="row wrap compliance-head">
        <h2 id="company-compliance" className="card-title">
          Compliance
        </h2>
        {data && total > 0 && <CompliantBadge compliant={data.compliant} className="compliance-status" />}
        {data?.nextExpiry && (
          <span className="text-secondary text-sm">Next expiry {displayDay(data.nextExpiry)}</span>
        )}
      </div>
      <ListState
        query={compliance}
        count={total}
        empty={
          <>
            No documents requested of this company yet.{' '}
            <Link to="/external-parties/requirements">Request one from Requirements</Link>.
          </>
        }
      />
      {data && total > 0 && (
        <>
          <ul className="compliance-counts" aria-label="Requirements by state">
            {REQUIREMENT_STATES.filter((state) => data.counts[state] > 0).map((state) => (
              <li key={state}>
                <RequirementStateBadge state={state} /> {data.counts[state]}
              </li>
            ))}
          </ul>
          {data.company.length > 0 && (
            <ComplianceTable caption="The company" rows={data.company} linkOf={linkOf} />
          )}
          {data.personnel.map((person) => (
            <ComplianceTable
              key={person.personnelId}
              caption={`${person.name} · ${person.compliant ? 'compliant' : 'not compliant'}`}
              rows={person.requirements}
              linkOf={linkOf}
            />
          ))}
        </>
      )}
    </section>
  );
}

function CompliantBadge({ compliant, className = '' }: { compliant: boolean; className?: string }) {
  const Icon = compliant ? ShieldCheck : ShieldAlert;
  return (
    <span className={`badge ${compliant ? 'badge-success' : 'badge-danger'} ${className}`}>
      <Icon size={14} aria-hidden="true" />
      {compliant ? 'Compliant' : 'Not compliant'}
    </span>
  );
}

function ComplianceTable({
  caption,
  rows,
  linkOf,
}: {
  caption: string;
  rows: TSupplierRequirementRow[];
  linkOf: (row: TSupplierRequirementRow) => string;
}) {
  return (
    <DataTable
      columns={['Document', 'State', 'Expires', 'Due']}
      caption={caption}
      className="compliance-table"
    >
      {rows.map((row) => (
        <tr key={row._id}>
          <td>
            <Link to={linkOf(row)}>{row.typeName}</Link>
          </td>
          <td>
            <RequirementStateBadge state={row.state} />
          </td>
          <td>{row.expiryDate ? displayDay(row.expiryDate) : '—'}</td>
          <td>{displayDay(row.dueDate)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
