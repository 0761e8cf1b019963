import {
  displayDay,
  NOTICE_AUDIENCE_LABELS,
  NOTICE_STATUSES,
  noticeAdminListCall,
  noticeDeleteCall,
  noticeExpireCall,
  noticePublishCall,
  type NoticeStatus,
  type TNoticeAdminRow,
} from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { FilterPanel } from '../../components/ListFilters';
import { TableWrap } from '../../components/DataTable';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState, Pagination, usePaging } from '../../components/ListParts';
import { SelectField } from '../../components/SelectField';
import { dashboardKeys } from '../../api/queryKeys';
import { PRIORITY_LABELS } from '../dashboard';
import { NoticeEditDialog } from './NoticeEditDialog';

export const noticeKeys = { admin: ['notices', 'admin'] as const };
/** Every change to a notice: the managers' list, the readers' board and the dashboard. */
export const NOTICE_CHANGES = [noticeKeys.admin, dashboardKeys.all, ['changeLog']];

const STATUS_LABELS: Record<NoticeStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  live: 'On the board',
  expired: 'Expired',
};
const STATUS_BADGES: Record<NoticeStatus, string> = {
  draft: 'badge-neutral',
  scheduled: 'badge-warning',
  live: 'badge-success',
  expired: 'badge-neutral',
};

/** The administrators' list of every notice: drafts, scheduled, live and expired. */
export function ManageNotices() {
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [status, setStatus] = useState<NoticeStatus | ''>('');
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [editing, setEditing] = useState<{ _id?: string } | null>(null);
  const [removing, setRemoving] = useState<TNoticeAdminRow | null>(null);
  const request = { page, pageSize, status: status || undefined, search: applied || undefined };
  const list = useQuery({
    queryKey: [...noticeKeys.admin, request],
    queryFn: () => callApi(noticeAdminListCall, { body: request }),
    placeholderData: keepPreviousData,
  });
  const publish = useCall(noticePublishCall, { invalidate: NOTICE_CHANGES });
  const expire = useCall(noticeExpireCall, { invalidate: NOTICE_CHANGES });
  const remove = useCall(noticeDeleteCall, {
    invalidate: NOTICE_CHANGES,
    onSuccess: () => setRemoving(null),
  });
  const rows = list.data?.rows ?? [];

  return (
    <div className="stack-lg">
      <FilterPanel
        active={[applied, status].filter(Boolean).length}
        onSubmit={() => {
          setApplied(search.trim());
          setPage(1);
        }}
        actions={
          <div className="list-filter-buttons">
            <Button
              variant="primary"
              icon={<Plus size={16} aria-hidden="true" />}
              onClick={() => setEditing({})}
            >
              New notice
            </Button>
          </div>
        }
      >
        <div className="field">
          <label className="field-label" htmlFor="notice-search">
            Search
          </label>
          <input
            id="notice-search"
            className="input"
            type="search"
            placeholder="Title"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectField
          label="Status"
          value={status}
          none="Any status"
          options={NOTICE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          onChange={(value) => {
            setStatus(value as NoticeStatus | '');
            setPage(1);
          }}
        />
        <div className="list-filter-buttons">
          <Button type="submit">Search</Button>
        </div>
      </FilterPanel>
      <section className="card list-card" aria-label="All notices" aria-busy={list.isFetching}>
        <ListState
          query={list}
          count={rows.length}
          empty={applied || status ? 'No notice matches.' : 'No notices yet: post the first one.'}
        />
        {rows.length > 0 && (
          <TableWrap>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Audience</th>
                  <th scope="col">Priority</th>
                  <th scope="col">From</th>
                  <th scope="col">Until</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row._id}>
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => setEditing({ _id: row._id })}
                      >
                        {row.title}
                      </button>
                    </td>
                    <td>
                      {NOTICE_AUDIENCE_LABELS[row.audience]}
                      {row.audienceNames.length > 0 && (
                        <span className="text-sm text-secondary">: {row.audienceNames.join(', ')}</span>
                      )}
                    </td>
                    <td>{PRIORITY_LABELS[row.priority]}</td>
                    <td>{displayDay(row.startDate)}</td>
                    <td>{row.expireDate ? displayDay(row.expireDate) : '—'}</td>
                    <td>
                      <span className={`badge ${STATUS_BADGES[row.status]}`}>
                        {STATUS_LABELS[row.status]}
                      </span>
                    </td>
                    <td className="row-actions">
                      {row.status === 'draft' && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => publish.mutate({ body: { _id: row._id } })}
                        >
                          Publish
                        </Button>
                      )}
                      {(row.status === 'live' || row.status === 'scheduled') && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => expire.mutate({ body: { _id: row._id } })}
                        >
                          Expire
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setRemoving(row)}
                        aria-label={`Delete ${row.title}`}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
        {list.data && <Pagination {...paging.pagination(list.data.total, list.data.totalCapped)} />}
      </section>
      {editing && <NoticeEditDialog noticeId={editing._id} onClose={() => setEditing(null)} />}
      {removing && (
        <ConfirmDialog
          title={`Delete “${removing.title}”?`}
          confirmLabel="Delete"
          danger
          pending={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove.mutate({ body: { _id: removing._id } })}
        >
          <p>
            The notice and its files are removed for everyone. To take it off the board but keep it, expire it
            instead.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
