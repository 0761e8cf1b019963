import {
  auditFindingCall,
  auditSaveCall,
  auditScore,
  isAuditQuestion,
  ZAuditFinding,
  type TAuditDetails,
  type TAuditFinding,
  type TTemplateField,
} from '@compass/shared';
import { Flag, Save } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { FieldRenderer } from '../../fields';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { ActionDialog, type RaisedAction } from '../registerParts';
import { AUDIT_PEOPLE, auditKeys, auditPaths, useAuditDetails } from './api';
import {
  AuditBackLink,
  AuditSections,
  AuditSummary,
  AuditUnavailable,
  FindingsCard,
  NO_REFERENCES,
} from './parts';

/** /audit-inspection/audit-update/:id: the auditor answers the questions and raises findings. */
export function AuditConductPage() {
  const { id = '' } = useParams();
  usePageTitle('Conduct audit');
  const details = useAuditDetails(id);
  // Kept above the form: a finding opened while a save's new version arrives stays open.
  const [finding, setFinding] = useState<TTemplateField | null>(null);
  if (details.isError) return <AuditUnavailable />;
  if (!details.data) return <PageSpinner />;
  const audit = details.data;
  return (
    <>
      {/* A new form state when the audit is saved (its version moves on). */}
      <ConductForm key={audit.version} audit={audit} onRaise={setFinding} />
      {finding && <FindingDialog auditId={audit._id} field={finding} onClose={() => setFinding(null)} />}
    </>
  );
}

function ConductForm({ audit, onRaise }: { audit: TAuditDetails; onRaise: (field: TTemplateField) => void }) {
  const [values, setValues] = useState<Record<string, unknown>>(audit.answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const score = useMemo(() => auditScore(audit.fieldList, values).percent, [audit.fieldList, values]);
  const changes = [auditKeys.details(audit._id), auditKeys.all];
  const save = useCall(auditSaveCall, { invalidate: changes });
  const questions = audit.fieldList.filter((field) => isAuditQuestion(field.type));
  const dirty = questions.some(
    (field) => JSON.stringify(values[field._id]) !== JSON.stringify(audit.answers[field._id]),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answers = questions
      .filter((field) => values[field._id] !== undefined)
      .map((field) => ({ fieldId: field._id, value: values[field._id] }));
    save.mutate(
      { body: { _id: audit._id, version: audit.version, answers } },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };

  return (
    <div className="admin-page stack-lg">
      <AuditBackLink />
      <AuditSummary audit={audit} score={score} />
      {!audit.canConduct && (
        <p className="alert alert-info" role="status">
          {audit.status === 'closed'
            ? 'This audit is closed.'
            : 'Only the auditor of this audit can conduct it.'}{' '}
          <Link to={auditPaths.details(audit._id)}>See its details</Link>.
        </p>
      )}
      <form className="stack-lg" onSubmit={submit} aria-label="Audit questions">
        <AuditSections audit={audit}>
          {(fields) =>
            fields.map((field) => (
              <div key={field._id} className="audit-question">
                <FieldRenderer
                  fields={[field]}
                  values={values}
                  onChange={(fieldId, value) => {
                    setValues((current) => ({ ...current, [fieldId]: value }));
                    setErrors((current) => ({ ...current, [fieldId]: '' }));
                  }}
                  errors={errors}
                  readOnly={!audit.canConduct}
                  references={NO_REFERENCES}
                  files={{ existing: [], pending: {} }}
                  tasks={{ items: [] }}
                />
                {audit.canConduct && isAuditQuestion(field.type) && (
                  <div>
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<Flag size={14} aria-hidden="true" />}
                      onClick={() => onRaise(field)}
                      aria-label={`Raise finding: ${field.level}`}
                    >
                      Raise finding
                    </Button>
                  </div>
                )}
              </div>
            ))
          }
        </AuditSections>
        {audit.canConduct && (
          <div className="row">
            <Button
              type="submit"
              variant="primary"
              icon={<Save size={16} aria-hidden="true" />}
              loading={save.isPending}
            >
              Save answers
            </Button>
            <Link className="btn" to={auditPaths.details(audit._id)}>
              Details and close-off
            </Link>
            {dirty && <span className="text-sm text-secondary">Unsaved answers</span>}
          </div>
        )}
      </form>
      <FindingsCard tasks={audit.tasks} />
    </div>
  );
}

/** An audit's finding asks for an instruction (up to the schema's 4000 characters) by a due date. */
const FINDING_WORDING = { instruction: 'Instruction', due: 'Due date', longest: 4000 };

/** Raise a finding on a question: what to do, by whom, by when (a task on their dashboard). */
function FindingDialog({
  auditId,
  field,
  onClose,
}: {
  auditId: string;
  field: TTemplateField;
  onClose: () => void;
}) {
  const raise = useCall(auditFindingCall, {
    invalidate: [auditKeys.details(auditId), auditKeys.all, dashboardKeys.all],
  });
  const finding = (action: RaisedAction): TAuditFinding => ({ auditId, fieldId: field._id, ...action });
  return (
    <ActionDialog
      title="Raise finding"
      description={field.level}
      people={AUDIT_PEOPLE}
      wording={FINDING_WORDING}
      check={(action) => schemaProblems(ZAuditFinding, finding(action))}
      pending={raise.isPending}
      onRaise={(action, outcome) => raise.mutate({ body: finding(action) }, outcome)}
      onClose={onClose}
    />
  );
}
