import {
  templateAdminDetailsCall,
  templateAdminListCall,
  templateCoordinatorsCall,
  templateVersionCall,
  type CallInput,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const templateKeys = {
  list: ['templates', 'list'] as const,
  details: (id: string) => ['templates', 'details', id] as const,
  version: (id: string, version: number) => ['templates', 'version', id, version] as const,
  coordinators: ['templates', 'coordinators'] as const,
};

/** One page of the organisation's templates. */
export function fetchTemplates(request: CallInput<typeof templateAdminListCall>['body']) {
  return callApi(templateAdminListCall, { body: request });
}

/** The template the builder edits, with its draft and versions. */
export function useTemplateAdminDetails(id: string) {
  return useQuery({
    queryKey: templateKeys.details(id),
    queryFn: () => callApi(templateAdminDetailsCall, { body: { _id: id } }),
    // Fetched again only when the builder asks (after a publish, a discard or a reload): a refetch
    // starts the builder over, so it must never happen behind the editor's back. Not kept once the
    // builder closes: opened again, it starts from what the server has then.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });
}

/** A published version as it was: it never changes. */
export function useTemplateVersion(id: string, version: number) {
  return useQuery({
    queryKey: templateKeys.version(id, version),
    queryFn: () => callApi(templateVersionCall, { body: { _id: id, version } }),
    staleTime: Infinity,
  });
}

/** The employees with an account who may coordinate a template's submissions, by name or username. */
export function searchCoordinators(text: string) {
  return callApi(templateCoordinatorsCall, { body: { search: text || undefined } });
}
