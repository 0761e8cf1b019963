import {
  answerText,
  displayDay,
  FIELD_REGISTRY,
  fieldConfig,
  type TChangeLogEntry,
  type TTemplateField,
} from '@compass/shared';
import { format, isValid, parseISO } from 'date-fns';
import { describeError } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog, DialogQueryState } from '../../components/Dialog';
import { useSubmissionHistory } from './api';

/** Long values (drawings, rich text) are cut so a change stays one readable line. */
const MAX_VALUE_LENGTH = 80;

/** The names of the form's own attributes in the log (the answers are named by their field). */
const ATTRIBUTE_LABELS: Record<string, string> = {
  formDescription: 'Description',
  formDate: 'Date',
  workplaceId: 'Workplace',
  branchId: 'Branch',
  isDraft: 'Draft',
  number: 'Form Number',
  submissionUserId: 'Coordinator',
  instruction: 'Instruction',
  actionType: 'Action type',
  investigator: 'Assigned to',
  due: 'Due',
  response: 'Response',
  complete: 'Completed',
};

/** What the log's values mean to a reader: names for ids, option labels, column names. */
export interface HistoryContext {
  fieldList: TTemplateField[];
  /** Employees, personnel, assets, risks, suppliers, submissions, workplaces and branches by id. */
  names: ReadonlyMap<string, string>;
}

/** A text cut to one readable line. */
const clipped = (text: string) =>
  text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;

/**
 * A logged value as a reader sees it. An answer of a field is shown as everywhere else
 * (answerText: option labels, names, dd/MM/yyyy); a table row names its columns; the form's and
 * actions' own attributes show names for ids.
 */
export function showValue(
  value: unknown,
  field: TTemplateField | undefined,
  context: HistoryContext,
): string {
  if (field && FIELD_REGISTRY[field.type].storage === 'value')
    return clipped(answerText(field.type, field, value, context.names)) || '—';
  const columns = new Map(
    field ? fieldConfig('table', field).optionVal.map((column) => [column._id, column.name]) : [],
  );
  const one = (item: unknown): string => {
    if (item === null || item === undefined || item === '') return '—';
    if (typeof item === 'boolean') return item ? 'Yes' : 'No';
    if (typeof item === 'string') return clipped(context.names.get(item) ?? displayDay(item));
    if (Array.isArray(item)) return item.length === 0 ? '—' : item.map(one).join(', ');
    if (typeof item === 'object') {
      // A table row: cells by column id.
      return `(${Object.entries(item as Record<string, unknown>)
        .map(([key, cell]) => `${columns.get(key) ?? key}: ${one(cell)}`)
        .join('; ')})`;
    }
    return String(item);
  };
  return one(value);
}

function showWhen(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm') : iso;
}

interface HistoryDialogProps {
  submissionId: string;
  context: HistoryContext;
  onClose: () => void;
}

/** The change history of a submission and its actions: who, when, what changed (issue #4 item 8). */
export function HistoryDialog({ submissionId, context, onClose }: HistoryDialogProps) {
  const history = useSubmissionHistory(submissionId);
  // Answers are logged under their field's label (or id).
  const fieldOf = (name: string) =>
    context.fieldList.find((item) => item._id === name || item.level === name);
  const fieldName = (id: string) => fieldOf(id)?.level ?? ATTRIBUTE_LABELS[id] ?? id;

  return (
    <Dialog title="Change history" onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <DialogQueryState query={history} failure={history.error ? describeError(history.error).message : ''} />
      {history.data && history.data.length === 0 && (
        <p className="text-secondary">No changes recorded yet.</p>
      )}
      {history.data && history.data.length > 0 && (
        <ol className="history-list">
          {history.data.map((entry: TChangeLogEntry) => (
            <li key={entry._id} className="history-entry">
              <p>
                <strong>{entry.who}</strong>{' '}
                <span>
                  {entry.action} {entry.entityType === 'action' ? 'an action' : 'the form'}
                </span>{' '}
                <time className="text-sm text-secondary" dateTime={entry.when}>
                  {showWhen(entry.when)}
                </time>
              </p>
              {entry.changes.length > 0 && (
                <ul className="history-changes">
                  {entry.changes.map((change, index) => (
                    <li key={`${change.field}-${index}`}>
                      <span className="history-field">{fieldName(change.field)}</span>:{' '}
                      <span className="history-from">
                        {showValue(change.from, fieldOf(change.field), context)}
                      </span>{' '}
                      →{' '}
                      <span className="history-to">
                        {showValue(change.to, fieldOf(change.field), context)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
