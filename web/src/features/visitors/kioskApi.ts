import {
  visitorKioskCall,
  visitorKioskDocumentCall,
  visitorKioskHostsCall,
  visitorKioskOnSiteCall,
  visitorKioskSignInCall,
  visitorKioskSignOutCall,
  visitorKioskSuppliersCall,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { ApiError } from '../../api/errors';
import { linkOptions } from '../links';

/**
 * The kiosk's calls, each with the kiosk's link token (`?authtoken=`). A refusal is shown on the
 * kiosk (linkOptions: no sign-out of whoever else uses the browser).
 */

const kioskKeys = {
  setup: (authtoken: string) => ['visitorKiosk', authtoken] as const,
  onSite: (authtoken: string, search: string) => ['visitorKioskOnSite', authtoken, search] as const,
};

/** A refused link (unknown, expired, revoked, or not a kiosk's): the kiosk is no longer connected. */
export function isLinkRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 401 || error.code === 403);
}

/** The kiosk's organisation, workplace and setup. Never retried: a refused link stays refused. */
export function useKioskSetup(authtoken: string) {
  return useQuery({
    queryKey: kioskKeys.setup(authtoken),
    queryFn: () => callApi(visitorKioskCall, {}, linkOptions(authtoken)),
    enabled: authtoken !== '',
    retry: false,
    meta: { silent: true },
  });
}

export const searchKioskHosts = (authtoken: string, search: string) =>
  callApi(visitorKioskHostsCall, { body: { search } }, linkOptions(authtoken));

export const searchKioskSuppliers = (authtoken: string, search: string) =>
  callApi(visitorKioskSuppliersCall, { body: { search } }, linkOptions(authtoken));

/** Those on site at the kiosk's workplace whose name matches (at least 2 letters). */
export function useKioskOnSite(authtoken: string, search: string) {
  return useQuery({
    queryKey: kioskKeys.onSite(authtoken, search),
    queryFn: () => callApi(visitorKioskOnSiteCall, { body: { search } }, linkOptions(authtoken)),
    enabled: search.length >= 2,
    retry: false,
    // Someone signed out a moment ago must not be offered again.
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });
}

/** The sign-in: the fields and, when the setup asks one, the `photo` file. */
export const signInAtKiosk = (authtoken: string, form: FormData) =>
  callApi(visitorKioskSignInCall, { form }, linkOptions(authtoken));

export const signOutAtKiosk = (authtoken: string, visitId: string) =>
  callApi(visitorKioskSignOutCall, { body: { _id: visitId } }, linkOptions(authtoken));

/**
 * Where a setup document is fetched (with the kiosk's token) for the preview or a download: never
 * opened as a page of its own, where the token would stand in the shared tablet's address bar.
 */
export const kioskDocumentUrl = (authtoken: string, documentId: string) =>
  `${API_BASE}${callUrl(visitorKioskDocumentCall, { params: { id: documentId } }, authtoken)}`;
