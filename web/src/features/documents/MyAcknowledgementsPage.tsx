import { displayDay, documentMyAcknowledgementsCall } from '@compass/shared';
import { Link } from 'react-router';
import { usePermissions } from '../../api/auth';
import { callApi } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { Segmented } from '../../components/Tabs';
import { usePageTitle } from '../../shell/pageTitle';
import { documentKeys } from './api';

const STATES = [
  { value: 'toRead', label: 'To read' },
  { value: 'read', label: 'Read' },
] as const;

/** Documents > Acknowledgement: the caller's documents to read (and those read), a page at a time. */
export function MyAcknowledgementsPage() {
  usePageTitle('Acknowledgement');
  const permissions = usePermissions();
  const employeeId = permissions.data?.employeeId ?? '';
  const list = usePagedList({
    queryKey: [...documentKeys.all, 'mine'],
    filters: { state: 'toRead' as (typeof STATES)[number]['value'] },
    fetch: (request) => callApi(documentMyAcknowledgementsCall, { body: request }),
  });
  const state = list.filters.state;
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Acknowledgement"
        intro="The documents you are asked to read, and those you have acknowledged."
      />
      <Segmented
        label="Show"
        options={STATES}
        current={state}
        onChange={(value) => list.setFilter('state', value)}
      />
      <PagedTable
        label={state === 'toRead' ? 'Documents to read' : 'Documents read'}
        list={list}
        columns={['Document', 'Version', state === 'toRead' ? 'Read by' : 'Acknowledged']}
        empty={
          state === 'toRead'
            ? 'Nothing to read: you are up to date.'
            : 'You have not acknowledged a document yet.'
        }
        narrowedEmpty={
          state === 'toRead'
            ? 'Nothing to read: you are up to date.'
            : 'You have not acknowledged a document yet.'
        }
      >
        {list.rows.map((row) => (
          <tr key={row._id}>
            <td>{row.name}</td>
            <td>v{row.versionNumber}</td>
            <td>
              {row.acknowledgedAt
                ? new Date(row.acknowledgedAt).toLocaleDateString()
                : displayDay(row.dueDate)}
            </td>
            <td className="row-actions">
              <Link
                className="btn btn-ghost btn-sm"
                to={`/document/action/acknowledgement/${row.documentId}/${employeeId}`}
                aria-label={`${state === 'toRead' ? 'Read' : 'Open'} ${row.name}`}
              >
                {state === 'toRead' ? 'Read' : 'Open'}
              </Link>
            </td>
          </tr>
        ))}
      </PagedTable>
    </div>
  );
}
