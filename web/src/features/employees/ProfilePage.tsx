import { personName, type TEmployeeProfile } from '@compass/shared';
import { Award, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { Card } from '../../components/Card';
import { ListState } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { useEmployeeProfile } from './api';
import { PrivateInfoCard } from './PrivateInfoCard';

/**
 * /human-resource/employee/edit/:employeeId, the profile menu's Profile: the employee's own record
 * as HR keeps it (read-only) and their private information, which they change with hrProfileEdit.
 * Someone else's id leads to HR's page of that employee, which the server rules on.
 */
export function ProfilePage() {
  const { employeeId = '' } = useParams();
  const permissions = usePermissions();
  usePageTitle('Profile');
  if (!permissions.data) return <PageSpinner />;
  if (permissions.data.employeeId !== employeeId)
    return <Navigate to={`/human-resource/employees/${employeeId}`} replace />;
  return <OwnProfile employeeId={employeeId} />;
}

function OwnProfile({ employeeId }: { employeeId: string }) {
  const profile = useEmployeeProfile();
  return (
    <div className="admin-page stack-lg">
      <PageHeader title="Profile" intro={profile.data && personName(profile.data)}>
        <div className="row wrap">
          <Link to="/change-password" className="btn btn-secondary">
            <KeyRound size={16} aria-hidden="true" /> Change password
          </Link>
          <Link to={`/human-resource/employee/competency/${employeeId}`} className="btn btn-secondary">
            <Award size={16} aria-hidden="true" /> My Competency
          </Link>
        </div>
      </PageHeader>
      <div className="admin-columns">
        <PrivateInfoCard employeeId={employeeId} own />
        <Card title="Your record">
          {profile.data ? <ProfileFacts profile={profile.data} /> : <ListState query={profile} empty="" />}
        </Card>
      </div>
    </div>
  );
}

function ProfileFacts({ profile }: { profile: TEmployeeProfile }) {
  const fact = (label: string, value: ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value || <span className="text-muted">—</span>}</dd>
    </div>
  );
  return (
    <div className="stack">
      <dl className="facts">
        {fact('Name', personName(profile))}
        {fact('Employee number', profile.employeeNumber)}
        {fact('Position', profile.position)}
        {fact('Workplace', [profile.workplace, profile.branch].filter(Boolean).join(' · '))}
        {fact('Manager', profile.manager)}
        {fact('Work e-mail', profile.email)}
        {fact('Username', profile.username)}
      </dl>
      <p className="text-muted">HR keeps these details: ask them if something is wrong.</p>
    </div>
  );
}
