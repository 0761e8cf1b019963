import type { TNotice } from '@compass/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { ListState, Pagination, usePaging } from '../../components/ListParts';
import { usePageTitle } from '../../shell/pageTitle';
import { useNoticeboardPage } from './api';
import { ManageNotices } from './ManageNotices';
import { NoticeCard, NoticeDialog } from './Notice';

/** /noticeboard: the notices that reach the reader; administrators also manage them here. */
export function NoticeboardPage() {
  usePageTitle('Noticeboard');
  const permissions = usePermissions();
  const canManage = permissions.data?.userType === 'employee' && permissions.data.access.system === 'yes';
  const [params, setParams] = useSearchParams();
  const tab = canManage && params.get('tab') === 'manage' ? 'manage' : 'board';

  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>Noticeboard</h1>
          <p>News and instructions for you, newest first.</p>
        </div>
      </div>
      {canManage && (
        <div className="tablist" role="tablist" aria-label="Noticeboard">
          <button
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === 'board'}
            onClick={() => setParams({})}
          >
            My noticeboard
          </button>
          <button
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === 'manage'}
            onClick={() => setParams({ tab: 'manage' })}
          >
            Manage notices
          </button>
        </div>
      )}
      {tab === 'manage' ? <ManageNotices /> : <Board />}
    </div>
  );
}

function Board() {
  const paging = usePaging();
  const { page, pageSize } = paging;
  const [open, setOpen] = useState<TNotice | null>(null);
  const board = useNoticeboardPage(page, pageSize);
  const notices = board.data?.list ?? [];
  return (
    <section className="card list-card" aria-label="Notices" aria-busy={board.isFetching}>
      <ListState query={board} count={notices.length} empty="No notices right now." />
      {notices.length > 0 && (
        <ul className="notice-list noticeboard-grid">
          {notices.map((notice) => (
            <li key={notice._id}>
              <NoticeCard notice={notice} onOpen={setOpen} />
            </li>
          ))}
        </ul>
      )}
      {board.data && <Pagination {...paging.pagination(board.data.total)} />}
      {open && <NoticeDialog notice={open} filePath="/api/files/" onClose={() => setOpen(null)} />}
    </section>
  );
}
