import { displayDay, type ReportId, type TReportFilters, type TReportRecord } from '@compass/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog, DialogQueryState } from '../../components/Dialog';
import { Pagination } from '../../components/ListParts';
import { useReportRecords } from './api';

/** The figure whose records are listed: a row, and the column of the cell when one was chosen. */
export interface DrillTarget {
  key: string;
  rowLabel: string;
  column?: { id: string; label: string };
}

function RecordItem({ record }: { record: TReportRecord }) {
  return (
    <li className="report-record">
      <div>
        {record.path ? <Link to={record.path}>{record.title}</Link> : <strong>{record.title}</strong>}
        {record.detail && <div className="text-sm text-secondary">{record.detail}</div>}
      </div>
      <div className="report-record-meta text-sm">
        {record.date && <span>{displayDay(record.date)}</span>}
        <span className="badge badge-neutral">{record.status}</span>
      </div>
    </li>
  );
}

/** The records behind a figure of the report (newest first, 25 a page), each linked to its page. */
export function RecordsDialog({
  report,
  by,
  filters,
  target,
  onClose,
}: {
  report: ReportId;
  by: string;
  filters: TReportFilters;
  target: DrillTarget;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const records = useReportRecords({
    report,
    by,
    filters,
    key: target.key,
    ...(target.column && { column: target.column.id }),
    page,
  });
  const title = target.column ? `${target.rowLabel} — ${target.column.label}` : target.rowLabel;
  const items = records.data?.items ?? [];
  return (
    <Dialog title={title} onClose={onClose} wide>
      <DialogQueryState query={records} failure="The records could not be loaded." />
      {records.isSuccess && items.length === 0 && <p className="text-secondary">No records.</p>}
      {items.length > 0 && (
        <ul className="report-records" aria-label="Records" aria-busy={records.isFetching}>
          {items.map((record) => (
            <RecordItem key={record._id} record={record} />
          ))}
        </ul>
      )}
      {/* 25 records a page, fixed by the server: Previous and Next only, once there is more than a page. */}
      {records.data && records.data.total > records.data.pageSize && (
        <Pagination
          page={records.data.page}
          pageSize={records.data.pageSize}
          total={records.data.total}
          onPage={setPage}
        />
      )}
    </Dialog>
  );
}
