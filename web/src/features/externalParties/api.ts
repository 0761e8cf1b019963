import {
  requirementTypeCourseOptionsCall,
  requirementTypeListCall,
  supplierAssessmentStatusCall,
  supplierAssignmentDetailsCall,
  supplierAssignmentOpenCall,
  supplierAssignmentOptionsCall,
  supplierComplianceCall,
  supplierRequirementDetailsCall,
  supplierReviewerSearchCall,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi, type CallOptions } from '../../api/client';
import { NO_ACCOUNT_MATCH, pickerPageOf } from '../../components/PersonField';
import { linkOptions } from '../links';

export const assignmentKeys = {
  all: ['supplierAssignments'] as const,
  options: ['supplierAssignments', 'options'] as const,
  details: (id: string) => ['supplierAssignments', 'details', id] as const,
  open: (id: string) => ['supplierAssignments', 'open', id] as const,
  /** The link holder's view: not one the register's changes refresh. */
  assessment: (id: string) => ['supplierAssessment', id] as const,
};
export const requirementKeys = {
  all: ['supplierRequirements'] as const,
  types: ['supplierRequirements', 'types'] as const,
  courses: ['supplierRequirements', 'courses'] as const,
  details: (id: string) => ['supplierRequirements', 'details', id] as const,
  compliance: (supplierId: string) => ['supplierRequirements', 'compliance', supplierId] as const,
};

/** The reviewer of a supplier form or document: an active employee who signs in, found by name. */
export const SUPPLIER_REVIEWERS = {
  queryKey: ['supplierReviewers'],
  search: async (text: string) =>
    pickerPageOf(await callApi(supplierReviewerSearchCall, { body: { search: text } })),
  empty: NO_ACCOUNT_MATCH,
};

/** The supplier forms and the companies with their people, for assigning a form or requesting a document. */
export function usePartyOptions() {
  return useQuery({
    queryKey: assignmentKeys.options,
    queryFn: () => callApi(supplierAssignmentOptionsCall, {}),
  });
}

/** The requirement types, archived ones last (the request dialog offers the active ones). */
export function useRequirementTypes() {
  return useQuery({
    queryKey: requirementKeys.types,
    queryFn: () => callApi(requirementTypeListCall, {}),
  });
}

/** The published online courses in use a personnel type may be met by (the type dialog's choice). */
export function useRequirementCourseOptions(enabled: boolean) {
  return useQuery({
    queryKey: requirementKeys.courses,
    queryFn: () => callApi(requirementTypeCourseOptionsCall, {}),
    enabled,
  });
}

/** An assigned supplier form, for its reviewer. */
export function useAssignmentDetails(id: string) {
  return useQuery({
    queryKey: assignmentKeys.details(id),
    queryFn: () => callApi(supplierAssignmentDetailsCall, { body: { _id: id } }),
  });
}

/**
 * The signed-in supplier's own link to an assigned form; asked afresh each time, never kept, and
 * a refusal shows on the page rather than as a toast.
 */
export function useOpenAssignment(id: string) {
  return useQuery({
    queryKey: assignmentKeys.open(id),
    queryFn: () => callApi(supplierAssignmentOpenCall, { body: { _id: id } }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
}

/** Where an assigned form stands, for the holder of its link (a refused link shows on the page). */
export function useAssessmentStatus(id: string, authtoken: string | null) {
  return useQuery({
    queryKey: assignmentKeys.assessment(id),
    queryFn: () => callApi(supplierAssessmentStatusCall, { body: { _id: id } }, linkOptions(authtoken)),
    enabled: !!authtoken,
    meta: { silent: true },
    retry: false,
  });
}

/**
 * A requirement, for its reviewer or its provider; the provider's page calls with its link
 * options, and the holder of the request mail's link sees a refusal on the page, not as a toast.
 */
export function useRequirementDetails(id: string, options?: CallOptions) {
  const link = !!options?.link;
  return useQuery({
    queryKey: requirementKeys.details(id),
    queryFn: () => callApi(supplierRequirementDetailsCall, { body: { _id: id } }, options),
    meta: link ? { silent: true } : undefined,
    retry: link ? false : undefined,
  });
}

/** A company's requirements and its people's; a failure shows in the panel, not as a toast. */
export function useCompliance(supplierId: string) {
  return useQuery({
    queryKey: requirementKeys.compliance(supplierId),
    queryFn: () => callApi(supplierComplianceCall, { body: { supplierId } }),
    meta: { silent: true },
  });
}
