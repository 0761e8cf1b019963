import {
  supplierAssessmentPath,
  SUPPLIER_ASSESSMENT_PAGE_TYPE,
  SUPPLIER_STORAGE_KEYS,
  type TFormSubmission,
  type TFormSubmissionSaveResult,
  type TSupplierLinkContext,
} from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { usePermissions } from '../../api/auth';
import { notifyError } from '../../api/errors';
import { getAuthToken } from '../../lib/storage';
import { submissionKeys, supplierFormSubmit, supplierLinkKeys } from './api';
import { LinkedSubmissionEditor, useLinkedSubmissionPage } from './LinkedSubmission';
import { employeeRecordPath, loginPath, storedValue } from './linkNavigation';
import { linkExpiry } from './SupplierLinkFrame';

const TITLE = 'Update Form Submission';

function notice(submission: TFormSubmission, context: TSupplierLinkContext | undefined) {
  const expiry = linkExpiry(context);
  const who = context?.supplierName ? `${context.supplierName}: ` : '';
  const ask =
    submission.canEdit === 'yes'
      ? submission.isDraft === 'yes'
        ? `please complete the ${submission.formTemplateName} form and submit it to ${context?.companyName ?? 'us'}.`
        : `please review the ${submission.formTemplateName} form ${submission.formatedNumber} and save any changes.`
      : `the ${submission.formTemplateName} form ${submission.formatedNumber} is shown as it is; it cannot be changed here.`;
  return (
    <>
      <p>
        <strong>{who}</strong>
        {ask}
      </p>
      {expiry && <p className="text-sm text-secondary">This link works until {expiry}.</p>}
    </>
  );
}

/**
 * Navigation rules of 001 section 2.3, once the form is known: an internal form needs its employee
 * (signing in first); a submitted supplier assessment goes on to the assessment screen.
 */
function useNavigationTarget({
  submission,
  signedIn,
  companyId,
  id,
  pageType,
  supplierId,
  assignmentId,
}: {
  submission: TFormSubmission | undefined;
  signedIn: boolean;
  companyId: string;
  id: string;
  pageType: string | null;
  supplierId: string | null;
  assignmentId: string | null;
}): string | null {
  const permissions = usePermissions();
  const employeeId = permissions.data?.employeeId ?? null;
  return useMemo(() => {
    if (!submission) return null;
    const internal = submission.formType !== 'supplier';
    if (internal && !employeeId && !(signedIn && permissions.isPending))
      return loginPath(employeeRecordPath(companyId, id));
    const coordinator = submission.submissionUserId[0]?.userId;
    if (
      pageType === SUPPLIER_ASSESSMENT_PAGE_TYPE &&
      submission.isDraft === 'no' &&
      supplierId &&
      assignmentId &&
      coordinator
    ) {
      return supplierAssessmentPath({
        supplierId,
        supplierAssignId: assignmentId,
        formTemplateId: submission.formTemplateId,
        companyId,
        coordinatorUserId: coordinator,
      });
    }
    return null;
  }, [
    submission,
    employeeId,
    signedIn,
    permissions.isPending,
    companyId,
    id,
    pageType,
    supplierId,
    assignmentId,
  ]);
}

/**
 * Update Form Submission (001 section 2.3): a supplier opens its form from the mailed link
 * (`authtoken`), edits it as the supplier and saves; a submitted form with a supplier assignment
 * goes on to supplier form submit. Without a link the signed-in user gets their own editor.
 */
export function UpdateSubmissionPage() {
  const { companyId = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const authtoken = params.get('authtoken');
  const pageType = params.get('pageType') ?? storedValue(SUPPLIER_STORAGE_KEYS.pageType);
  const supplierAssignId =
    params.get('supplierassignId') ?? storedValue(SUPPLIER_STORAGE_KEYS.supplierAssignId);
  // supplierFormId names the supplier assignment form on the dashboard's links; assignFormId an HR
  // assigned form, which a supplier link never edits (docs/links.md).
  const supplierFormId = params.get('supplierFormId');
  const signedIn = getAuthToken() !== null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const page = useLinkedSubmissionPage(id, authtoken, TITLE);
  const assignmentId = supplierAssignId ?? supplierFormId ?? page.context?.supplierAssignmentId ?? null;
  const supplierId = page.context?.supplierId ?? params.get('supplierId');

  const target = useNavigationTarget({
    submission: page.submission,
    signedIn,
    companyId,
    id,
    pageType,
    supplierId,
    assignmentId,
  });

  if (!authtoken) {
    return (
      <Navigate
        to={
          signedIn
            ? employeeRecordPath(companyId, id)
            : loginPath(`/form/form-submission/myactionedit/${companyId}/${id}`)
        }
        replace
      />
    );
  }
  if (target) return <Navigate to={target} replace />;
  if (!page.loaded) return page.guard;

  const { context, submission: linked } = page.loaded;
  const { leave } = page;
  const signedInLeave = () => (signedIn ? navigate('/dashboard/') : leave());
  // A link holder goes on to where the assigned form now stands; signed in, to the dashboard.
  const coordinator = linked.submissionUserId[0]?.userId;
  const afterSubmit = () =>
    !signedIn && supplierId && assignmentId && coordinator
      ? navigate(
          supplierAssessmentPath({
            supplierId,
            supplierAssignId: assignmentId,
            formTemplateId: linked.formTemplateId,
            companyId,
            coordinatorUserId: coordinator,
            authtoken,
          }),
        )
      : signedInLeave();

  /** After a save (001 section 2.3): supplier form submit, the dashboard, or the product site. */
  const onSaved = async (saved: TFormSubmissionSaveResult, asDraft: boolean) => {
    if (!assignmentId) {
      leave();
      return;
    }
    if (asDraft) {
      signedInLeave();
      return;
    }
    // Only an assignment still waiting for its form is submitted; a later save just saves.
    const knownStatus =
      context.supplierAssignmentId === assignmentId ? context.supplierAssignmentStatus : null;
    if ((knownStatus !== null && knownStatus !== 'assigned') || !supplierId) {
      afterSubmit();
      return;
    }
    try {
      const result = await supplierFormSubmit(
        { supplierCompanyId: companyId, supplierId, _id: assignmentId, formSumissionId: saved._id },
        authtoken,
      );
      toast.success(result.message);
      afterSubmit();
    } catch (error) {
      // 202 (or any refusal): the message as an error, and the user stays on the saved form.
      notifyError(error);
      await queryClient.invalidateQueries({ queryKey: submissionKeys.details(id) });
      await queryClient.invalidateQueries({ queryKey: supplierLinkKeys.context(id) });
    }
  };

  return (
    <LinkedSubmissionEditor
      page={page.loaded}
      notice={notice(linked, context)}
      linkMode={{ viewOnly: false, hideInitialDetails: false, onLeave: leave, onSaved }}
    />
  );
}
