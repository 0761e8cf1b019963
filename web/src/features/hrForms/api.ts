import {
  assignFormCloseOffCall,
  hrFormAssignOptionsCall,
  hrFormDetailsCall,
  hrFormExportCall,
  hrFormOpenCall,
  hrFormOfSubmissionCall,
  hrFormPeopleSearchCall,
  type TFormSubmissionClosed,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { API_BASE, callApi, callUrl, sendCall } from '../../api/client';
import { dashboardKeys } from '../../api/queryKeys';
import { NO_ACCOUNT_MATCH } from '../../components/PersonField';
import type { PickerPage } from '../../components/SearchPicker';
import { browserTimeZone } from '../../lib/timeZone';
import { submissionKeys } from '../submissions';

export const hrFormKeys = {
  all: ['hrForms'] as const,
  list: ['hrForms', 'list'] as const,
  options: ['hrForms', 'options'] as const,
  details: (id: string) => ['hrForms', 'details', id] as const,
  open: (id: string) => ['hrForms', 'open', id] as const,
  people: (role: PeopleRole) => ['hrForms', 'people', role] as const,
};

type PeopleRole = 'assignee' | 'reviewer';

/** Active employees by name with their position, to assign a form to or to review it (those who sign in). */
function peopleSearch(role: PeopleRole) {
  return {
    queryKey: hrFormKeys.people(role),
    search: async (text: string): Promise<PickerPage> => ({
      options: (await callApi(hrFormPeopleSearchCall, { body: { search: text, role } })).map((person) => ({
        value: person._id,
        label: person.name,
        detail: person.positionName ?? undefined,
      })),
      hasMore: false,
    }),
  };
}
export const HR_FORM_ASSIGNEES = peopleSearch('assignee');
export const HR_FORM_REVIEWERS = { ...peopleSearch('reviewer'), empty: NO_ACCOUNT_MATCH };

/** The HR templates, positions and workplaces an HR form is assigned with. */
export function useHrFormOptions() {
  return useQuery({
    queryKey: hrFormKeys.options,
    queryFn: () => callApi(hrFormAssignOptionsCall, {}),
  });
}

/** One assigned HR form with its history, for its employee, its reviewer or HR. */
export function useHrFormDetails(id: string) {
  return useQuery({
    queryKey: hrFormKeys.details(id),
    queryFn: () => callApi(hrFormDetailsCall, { body: { _id: id } }),
    retry: false,
  });
}

/**
 * The employee's form of an assigned HR form (started on first open) and the editor's path; asked
 * afresh each time, never kept, and a refusal shows on the page rather than as a toast.
 */
export function useOpenHrForm(id: string) {
  return useQuery({
    queryKey: hrFormKeys.open(id),
    queryFn: () => callApi(hrFormOpenCall, { body: { _id: id } }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
}

/** The register's CSV with the filters and search applied. */
export const hrFormExportUrl = (query: Record<string, string>) =>
  `${API_BASE}${callUrl(hrFormExportCall, { query })}`;

/**
 * Accept and close (001 section 7): the assignment of the form is found from its submission
 * ("Find assign form for hr"), then closed off with it; the server makes the PDF.
 */
export function useAcceptHrForm(onClosed: (closed: TFormSubmissionClosed) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (submissionId: string) => {
      const found = await sendCall(hrFormOfSubmissionCall, { body: { formSumissionId: submissionId } });
      return sendCall(assignFormCloseOffCall, {
        body: { _id: found.data._id, localTimeZone: browserTimeZone() },
      });
    },
    onSuccess: async (result) => {
      toast.success(result.message);
      onClosed(result.data);
      await Promise.all(
        [hrFormKeys.all, dashboardKeys.all, submissionKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
