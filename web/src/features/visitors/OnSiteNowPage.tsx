import { onSiteNowPath, visitorRegisterPath, type TOnSiteNow, type TOnSitePerson } from '@compass/shared';
import { LogOut, Printer } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListParts';
import { BackLink } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { displayInstant } from '../../lib/display';
import { useOnSiteNow, useVisitorSetupList } from './api';
import { displaySignIn, displayTime, SignOutDialog } from './parts';

type Kind = TOnSitePerson['kind'];
const GROUPS: { kind: Kind; title: string }[] = [
  { kind: 'employee', title: 'Employees' },
  { kind: 'visitor', title: 'Visitors' },
  { kind: 'contractor', title: 'Contractors' },
];

/**
 * /configure-vismate/on-site/:workplaceId: who is at a workplace now — clocked-in employees, visitors
 * and contractors — read again every minute, printed as the roll call for an evacuation.
 */
export function OnSiteNowPage() {
  const { workplaceId = '' } = useParams();
  const navigate = useNavigate();
  const workplaces = useVisitorSetupList();
  const onSite = useOnSiteNow(workplaceId);
  const workplace = onSite.data?.workplace;
  usePageTitle(workplace ? `On site now — ${workplace}` : 'On site now');
  return (
    <div className="admin-page stack-lg on-site-page">
      <BackLink to={visitorRegisterPath} label="Visitor Register" />
      <div className="page-header">
        <div>
          <h1>On site now — {workplace ?? '…'}</h1>
          {onSite.data && (
            <p className="text-secondary">
              <span className="on-site-updated">Updated {displayTime(onSite.data.at)}</span>
              <span className="on-site-printed">Roll call at {displayInstant(onSite.data.at)}</span>
            </p>
          )}
        </div>
        <div className="row wrap on-site-actions">
          <Button
            variant="primary"
            icon={<Printer size={16} aria-hidden="true" />}
            disabled={!onSite.data}
            onClick={() => window.print()}
          >
            Print roll call
          </Button>
        </div>
      </div>
      <div className="on-site-actions on-site-workplace">
        <SelectField
          label="Workplace"
          value={workplaceId}
          options={(workplaces.data?.rows ?? []).map((row) => ({
            value: row.workplaceId,
            label: row.workplace,
          }))}
          onChange={(chosen) => void navigate(onSiteNowPath(chosen))}
        />
      </div>
      {onSite.data ? (
        <RollCall onSite={onSite.data} />
      ) : (
        <section className="card">
          <ListState query={onSite} empty={null} />
        </section>
      )}
    </div>
  );
}

function RollCall({ onSite }: { onSite: TOnSiteNow }) {
  const [signingOut, setSigningOut] = useState<TOnSitePerson | null>(null);
  return (
    <>
      {GROUPS.map((group) => {
        const people = onSite.people.filter((person) => person.kind === group.kind);
        return (
          <Card
            key={group.kind}
            title={group.title}
            bare
            actions={
              <span className="badge badge-neutral">
                {people.length} <span className="visually-hidden">on site</span>
              </span>
            }
          >
            {people.length === 0 ? (
              <p className="card-body text-secondary">Nobody.</p>
            ) : (
              <DataTable
                label={group.title}
                columns={['Name', 'Company', 'Host', 'Branch', 'Signed in', 'Present']}
                actions={group.kind !== 'employee'}
                className="on-site-table"
              >
                {people.map((person) => (
                  <tr key={person._id}>
                    <td>{person.fullName}</td>
                    <td>{person.company || '—'}</td>
                    <td>{person.host ?? '—'}</td>
                    <td>{person.Branchs ?? '—'}</td>
                    <td>{displaySignIn(person.SigninTime)}</td>
                    {/* Ticked by hand on the printed roll call. */}
                    <td className="on-site-present" />
                    {group.kind !== 'employee' && (
                      <td className="on-site-actions">
                        <Button
                          size="sm"
                          icon={<LogOut size={14} aria-hidden="true" />}
                          onClick={() => setSigningOut(person)}
                        >
                          Sign out
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </DataTable>
            )}
          </Card>
        );
      })}
      {signingOut && <SignOutDialog visit={signingOut} onClose={() => setSigningOut(null)} />}
    </>
  );
}
