import { reportPath, runnableReports, type ReportDefinition } from '@compass/shared';
import { ChartColumn } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { useReportKeys } from './api';
import { SavedReportsCard } from './SavedReportsCard';

/** The runnable reports by their area, in the catalogue's order of first appearance. */
function byArea(reports: ReportDefinition[]): [string, ReportDefinition[]][] {
  const areas = new Map<string, ReportDefinition[]>();
  for (const report of reports) areas.set(report.area, [...(areas.get(report.area) ?? []), report]);
  return [...areas];
}

/** An area's heading and the cards of its reports. */
function ReportArea({ area, reports }: { area: string; reports: ReportDefinition[] }) {
  const headingId = useId();
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId} className="report-area-title">
        {area}
      </h2>
      <ul className="report-cards">
        {reports.map((report) => (
          <li key={report.id} className="card report-card">
            <Link className="report-card-title" to={reportPath(report.id)}>
              {report.title}
            </Link>
            <p className="text-sm text-secondary">{report.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /report-chart: the caller's saved reports, then a card per report they may run, by area. */
export function ReportsHomePage() {
  usePageTitle('Reports & Charts');
  const keys = useReportKeys();
  if (!keys) return <PageSpinner />;
  const areas = byArea(runnableReports(keys));
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Reports & Charts"
        intro="The organisation's figures, area by area. Open a report to filter it, draw it, export it or save it."
      />
      {areas.length === 0 ? (
        <StatePanel
          icon={ChartColumn}
          title="No reports"
          message="Your role has no reports. Ask an administrator for the access keys of the areas you report on."
        />
      ) : (
        <>
          <SavedReportsCard />
          {areas.map(([area, reports]) => (
            <ReportArea key={area} area={area} reports={reports} />
          ))}
        </>
      )}
    </div>
  );
}
