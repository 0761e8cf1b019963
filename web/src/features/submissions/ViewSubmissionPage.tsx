import {
  SUPPLIER_ASSESSMENT_PAGE_TYPE,
  SUPPLIER_STORAGE_KEYS,
  type TSupplierLinkContext,
} from '@compass/shared';
import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import type { References } from '../../fields';
import { browser } from '../../lib/browser';
import { getAuthToken } from '../../lib/storage';
import { usePageTitle } from '../../shell/pageTitle';
import { shapeOfSubmission, storedEditorState } from './editorState';
import { SubmissionEditor } from './SubmissionEditor';
import { useLinkedRelatedLists, useLinkedSubmission, useSupplierLinkContext, withLinkFilePaths } from './api';
import { linkTransport } from './editorTransport';
import { usePickReferences } from './pickReferences';
import { linkExpiry, SupplierLinkFrame, SupplierLinkLoading, SupplierLinkProblem } from './SupplierLinkFrame';
import {
  employeeRecordPath,
  loginPath,
  storedValue,
  useBadRequestRedirect,
  useHomeSite,
} from './linkNavigation';

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
  const context = useSupplierLinkContext(id, authtoken);
  const details = useLinkedSubmission(id, authtoken);
  const lists = useLinkedRelatedLists(id, authtoken);
  const transport = useMemo(() => linkTransport(authtoken ?? ''), [authtoken]);
  const homeSite = useHomeSite(context.data);
  usePageTitle(TITLE);
  const redirected = useBadRequestRedirect(details.error);

  const references = usePickReferences(lists.data, { link: authtoken, fullListsOnly: true });
  const linked = useMemo(
    () => (details.data && authtoken ? withLinkFilePaths(details.data, authtoken) : null),
    [details.data, authtoken],
  );

  if (!authtoken) {
    const record = employeeRecordPath(companyId, id);
    return <Navigate to={signedIn ? record : loginPath(record)} replace />;
  }
  if (redirected) return null;
  const failure = details.error ?? context.error ?? lists.error;
  if (failure) return <SupplierLinkProblem error={failure} homeSiteUrl={homeSite} />;
  if (!linked || !references || !lists.data || !context.data) return <SupplierLinkLoading title={TITLE} />;

  const leave = () => browser.assign(homeSite);
  const plant = namedBy(references.asset, params.get('plantId'), params.get('plantName'));
  const supplier =
    context.data.supplierName ||
    namedBy(references.supplier, params.get('supplierId'), params.get('supplierName'));
  // The whole screen is read-only whatever the link allows.
  const readOnly = { ...linked, canEdit: 'no' as const, editBlockedMessage: '' };

  return (
    <SupplierLinkFrame
      title={TITLE}
      context={context.data}
      authtoken={authtoken}
      supplierForm={linked.formType === 'supplier'}
      notice={notice(context.data, supplier, plant)}
    >
      <SubmissionEditor
        key={`${linked._id}:${linked.version}`}
        shape={shapeOfSubmission(readOnly)}
        submission={readOnly}
        initial={storedEditorState(readOnly)}
        references={references}
        workplaces={lists.data.workplace}
        viewer={{ employeeId: null, name: '' }}
        transport={transport}
        linkMode={{
          viewOnly: true,
          // 001 section 2.1: the initial-details card is hidden for a supplier assessment.
          hideInitialDetails: pageType === SUPPLIER_ASSESSMENT_PAGE_TYPE,
          onLeave: leave,
        }}
      />
    </SupplierLinkFrame>
  );
}
