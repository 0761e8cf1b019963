/**
 * Paths inside the application that the rules and the contracts both build (work-item targets,
 * action dialogs, mailed links): written once, below both.
 */

/** One path segment: URI-encoded; a missing value becomes '-' so the route shape stays intact. */
export function seg(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return encodeURIComponent(String(value));
}

/** `/a/b` plus a query string of the parameters that have a value (in the order given). */
export function buildPath(
  segments: ReadonlyArray<string>,
  query: Record<string, string | number | null | undefined> = {},
): string {
  const path = `/${segments.join('/')}`;
  const search = Object.entries(query)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** The audit an audit question action belongs to (linked from the action dialog). */
export function auditDetailsPath(auditId: string): string {
  return buildPath(['audit-inspection', 'audit-details', seg(auditId)]);
}

/** The obligation an obligation question action belongs to (linked from the action dialog). */
export function obligationEditPath(obligationId: string): string {
  return buildPath(['obligation', 'edit', seg(obligationId)]);
}

/** A document's page in the library, where the actions raised from it are completed. */
export function documentLibraryPath(documentId: string): string {
  return buildPath(['document', 'library', seg(documentId)]);
}

/** The form-submission task page the form task dialog links to. */
export function formTaskPath(formSumissionId: string, taskId: string): string {
  return buildPath(['form-submission', 'my-action-edit', seg(formSumissionId), seg(taskId)]);
}

/**
 * The page where a requirement's document is sent: signed in (the dashboard's target), or opened
 * from the request mail's link without signing in (`/form/…` with ?authtoken=).
 */
export function requirementProvidePath(
  requirement: { _id: string; personnelId: string | null },
  authtoken?: string,
): string {
  const path = `external-parties/document-review/${requirement.personnelId ? 'personnel' : 'supplier'}/${encodeURIComponent(requirement._id)}`;
  return authtoken ? `/form/${path}?authtoken=${encodeURIComponent(authtoken)}` : `/${path}`;
}

/** The reviewer's page of a requirement (the dashboard's target of 000 section 2.2). */
export function requirementReviewPath(requirement: {
  _id: string;
  supplierId: string;
  personnelId: string | null;
}): string {
  const id = encodeURIComponent(requirement._id);
  return requirement.personnelId
    ? `/external-parties/personnel-document-review/${encodeURIComponent(requirement.personnelId)}/${id}`
    : `/external-parties/company-document-review/${encodeURIComponent(requirement.supplierId)}/${id}`;
}
