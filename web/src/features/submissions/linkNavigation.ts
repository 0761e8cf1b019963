import type { TSupplierLinkContext } from '@compass/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useConfiguration } from '../../api/auth';
import { ApiError } from '../../api/errors';

// Where the supplier link screens (View and Update Form Submission, and External Parties' own) send
// their user, and what they read when the link's query string leaves it out.

/** A value the query string did not carry, from local storage (001 section 2.3). */
export function storedValue(key: string): string | null {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

/** The employee's own editor of a form: where a signed-in user, or one signing in, is sent. */
export const employeeRecordPath = (companyId: string, id: string) =>
  `/form-submission/record/${encodeURIComponent(companyId)}/${encodeURIComponent(id)}`;

export const loginPath = (returnUrl: string) => `/login?returnUrl=${encodeURIComponent(returnUrl)}`;

/**
 * The 400 rule of 001 sections 2.1, 2.3 and 8: a details call answered with 400 sends the user to
 * /dashboard with the message.
 */
export function useBadRequestRedirect(error: unknown) {
  const navigate = useNavigate();
  const badRequest = error instanceof ApiError && error.code === 400 ? error : null;
  useEffect(() => {
    if (!badRequest) return;
    toast.error(badRequest.message);
    navigate('/dashboard', { replace: true });
  }, [badRequest, navigate]);
  return badRequest !== null;
}

/** Where Back and Cancel leave to: the organisation's product site, else the configured one. */
export function useHomeSite(context: TSupplierLinkContext | undefined): string {
  const configuration = useConfiguration();
  return context?.homeSiteUrl || configuration.data?.homeSiteUrl || '/';
}
