import { guardDecision } from '@compass/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { usePermissions } from '../api/auth';
import { PageSpinner } from '../components/Spinner';
import { getAuthToken } from '../lib/storage';

/**
 * The route guard of 000 section 6, decided by the shared guardDecision: the stored token plus the
 * permission profile. While the profile loads a centred spinner is shown.
 */
export function RouteGuard({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const token = getAuthToken();
  const permissions = usePermissions();

  if (token && permissions.isPending) return <PageSpinner label="Loading your workspace…" />;

  const decision = guardDecision({
    path: location.pathname,
    search: location.search,
    token,
    profile: permissions.data ?? null,
  });
  if (!decision.allow) return <Navigate to={decision.redirectTo} replace />;
  return children ?? <Outlet />;
}
