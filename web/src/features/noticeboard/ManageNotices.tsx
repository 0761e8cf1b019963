import {
  displayDay,
  NOTICE_AUDIENCE_LABELS,
  NOTICE_STATUSES,
  noticeDeleteCall,
  noticeExpireCall,
  noticePublishCall,
  type NoticeStatus,
  type TNoticeAdminRow,
} from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { RowButton } from '../../components/RowButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';
import { fetchAdminNotices, NOTICE_CHANGES, noticeKeys } from './api';
import { PRIORITY_LABELS } from './Notice';
import { NoticeEditDialog } from './NoticeEditDialog';

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
  const list = usePagedList({
    queryKey: noticeKeys.admin,
    filters: { status: '' as NoticeStatus | '' },
    fetch: fetchAdminNotices,
  });
  const [editing, setEditing] = useState<{ _id?: string } | null>(null);
  const [removing, setRemoving] = useState<TNoticeAdminRow | null>(null);
  const publish = useCall(noticePublishCall, { invalidate: NOTICE_CHANGES });
  const expire = useCall(noticeExpireCall, { invalidate: NOTICE_CHANGES });
  const remove = useCall(noticeDeleteCall, {
    invalidate: NOTICE_CHANGES,
    onSuccess: () => setRemoving(null),
  });

  return (
    <div className="stack-lg">
      <ListFilters
        placeholder="Title"
        onSearch={list.search}
        active={list.activeFilters}
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
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={NOTICE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          onChange={(value) => list.setFilter('status', value as NoticeStatus | '')}
        />
      </ListFilters>
      <PagedTable
        label="All notices"
        list={list}
        columns={['Title', 'Audience', 'Priority', 'From', 'Until', 'Status']}
        empty="No notices yet: post the first one."
        narrowedEmpty="No notice matches."
      >
        {list.rows.map((row) => (
          <NoticeRow
            key={row._id}
            row={row}
            onEdit={() => setEditing({ _id: row._id })}
            onPublish={() => publish.mutate({ body: { _id: row._id } })}
            onExpire={() => expire.mutate({ body: { _id: row._id } })}
            onRemove={() => setRemoving(row)}
          />
        ))}
      </PagedTable>
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

function NoticeRow({
  row,
  onEdit,
  onPublish,
  onExpire,
  onRemove,
}: {
  row: TNoticeAdminRow;
  onEdit: () => void;
  onPublish: () => void;
  onExpire: () => void;
  onRemove: () => void;
}) {
  return (
    <tr>
      <td>
        <button type="button" className="link-button" onClick={onEdit}>
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
        <span className={`badge ${STATUS_BADGES[row.status]}`}>{STATUS_LABELS[row.status]}</span>
      </td>
      <td className="row-actions">
        {row.status === 'draft' && <RowButton onClick={onPublish}>Publish</RowButton>}
        {(row.status === 'live' || row.status === 'scheduled') && (
          <RowButton onClick={onExpire}>Expire</RowButton>
        )}
        <RowButton onClick={onRemove} label={`Delete ${row.title}`}>
          Delete
        </RowButton>
      </td>
    </tr>
  );
}
