import { REPORT_SCHEDULE_LABELS, REPORTS, savedReportPath, type TSavedReport } from '@compass/shared';
import { Link } from 'react-router';
import { Card } from '../../components/Card';
import { ListState } from '../../components/ListParts';
import { useSavedReports } from './savedApi';

/** What a saved report's line says under its name: the report, sharing, schedule, and whose it is. */
function facts(saved: TSavedReport): string[] {
  return [
    REPORTS[saved.report].title,
    saved.sharedRole !== null && `Shared with ${saved.sharedRole}`,
    saved.schedule !== 'none' && REPORT_SCHEDULE_LABELS[saved.schedule],
    saved.isOwner === 'no' && `by ${saved.owner}`,
  ].filter((fact): fact is string => typeof fact === 'string');
}

/** The Reports home's "Saved reports": the caller's and those shared with their role. */
export function SavedReportsCard() {
  const query = useSavedReports();
  const rows = query.data ?? [];
  return (
    <Card title="Saved reports">
      <ListState
        query={query}
        count={rows.length}
        empty="No saved reports yet. Open a report and choose Save report."
      />
      {rows.length > 0 && (
        <ul className="saved-report-list">
          {rows.map((saved) => (
            <li key={saved._id}>
              <Link to={savedReportPath(saved._id)}>{saved.name}</Link>
              <p className="saved-report-facts">{facts(saved).join(' · ')}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
