import { logoutCall, messages } from '@compass/shared';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { forgetSession } from '../../api/auth';
import { callApi } from '../../api/client';
import { PageSpinner } from '../../components/Spinner';
import { clearStorage, getAuthToken } from '../../lib/storage';
import { usePageTitle } from '../../shell/pageTitle';

/** /logout: ends the session on the server, clears the client and returns to /login. */
export function LogoutPage() {
  usePageTitle('Logout');
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const request = getAuthToken() ? callApi(logoutCall, {}, { authRedirect: false }) : Promise.resolve();
    request
      .catch(() => undefined)
      .finally(() => {
        forgetSession();
        clearStorage();
        navigate('/login', { replace: true });
      });
  }, [navigate]);

  return <PageSpinner label={messages.logout.inProgress} />;
}
