import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { forgetSession, startSession } from '../../api/auth';
import { notifyError } from '../../api/errors';
import { clearStorage } from '../../lib/storage';
import { needsUsernameUpdate, routeAfterSignIn } from './session';

/**
 * The SSO return (000 section 4): a token in the query string is stored, permissions are loaded
 * and the user goes on. A supplier whose username is not an e-mail address goes to
 * /update-username first. Returns true while a token is being processed.
 */
export function useSsoToken(
  token: string | null,
  input: { returnUrl: string; target: string | null; hasAssociatedAccounts: boolean },
): boolean {
  const navigate = useNavigate();
  const started = useRef(false);
  const { returnUrl, target, hasAssociatedAccounts } = input;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    startSession(token)
      .then((permissions) => {
        if (needsUsernameUpdate(permissions)) {
          navigate('/update-username', { replace: true });
          return;
        }
        routeAfterSignIn(navigate, permissions, { returnUrl, target, hasAssociatedAccounts });
      })
      .catch((error: unknown) => {
        notifyError(error);
        forgetSession();
        clearStorage();
        navigate('/login', { replace: true });
      });
  }, [token, returnUrl, target, hasAssociatedAccounts, navigate]);

  return !!token;
}
