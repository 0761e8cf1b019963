import {
  displayDay,
  NOTICE_AVATAR_SIZE,
  NOTICE_CONTENT_LIMIT,
  personName,
  type TNotice,
} from '@compass/shared';
import { Paperclip } from 'lucide-react';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PreviewableFile } from '../../components/PreviewableFile';
import { Spinner } from '../../components/Spinner';
import { useNotice } from './api';

const DOWNLOAD_UNAVAILABLE = 'Downloads arrive with file storage';
export const PRIORITY_LABELS: Record<TNotice['priority'], string> = {
  none: 'No priority',
  high: 'High priority',
  medium: 'Medium priority',
  low: 'Low priority',
};

function authorName(notice: TNotice): string {
  return personName(notice.employeeDetails) || 'Unknown author';
}

/** The list text: the server already cuts it at 1000 characters; cut again if it did not. */
function preview(notice: TNotice): { text: string; truncated: boolean } {
  const truncated = notice.isTruncated === 'yes' || notice.content.length > NOTICE_CONTENT_LIMIT;
  return { text: notice.content.slice(0, NOTICE_CONTENT_LIMIT), truncated };
}

function NoticeAuthor({ notice }: { notice: TNotice }) {
  const name = authorName(notice);
  return (
    <span className="notice-author">
      <Avatar name={name} src={notice.employeeDetails?.profileImage} size={NOTICE_AVATAR_SIZE} />
      <span className="notice-author-text">
        <span className="notice-author-name">{name}</span>
        {notice.positionDetails && (
          <span className="notice-author-position">{notice.positionDetails.name}</span>
        )}
      </span>
    </span>
  );
}

function NoticeDates({ notice }: { notice: TNotice }) {
  return (
    <span className="notice-dates">
      Posted {displayDay(notice.startDate)}
      {notice.expireDate && <> · until {displayDay(notice.expireDate)}</>}
    </span>
  );
}

function PriorityTag({ priority }: { priority: TNotice['priority'] }) {
  if (priority === 'none') return null;
  return <span className={`notice-priority-tag priority-${priority}`}>{PRIORITY_LABELS[priority]}</span>;
}

/** A notice in a list: author, priority, title, the first 1000 characters; opens the detail dialog. */
export function NoticeCard({ notice, onOpen }: { notice: TNotice; onOpen: (notice: TNotice) => void }) {
  const { text, truncated } = preview(notice);
  return (
    <button
      type="button"
      className={`notice-card ${notice.priority}`}
      onClick={() => onOpen(notice)}
      aria-label={`${notice.title}, ${PRIORITY_LABELS[notice.priority]}, by ${authorName(notice)}`}
    >
      <span className="notice-card-head">
        <NoticeAuthor notice={notice} />
        <PriorityTag priority={notice.priority} />
      </span>
      <span className="notice-title">{notice.title}</span>
      <span className="notice-content">
        {text}
        {truncated && '…'}
      </span>
      <span className="notice-card-foot">
        <NoticeDates notice={notice} />
        {notice.attachment.length > 0 && (
          <span className="notice-attachments-count">
            <Paperclip size={12} aria-hidden="true" />
            {notice.attachment.length}
          </span>
        )}
      </span>
    </button>
  );
}

function Attachment({ file, filePath }: { file: TNotice['attachment'][number]; filePath: string }) {
  if (!file.path) {
    return (
      <li>
        <span
          className="attachment-link is-disabled"
          aria-disabled="true"
          title={DOWNLOAD_UNAVAILABLE}
          tabIndex={0}
        >
          <Paperclip size={14} aria-hidden="true" />
          {file.name}
          <span className="visually-hidden"> ({DOWNLOAD_UNAVAILABLE})</span>
        </span>
      </li>
    );
  }
  const url = `${filePath}${encodeURIComponent(file.path)}`;
  return (
    <li className="row">
      <PreviewableFile
        file={{ name: file.name, url }}
        onDownload={() => void downloadFile(url, file.name).catch(notifyError)}
      />
    </li>
  );
}

/** The notice with its whole content (GET /api/notices/:id); only a Close button. */
export function NoticeDialog({
  notice,
  filePath,
  onClose,
}: {
  notice: TNotice;
  filePath: string;
  onClose: () => void;
}) {
  const full = useNotice(notice._id);
  const shown = full.data ?? notice;
  return (
    <Dialog title={shown.title} onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <div className={`notice-detail ${shown.priority}`}>
        <div className="notice-card-head">
          <NoticeAuthor notice={shown} />
          <PriorityTag priority={shown.priority} />
        </div>
        <NoticeDates notice={shown} />
        {full.isPending ? (
          <p className="notice-detail-content">
            {preview(shown).text}
            <span className="row text-sm text-muted">
              <Spinner /> Loading the whole notice…
            </span>
          </p>
        ) : (
          <p className="notice-detail-content">{shown.content}</p>
        )}
        {shown.attachment.length > 0 && (
          <div>
            <h3 className="notice-attachments-title">Attachments</h3>
            <ul className="attachment-list">
              {shown.attachment.map((file) => (
                <Attachment key={file._id} file={file} filePath={filePath} />
              ))}
            </ul>
          </div>
        )}
      </div>
    </Dialog>
  );
}
