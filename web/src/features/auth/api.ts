import { passwordLinkCall } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const authKeys = { passwordLink: (token: string) => ['passwordLink', token] as const };

/** POST /api/passwordLink: what an e-mailed password link is for; a refused one is shown by the page. */
export function usePasswordLink(token: string) {
  return useQuery({
    queryKey: authKeys.passwordLink(token),
    queryFn: () => callApi(passwordLinkCall, { body: { token } }, { authRedirect: false }),
    retry: false,
    staleTime: Infinity,
  });
}
