import { ArrowRight } from 'lucide-react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { getAuthToken } from '../../lib/storage';
import { AccountSwitcher } from '../../shell/AccountSwitcher';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout } from './AuthLayout';
import { goToReturnUrl, safeReturnUrl } from './session';

/** /switch-user: after sign-in, the user chooses which linked account to work in. */
export function SwitchUserPage() {
  usePageTitle('Choose an account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const permissions = usePermissions();
  const token = getAuthToken();

  if (!token) return <Navigate to="/login" replace />;
  if (permissions.isPending) return <PageSpinner label="Loading your accounts…" />;
  if (!permissions.data) return <Navigate to="/login" replace />;

  const current = permissions.data;
  return (
    <AuthLayout
      title="Choose an account"
      subtitle="Your sign-in is linked to more than one account. Choose the one you want to work in."
      wide
    >
      <div className="stack-lg">
        <AccountSwitcher permissions={current} />
        <Button
          variant="primary"
          size="lg"
          block
          iconEnd={<ArrowRight size={18} aria-hidden="true" />}
          onClick={() =>
            goToReturnUrl(navigate, safeReturnUrl(params.get('returnUrl')), params.get('target'))
          }
        >
          Continue as {current.name}
        </Button>
      </div>
    </AuthLayout>
  );
}
