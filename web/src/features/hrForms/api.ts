import {
  assignFormCloseOffCall,
  hrFormAssignOptionsCall,
  hrFormDetailsCall,
  hrFormExportCall,
  hrFormOpenCall,
  hrFormOfSubmissionCall,
  type TFormSubmissionClosed,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { API_BASE, callApi, callUrl, sendCall } from '../../api/client';
import { dashboardKeys } from '../../api/queryKeys';
import { ASSIGN_PEOPLE } from '../../components/AssignFields';
import { browserTimeZone } from '../../lib/timeZone';
import { submissionKeys } from '../submissions';

export const hrFormKeys = {
  all: ['hrForms'] as const,
  list: ['hrForms', 'list'] as const,
  options: ['hrForms', 'options'] as const,
  details: (id: string) => ['hrForms', 'details', id] as const,
  open: (id: string) => ['hrForms', 'open', id] as const,
};

/** Whom to assign a form to, and who reviews it (the pickers every HR assignment shares). */
export const HR_FORM_ASSIGNEES = ASSIGN_PEOPLE.assignees;
export const HR_FORM_REVIEWERS = ASSIGN_PEOPLE.reviewers;

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
