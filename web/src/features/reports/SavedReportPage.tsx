import { REPORTS, type TReportFilters, type TSavedReport } from '@compass/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { DeleteButton } from '../../components/ConfirmDialog';
import { RecordPage } from '../../components/RecordPage';
import { usePageTitle } from '../../shell/pageTitle';
import { ItemUnavailable } from '../registerParts';
import { reportSearchOf, reportStateOf } from './ReportPage';
import { ReportView } from './ReportView';
import { SaveReportButton } from './SaveReportDialog';
import { useDeleteSavedReport, useSavedReport } from './savedApi';

const HOME = { to: '/report-chart', label: 'Reports & Charts' };

/** The owner's buttons: save the report as it is now drawn (the dialog starts from the saved one), and delete it. */
function OwnerActions({ saved, by, filters }: { saved: TSavedReport; by: string; filters: TReportFilters }) {
  const navigate = useNavigate();
  const remove = useDeleteSavedReport(saved._id, () => void navigate(HOME.to));
  return (
    <>
      <SaveReportButton report={saved.report} by={by} filters={filters} saved={saved} />
      <DeleteButton
        title="Delete saved report"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ body: { _id: saved._id } })}
      >
        <p>
          “{saved.name}” will be deleted for you and for everyone it is shared with. The report itself stays
          on Reports & Charts.
        </p>
      </DeleteButton>
    </>
  );
}

/**
 * A saved report drawn from its grouping and filters. Changing them here redraws it for the visit
 * only; its owner keeps the change with "Save report".
 */
function SavedReportView({ saved }: { saved: TSavedReport }) {
  // The same clean-up as an address: a grouping or filter the report no longer takes is let go.
  const [state, setState] = useState(() =>
    reportStateOf(saved.report, reportSearchOf(saved.report, saved.by, saved.filters)),
  );
  return (
    <ReportView
      report={saved.report}
      by={state.by}
      filters={state.filters}
      onChange={(by, filters) => setState({ by, filters })}
      // Others see the exports only: `false` (not left out) keeps ReportView's own Save button away.
      actions={
        saved.isOwner === 'yes' && <OwnerActions saved={saved} by={state.by} filters={state.filters} />
      }
    />
  );
}

/** /report-chart/saved/:savedId: a saved report, its owner's or shared with the caller's role. */
export function SavedReportPage() {
  const { savedId = '' } = useParams();
  const details = useSavedReport(savedId);
  usePageTitle(details.data?.name ?? 'Saved report');
  if (details.error instanceof ApiError && (details.error.code === 404 || details.error.code === 400))
    return <ItemUnavailable noun="saved report" back={{ ...HOME, label: 'Back to Reports & Charts' }} />;
  return (
    <RecordPage
      query={details}
      back={HOME}
      title="Saved report"
      heading={(saved) => saved.name}
      intro={(saved) => `${REPORTS[saved.report].title} · saved by ${saved.owner}`}
      label="Saved report"
    >
      {(saved) => <SavedReportView key={saved._id} saved={saved} />}
    </RecordPage>
  );
}
