import {
  SUPPLIER_ASSESSMENT_PAGE_TYPE,
  SUPPLIER_STORAGE_KEYS,
  type TSupplierLinkContext,
} from '@compass/shared';
import { Navigate, useParams, useSearchParams } from 'react-router';
import type { References } from '../../fields';
import { getAuthToken } from '../../lib/storage';
import { LinkedSubmissionEditor, useLinkedSubmissionPage } from './LinkedSubmission';
import { employeeRecordPath, loginPath, storedValue } from './linkNavigation';
import { linkExpiry } from './SupplierLinkFrame';

const TITLE = 'View Form Submission';

/** The notification header: whom the form was shared with, and the plant it concerns when named. */
function notice(context: TSupplierLinkContext, supplier: string | null, plant: string | null) {
  const expiry = linkExpiry(context);
  return (
    <>
      <p>
        {context.companyName} shared this form{supplier ? ` with ${supplier}` : ''}. It is read-only.
      </p>
      {plant && <p>Plant: {plant}</p>}
      {expiry && <p className="text-sm text-secondary">This link works until {expiry}.</p>}
    </>
  );
}

/**
 * A name the query gives (supplierName, plantName), else the name of its id (supplierId, plantId)
 * in the full list.
 */
function namedBy(list: References['asset'], id: string | null, name: string | null) {
  if (name) return name;
  if (!id) return null;
  return list.all.find((option) => option._id === id)?.name ?? null;
}

/**
 * View Form Submission (001 section 2.1): the supplier notification page, opened from a read link.
 * Entirely read-only, with the full reference lists (inactive records keep their names); viewing an
 * action opens the read-only Assign Action dialog; Back leaves for the product's site.
 */
export function ViewSubmissionPage() {
  const { companyId = '', id = '' } = useParams();
  const [params] = useSearchParams();
  const authtoken = params.get('authtoken');
  const pageType = storedValue(SUPPLIER_STORAGE_KEYS.pageType);
  const signedIn = getAuthToken() !== null;
  const page = useLinkedSubmissionPage(id, authtoken, TITLE, { fullListsOnly: true });

  if (!authtoken) {
    const record = employeeRecordPath(companyId, id);
    return <Navigate to={signedIn ? record : loginPath(record)} replace />;
  }
  if (!page.loaded) return page.guard;

  const { context, submission, references } = page.loaded;
  const plant = namedBy(references.asset, params.get('plantId'), params.get('plantName'));
  const supplier =
    context.supplierName ||
    namedBy(references.supplier, params.get('supplierId'), params.get('supplierName'));
  // The whole screen is read-only whatever the link allows.
  const readOnly = { ...submission, canEdit: 'no' as const, editBlockedMessage: '' };

  return (
    <LinkedSubmissionEditor
      page={page.loaded}
      submission={readOnly}
      notice={notice(context, supplier, plant)}
      linkMode={{
        viewOnly: true,
        // 001 section 2.1: the initial-details card is hidden for a supplier assessment.
        hideInitialDetails: pageType === SUPPLIER_ASSESSMENT_PAGE_TYPE,
        onLeave: page.leave,
      }}
    />
  );
}
