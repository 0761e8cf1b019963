import {
  branchesByWorkplaceCall,
  onSiteNowCall,
  visitDetailsCall,
  visitorSetupDetailsCall,
  visitorSetupListCall,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const visitorKeys = {
  all: ['visitors'] as const,
  visits: ['visitors', 'visits'] as const,
  visit: (id: string) => ['visitors', 'visit', id] as const,
  setupList: ['visitors', 'setupList'] as const,
  setup: (workplaceId: string) => ['visitors', 'setup', workplaceId] as const,
  onSite: (workplaceId: string) => ['visitors', 'onSite', workplaceId] as const,
  branches: (workplaceId: string) => ['visitors', 'branches', workplaceId] as const,
};

/**
 * What a write of Vismate changes: everything the feature shows (a sign-out moves the register, the
 * visit, who is on site and the setup list's counts; a kiosk moves the setup and its list).
 */
export const VISITOR_WRITES = [visitorKeys.all];

/** "On site now" is read again this often while the page is open (the roll call stays current). */
export const ON_SITE_REFRESH_MS = 60_000;

/** Every active workplace with its setup state, kiosks and who is on site (the setup list, the workplace choices). */
export function useVisitorSetupList() {
  return useQuery({
    queryKey: visitorKeys.setupList,
    queryFn: () => callApi(visitorSetupListCall, {}),
    staleTime: 60_000,
  });
}

export function useVisitorSetup(workplaceId: string) {
  return useQuery({
    queryKey: visitorKeys.setup(workplaceId),
    queryFn: () => callApi(visitorSetupDetailsCall, { body: { workplaceId } }),
    retry: false,
  });
}

export function useVisitDetails(id: string) {
  return useQuery({
    queryKey: visitorKeys.visit(id),
    queryFn: () => callApi(visitDetailsCall, { body: { _id: id } }),
    retry: false,
  });
}

export function useOnSiteNow(workplaceId: string) {
  return useQuery({
    queryKey: visitorKeys.onSite(workplaceId),
    queryFn: () => callApi(onSiteNowCall, { body: { workplaceId } }),
    refetchInterval: ON_SITE_REFRESH_MS,
    retry: false,
  });
}

/** A workplace's active branches, for the kiosk a branch's reception holds. */
export function useWorkplaceBranches(workplaceId: string) {
  return useQuery({
    queryKey: visitorKeys.branches(workplaceId),
    queryFn: () => callApi(branchesByWorkplaceCall, { body: { workplace: workplaceId } }),
    staleTime: 60_000,
  });
}
