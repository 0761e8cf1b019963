import {
  formSubmissionDetailsCall,
  formSubmissionRelatedListsCall,
  supplierFormSubmitCall,
  supplierLinkContextCall,
  type TFormSubmission,
  type TSupplierFormSubmitRequest,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi, sendCall } from '../../api/client';
import { linkOptions, linkPath } from '../links';
import { submissionKeys } from './api';
import { browserTimeZone } from '../../lib/timeZone';

// The calls of the supplier screens (View and Update Form Submission) carry the page's link token
// (001 section 7, linkOptions): a refused link must not sign out whoever else uses this browser.

/** Files are downloaded with the link too: every attachment path of the form carries the token. */
export function withLinkFilePaths(submission: TFormSubmission, authtoken: string): TFormSubmission {
  const relink = <T extends { path: string }>(file: T): T => ({
    ...file,
    path: linkPath(file.path, authtoken),
  });
  return {
    ...submission,
    attachment: submission.attachment.map(relink),
    taskData: submission.taskData.map((task) => ({ ...task, attachment: task.attachment.map(relink) })),
  };
}

export const supplierLinkKeys = {
  context: (id: string) => ['supplierLink', 'context', id] as const,
  relatedLists: (id: string) => ['supplierLink', 'relatedLists', id] as const,
};

/** POST /api/supplierLinkContext: the organisation, the supplier, its assignment and what the link grants. */
export function useSupplierLinkContext(submissionId: string, authtoken: string | null) {
  return useQuery({
    queryKey: supplierLinkKeys.context(submissionId),
    queryFn: () =>
      callApi(supplierLinkContextCall, { body: { formSubmissionId: submissionId } }, linkOptions(authtoken!)),
    enabled: !!authtoken,
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * POST /api/formSubmissionDetails with the link. The editor's own invalidations (after a file is
 * deleted, after a conflict) use the same key.
 */
export function useLinkedSubmission(submissionId: string, authtoken: string | null) {
  return useQuery({
    queryKey: submissionKeys.details(submissionId),
    queryFn: () =>
      callApi(
        formSubmissionDetailsCall,
        { body: { formSubmissionId: submissionId, localTimeZone: browserTimeZone() } },
        linkOptions(authtoken!),
      ),
    enabled: !!authtoken,
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/formSubmissionRelatedLists with the link: the organisation's pick lists. */
export function useLinkedRelatedLists(submissionId: string, authtoken: string | null) {
  return useQuery({
    queryKey: supplierLinkKeys.relatedLists(submissionId),
    queryFn: () => callApi(formSubmissionRelatedListsCall, { body: {} }, linkOptions(authtoken!)),
    enabled: !!authtoken,
    meta: { silent: true },
    retry: false,
    staleTime: 60_000,
  });
}

/** Supplier form submit: a 202 (not submitted now) is thrown as an error like any other code. */
export function supplierFormSubmit(request: TSupplierFormSubmitRequest, authtoken: string) {
  return sendCall(supplierFormSubmitCall, { body: request }, linkOptions(authtoken));
}
