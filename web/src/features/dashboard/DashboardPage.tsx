import { messages } from '@compass/shared';
import { Building2, ClipboardList, KeyRound, Megaphone, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { usePermissions } from '../../api/auth';
import { Avatar } from '../../components/Avatar';
import { usePageTitle } from '../../shell/pageTitle';

const USER_TYPE_LABELS = { employee: 'Employee', supplier: 'External party', company: 'Company' } as const;

/** The home page. For now: who is signed in and where; task lists and charts come with the dashboard. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { data: permissions } = usePermissions();
  if (!permissions) return null;
  const forced = permissions.isForceUpdatePassword === 'yes';

  return (
    <div className="stack-lg">
      {forced && (
        <div className="alert alert-warning" role="alert">
          <TriangleAlert size={18} aria-hidden="true" />
          <span>
            {messages.changePassword.expiredBanner} <Link to="/change-password">Change your password</Link>
          </span>
        </div>
      )}
      <section className="card welcome-card" aria-labelledby="welcome-title">
        <Avatar name={permissions.name} src={permissions.profileImage} />
        <div>
          <p className="text-sm text-secondary">Welcome back</p>
          <h2 id="welcome-title">{permissions.name}</h2>
          <div className="welcome-meta">
            <span className="badge badge-primary">
              <Building2 size={12} aria-hidden="true" />
              {permissions.companyName}
            </span>
            <span className="badge badge-neutral">{USER_TYPE_LABELS[permissions.userType]}</span>
          </div>
        </div>
      </section>

      {!forced && (
        <div className="info-grid">
          <article className="card info-tile">
            <span className="state-icon">
              <ClipboardList size={20} aria-hidden="true" />
            </span>
            <div>
              <h3>Your tasks</h3>
              <p>Task lists and overview charts are not available in this installation yet.</p>
            </div>
          </article>
          <article className="card info-tile">
            <span className="state-icon">
              <Megaphone size={20} aria-hidden="true" />
            </span>
            <div>
              <h3>Noticeboard</h3>
              <p>Notices from your organisation will be listed here once the noticeboard is available.</p>
            </div>
          </article>
          <article className="card info-tile">
            <span className="state-icon">
              <KeyRound size={20} aria-hidden="true" />
            </span>
            <div>
              <h3>Account security</h3>
              <p>
                Keep your account safe: <Link to="/change-password">change your password</Link> regularly.
              </p>
            </div>
          </article>
        </div>
      )}
    </div>
  );
}
