import type { TNotice } from '@compass/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { ListState, Pagination, usePaging } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { Tabs } from '../../components/Tabs';
import { usePageTitle } from '../../shell/pageTitle';
import { useNoticeboardPage } from './api';
import { ManageNotices } from './ManageNotices';
import { NoticeCard, NoticeDialog } from './Notice';

const BOARD_TABS = [
  { value: 'board', label: 'My noticeboard' },
  { value: 'manage', label: 'Manage notices' },
] as const;

/** /noticeboard: the notices that reach the reader; administrators also manage them here. */
export function NoticeboardPage() {
  usePageTitle('Noticeboard');
  const permissions = usePermissions();
  const canManage = permissions.data?.userType === 'employee' && permissions.data.access.system === 'yes';
  const [params, setParams] = useSearchParams();
  const tab = canManage && params.get('tab') === 'manage' ? 'manage' : 'board';

  return (
    <div className="admin-page stack-lg">
      <PageHeader title="Noticeboard" intro="News and instructions for you, newest first." />
      {canManage && (
        <Tabs
          label="Noticeboard"
          options={BOARD_TABS}
          current={tab}
          onChange={(chosen) => setParams(chosen === 'manage' ? { tab: 'manage' } : {})}
        />
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
