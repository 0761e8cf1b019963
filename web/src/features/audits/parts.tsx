import {
  AUDIT_STATUS_LABELS,
  displayDay,
  frequencyLabel,
  taskDueType,
  type AuditStatus,
  type TAuditDetails,
  type TTemplateField,
} from '@compass/shared';
import type { ReactNode } from 'react';
import { DataTable } from '../../components/DataTable';
import { DueMarker } from '../../components/DueMarker';
import { REFERENCE_KINDS, type References } from '../../fields';
import { browserToday } from '../../lib/timeZone';
import { Card } from '../../components/Card';
import { BackLink } from '../../components/PageHeader';
import { ItemUnavailable } from '../registerParts';
import { auditPaths } from './api';

/** Audits answer no record-picking question (isAuditQuestion), so their fields need no lists. */
export const NO_REFERENCES = Object.fromEntries(
  REFERENCE_KINDS.map((kind) => [kind, { all: [], active: [] }]),
) as unknown as References;

/** The audit's questions, a card per section that has any; `children` draws a section's fields. */
export function AuditSections({
  audit,
  children,
}: {
  audit: TAuditDetails;
  children: (fields: TTemplateField[]) => ReactNode;
}) {
  return audit.sections.map((section) => {
    const fields = audit.fieldList.filter((field) => field.section === section._id);
    if (fields.length === 0) return null;
    return (
      <section key={section._id} className="card" aria-label={section.level}>
        <div className="card-header">
          <h2 className="card-title">{section.level}</h2>
        </div>
        <div className="card-body stack">{children(fields)}</div>
      </section>
    );
  });
}

export function AuditBackLink() {
  return <BackLink to={auditPaths.mine} label="My Audit" />;
}

export function AuditUnavailable() {
  return <ItemUnavailable noun="audit" back={{ to: auditPaths.mine, label: 'Back to My Audit' }} />;
}

/** The audit's header: template, auditor, place, due day, repeat, status and score. */
export function AuditSummary({ audit, score }: { audit: TAuditDetails; score: number | null }) {
  const facts: [string, string][] = [
    ['Template', audit.templateName ?? '—'],
    ['Auditor', audit.auditor?.name ?? '—'],
    ['Workplace', [audit.workplace, audit.branch].filter(Boolean).join(' · ') || '—'],
    ['Repeats', audit.frequency ? frequencyLabel(audit.frequency) : 'Once only'],
  ];
  return (
    <div className="page-header">
      <div>
        <h1>{audit.name}</h1>
        <dl className="audit-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div>
            <dt>Due</dt>
            <dd>
              {displayDay(audit.dueDate)} {audit.status !== 'closed' && <DueMarker type={dueType(audit)} />}
            </dd>
          </div>
        </dl>
      </div>
      <div className="audit-score-box">
        <AuditStatusBadge status={audit.status} />
        <div className="audit-score" aria-live="polite">
          <span className="text-sm text-secondary">Score</span>
          <strong>{score === null ? 'Not scored' : `${score}%`}</strong>
        </div>
      </div>
    </div>
  );
}

const dueType = (audit: TAuditDetails) => taskDueType(audit.dueDate, browserToday());

const STATUS_BADGES: Record<AuditStatus, string> = {
  scheduled: 'badge-neutral',
  inProgress: 'badge-primary',
  closed: 'badge-success',
};

export function AuditStatusBadge({ status }: { status: AuditStatus }) {
  return <span className={`badge ${STATUS_BADGES[status]}`}>{AUDIT_STATUS_LABELS[status]}</span>;
}

/** The audit's Findings card: those raised and where each stands. */
export function FindingsCard({ tasks }: { tasks: TAuditDetails['tasks'] }) {
  return (
    <Card title="Findings" flat>
      <FindingsTable tasks={tasks} />
    </Card>
  );
}

function FindingsTable({ tasks }: { tasks: TAuditDetails['tasks'] }) {
  if (tasks.length === 0) return <p className="text-secondary">No finding raised.</p>;
  return (
    <DataTable columns={['Question', 'Instruction', 'Assigned to', 'Due', 'Status', 'Response']}>
      {tasks.map((task) => (
        <tr key={task._id}>
          <td>{task.question}</td>
          <td className="pre-line">{task.instruction}</td>
          <td>{task.assignee ?? '—'}</td>
          <td>
            {displayDay(task.dueDate)} <DueMarker type={task.taskDueDateType} />
          </td>
          <td>
            {task.isComplete ? (
              <span className="badge badge-success">
                Completed{task.completedOn ? ` ${displayDay(task.completedOn)}` : ''}
              </span>
            ) : (
              <span className="badge badge-warning">Open</span>
            )}
          </td>
          <td className="pre-line">{task.response || '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
