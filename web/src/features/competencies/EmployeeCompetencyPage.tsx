import {
  COMPETENCY_KIND_LABELS,
  competencyRecordDeleteCall,
  type TCompetencyRecord,
  type TCompetencyRef,
  type TEmployeeCompetencySummary,
} from '@compass/shared';
import { History, Lock, Plus, RefreshCw, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { ApiError } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList, downloadAttachment } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListParts';
import { HomeLink, StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { competencyKeys, useCompetencyOptions, useEmployeeCompetencies } from './api';
import { HistoryDialog, RecordFacts } from './HistoryDialog';
import { StandingChip, STANDINGS_SHOWN, validityOf } from './parts';
import { RecordDialog, type RecordDialogMode } from './RecordDialog';

type Row = TEmployeeCompetencySummary['rows'][number];
type Open =
  | { kind: 'record'; mode: RecordDialogMode }
  | { kind: 'history'; competency: TCompetencyRef }
  | { kind: 'delete'; record: TCompetencyRecord }
  | null;

/**
 * /human-resource/employee/competency/:employeeId — My Competency for the signed-in employee, and
 * the same page for HR and a manager looking at someone else: what the position requires, what is
 * held, each with its standing, latest record and evidence; records added, renewed, changed and
 * deleted as the server allows the caller.
 */
export function EmployeeCompetencyPage() {
  const { employeeId = '' } = useParams();
  const permissions = usePermissions();
  const own = permissions.data?.employeeId === employeeId;
  const summary = useEmployeeCompetencies(employeeId);
  const [open, setOpen] = useState<Open>(null);
  const remove = useCall(competencyRecordDeleteCall, {
    invalidate: [competencyKeys.all],
    onSuccess: () => setOpen(null),
  });
  usePageTitle(
    own ? 'My Competency' : summary.data ? `Competencies of ${summary.data.employee.name}` : 'Competencies',
  );

  if (summary.error instanceof ApiError && [403, 404].includes(summary.error.status))
    return <Unavailable missing={summary.error.status === 404} />;
  if (!summary.data)
    return (
      <section className="card" aria-label="Competencies">
        <ListState query={summary} empty="" />
      </section>
    );
  const { employee, rows, rights, counts } = summary.data;
  const required = rows.filter((row) => row.required);
  const others = rows.filter((row) => !row.required);
  const renew = (row: Row) =>
    setOpen({ kind: 'record', mode: { kind: 'renew', competency: row.competency, latest: row.latest } });
  return (
    <div className="admin-page stack-lg competency-page">
      <div className="page-header">
        <div>
          <h1>{own ? 'My Competency' : `Competencies of ${employee.name}`}</h1>
          <p>
            {[
              employee.position?.name ?? 'No position',
              employee.manager && `Manager: ${employee.manager.name}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        {rights.mayEdit && <AddRecordButton onAdd={(mode) => setOpen({ kind: 'record', mode })} />}
      </div>
      {rows.length === 0 ? (
        <section className="card">
          <ListState
            query={summary}
            count={0}
            empty={
              own
                ? 'No competencies yet: your position requires none and none are recorded.'
                : 'No competencies yet: their position requires none and none are recorded.'
            }
          />
        </section>
      ) : (
        <>
          <ul className="standing-counts" aria-label="Standing">
            {STANDINGS_SHOWN.filter((standing) => standing !== 'none').map((standing) => (
              <li key={standing}>
                <StandingChip standing={standing} /> {counts[standing] ?? 0}
              </li>
            ))}
          </ul>
          {[
            { title: own ? 'Required for your position' : 'Required for their position', shown: required },
            { title: 'Other competencies held', shown: others },
          ]
            .filter((section) => section.shown.length > 0)
            .map((section) => (
              <section key={section.title} className="stack" aria-label={section.title}>
                <h2 className="competency-section-title">{section.title}</h2>
                <ul className="competency-cards">
                  {section.shown.map((row) => (
                    <CompetencyCard
                      key={row.competency._id}
                      row={row}
                      mayEdit={rights.mayEdit}
                      onRenew={() => renew(row)}
                      onHistory={() => setOpen({ kind: 'history', competency: row.competency })}
                    />
                  ))}
                </ul>
              </section>
            ))}
        </>
      )}
      {open?.kind === 'record' && (
        <RecordDialog employeeId={employeeId} mode={open.mode} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'history' && (
        <HistoryDialog
          employeeId={employeeId}
          competency={open.competency}
          onEdit={(record) => setOpen({ kind: 'record', mode: { kind: 'edit', record } })}
          onDelete={(record) => setOpen({ kind: 'delete', record })}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete this record of ${open.record.competency.name}?`}
          confirmLabel="Delete record"
          danger
          pending={remove.isPending}
          onClose={() => setOpen(null)}
          onConfirm={() => remove.mutate({ body: { _id: open.record._id } })}
        >
          <p>
            The record and its evidence files are deleted. The standing comes from the record before it, if
            any.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Add record: a first record of any competency in use. */
function AddRecordButton({ onAdd }: { onAdd: (mode: RecordDialogMode) => void }) {
  const options = useCompetencyOptions();
  return (
    <Button
      variant="primary"
      icon={<Plus size={16} aria-hidden="true" />}
      loading={options.isPending}
      onClick={() => options.data && onAdd({ kind: 'new', competencies: options.data.competencies })}
    >
      Add record
    </Button>
  );
}

/** One competency: its standing, latest record, evidence, and what can be done with it. */
function CompetencyCard({
  row,
  mayEdit,
  onRenew,
  onHistory,
}: {
  row: Row;
  mayEdit: boolean;
  onRenew: () => void;
  onHistory: () => void;
}) {
  const { competency, latest } = row;
  // A renewal is a new record, prefilled: it is named so while there is something to renew.
  const addLabel = latest && competency.expires ? 'Renew' : 'Add record';
  const titleId = `competency-${competency._id}`;
  return (
    <li className="card card-body stack competency-card" aria-labelledby={titleId}>
      <div className="competency-card-head">
        <div>
          <h3 id={titleId}>{competency.name}</h3>
          <span className="text-sm text-secondary">
            {COMPETENCY_KIND_LABELS[competency.kind]} · {validityOf(competency)}
          </span>
        </div>
        <StandingChip standing={row.standing} expiresOn={latest?.expiresOn} />
      </div>
      {latest ? (
        <>
          <RecordFacts record={latest} />
          <ActionAttachmentList stored={latest.attachments} pending={[]} onDownload={downloadAttachment} />
        </>
      ) : (
        <p className="text-sm text-secondary">No record yet.</p>
      )}
      <div className="row wrap competency-card-actions">
        {mayEdit && (
          <Button
            size="sm"
            variant={row.standing === 'held' ? 'secondary' : 'primary'}
            icon={<RefreshCw size={14} aria-hidden="true" />}
            aria-label={`${addLabel} ${competency.name}`}
            onClick={onRenew}
          >
            {addLabel}
          </Button>
        )}
        {row.recordCount > 0 && (
          <Button
            size="sm"
            variant="ghost"
            icon={<History size={14} aria-hidden="true" />}
            aria-label={`History of ${competency.name}`}
            onClick={onHistory}
          >
            History ({row.recordCount})
          </Button>
        )}
      </div>
    </li>
  );
}

/** Why the page cannot show these competencies: not the caller's to see, or no such employee. */
function Unavailable({ missing }: { missing: boolean }) {
  return (
    <StatePanel
      icon={missing ? SearchX : Lock}
      tone="warning"
      title={missing ? 'This employee cannot be found' : 'These competencies are private'}
      message={
        missing
          ? 'They may have been removed, or belong to another organisation.'
          : 'An employee’s competencies are seen by the employee, their manager and HR.'
      }
      actions={<HomeLink />}
    />
  );
}
