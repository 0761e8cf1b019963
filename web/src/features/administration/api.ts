import { organisationProfileCall, positionListCall, roleListCall, workplaceListCall } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const administrationKeys = {
  positions: ['administration', 'positions'] as const,
  roles: ['administration', 'roles'] as const,
  workplaces: ['administration', 'workplaces'] as const,
  profile: ['administration', 'profile'] as const,
};

/** POST /api/positionList: the positions employees hold. */
export function usePositionList() {
  return useQuery({ queryKey: administrationKeys.positions, queryFn: () => callApi(positionListCall, {}) });
}

/** POST /api/roleList: the roles and the access keys each allows. */
export function useRoleList() {
  return useQuery({ queryKey: administrationKeys.roles, queryFn: () => callApi(roleListCall, {}) });
}

/** POST /api/workplaceList: the workplaces with their branches. */
export function useWorkplaceList() {
  return useQuery({ queryKey: administrationKeys.workplaces, queryFn: () => callApi(workplaceListCall, {}) });
}

/** POST /api/organisationProfile: the organisation's profile, logo and single sign-on settings. */
export function useOrganisationProfile() {
  return useQuery({
    queryKey: administrationKeys.profile,
    queryFn: () => callApi(organisationProfileCall, {}),
  });
}
