import { displayDay, type TCompetencyRecord, type TCompetencyRef } from '@compass/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { ActionAttachmentList, downloadAttachment } from '../../components/ActionParts';
import { RowButton } from '../../components/RowButton';
import { Dialog, DialogQueryState } from '../../components/Dialog';
import { useCompetencyHistory } from './api';
import { StandingChip } from './parts';

/**
 * Every record an employee has of one competency, newest first, with its files; Edit and Delete
 * only where the server allows them (it refuses them anyway).
 */
export function HistoryDialog({
  employeeId,
  competency,
  onEdit,
  onDelete,
  onClose,
}: {
  employeeId: string;
  competency: TCompetencyRef;
  onEdit: (record: TCompetencyRecord) => void;
  onDelete: (record: TCompetencyRecord) => void;
  onClose: () => void;
}) {
  const history = useCompetencyHistory(employeeId, competency._id);
  const rights = history.data?.rights;
  return (
    <Dialog title={`History of ${competency.name}`} onClose={onClose} wide>
      <DialogQueryState query={history} failure="The records could not be loaded." />
      {history.data?.rows.length === 0 && <p className="text-secondary">No records of it yet.</p>}
      <ol className="competency-history">
        {history.data?.rows.map((record) => (
          <li key={record._id} className="stack">
            <div className="row wrap">
              <StandingChip standing={record.standing} expiresOn={record.expiresOn} />
              {record.isLatest && <span className="badge badge-primary">Latest</span>}
              <span className="competency-history-actions row">
                {rights?.mayEdit && (
                  <RowButton
                    icon={Pencil}
                    label={`Edit the record achieved ${displayDay(record.achievedOn)}`}
                    onClick={() => onEdit(record)}
                  >
                    Edit
                  </RowButton>
                )}
                {rights?.mayDelete && (
                  <RowButton
                    icon={Trash2}
                    label={`Delete the record achieved ${displayDay(record.achievedOn)}`}
                    onClick={() => onDelete(record)}
                  >
                    Delete
                  </RowButton>
                )}
              </span>
            </div>
            <RecordFacts record={record} />
            {record.notes && <p className="preserve-lines text-sm">{record.notes}</p>}
            <ActionAttachmentList stored={record.attachments} pending={[]} onDownload={downloadAttachment} />
          </li>
        ))}
      </ol>
    </Dialog>
  );
}

/** A record's dates, reference and issuer as label and value pairs. */
export function RecordFacts({ record }: { record: TCompetencyRecord }) {
  return (
    <dl className="competency-facts">
      <div>
        <dt>Achieved</dt>
        <dd>{displayDay(record.achievedOn)}</dd>
      </div>
      <div>
        <dt>Expires</dt>
        <dd>{record.expiresOn ? displayDay(record.expiresOn) : 'No expiry'}</dd>
      </div>
      <div>
        <dt>Reference</dt>
        <dd>{record.reference ?? '—'}</dd>
      </div>
      <div>
        <dt>Issuer</dt>
        <dd>{record.issuer ?? '—'}</dd>
      </div>
    </dl>
  );
}
