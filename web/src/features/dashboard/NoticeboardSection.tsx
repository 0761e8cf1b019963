import type { TNotice } from '@compass/shared';
import { Megaphone } from 'lucide-react';
import { NoticeCard } from '../noticeboard';
import { TaskSection, type SectionState } from './TaskSection';

export function NoticeboardSection({
  state,
  total,
  notices,
  onOpen,
}: {
  state: SectionState;
  total: number;
  notices: TNotice[];
  onOpen: (notice: TNotice) => void;
}) {
  return (
    <TaskSection
      title="Noticeboard"
      icon={Megaphone}
      state={state}
      total={total}
      items={notices}
      itemKey={(notice) => notice._id}
      emptyText="No notices right now."
      className="notice-section"
      listClassName="notice-list"
      renderItem={(notice) => (
        <li>
          <NoticeCard notice={notice} onOpen={onOpen} />
        </li>
      )}
    />
  );
}
