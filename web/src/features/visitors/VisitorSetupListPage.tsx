import { visitorSetupPath } from '@compass/shared';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { useVisitorSetupList } from './api';

/** /configure-vismate/setup: every active workplace, whether its kiosk is set up, its kiosks and who is on site. */
export function VisitorSetupListPage() {
  usePageTitle('Vismate Setup');
  const setups = useVisitorSetupList();
  const rows = setups.data?.rows ?? [];
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Vismate Setup"
        intro="What each workplace's kiosk asks visitors and contractors, its documents and its kiosk devices."
      />
      <section className="card list-card" aria-label="Workplaces" aria-busy={setups.isFetching}>
        <ListState query={setups} count={rows.length} empty="No active workplaces" />
        {rows.length > 0 && (
          <DataTable label="Workplaces" columns={['Workplace', 'Set up', 'Kiosks', 'On site']}>
            {rows.map((row) => (
              <tr key={row.workplaceId}>
                <td>
                  <Link to={visitorSetupPath(row.workplaceId)}>{row.workplace}</Link>
                </td>
                <td>{row.configured === 'yes' ? 'Yes' : 'No'}</td>
                <td>{row.kiosks}</td>
                <td>{row.onSite}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
