import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { forgetSession } from '../../api/auth';
import { PageSpinner } from '../../components/Spinner';
import { clearStorage } from '../../lib/storage';
import { associatedAccountsFlag, resolveReturnUrl } from './session';
import { useSsoToken } from './useSsoToken';

/** /login/task: the SSO return. With no token, storage is cleared and the user goes back to /login. */
export function LoginTaskPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  useSsoToken(token, {
    returnUrl: resolveReturnUrl(params),
    target: params.get('target'),
    hasAssociatedAccounts: associatedAccountsFlag(params.get('hasAssociatedAccounts')),
  });

  useEffect(() => {
    if (token) return;
    forgetSession();
    clearStorage();
    navigate('/login', { replace: true });
  }, [token, navigate]);

  return <PageSpinner label="Signing you in…" />;
}
