import { formTemplateQrPosterCall, TEMPLATE_FORM_TYPES, type TemplateFormType } from '@compass/shared';
import { ArrowDown, ArrowUp, Printer, Trash2, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { API_BASE, callUrl, downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { IconButton } from '../../components/IconButton';
import { FieldError } from '../../components/FieldError';
import { SearchPicker } from '../../components/SearchPicker';
import { SelectField } from '../../components/SelectField';
import { type BuilderErrors, type BuilderSection, type BuilderTemplate, settingError } from './model';
import { TextSetting } from './settingEditors';
import { searchCoordinators, templateKeys } from './api';

export const FORM_TYPE_LABELS: Record<TemplateFormType, string> = {
  'form-submission': 'General form',
  supplier: 'Supplier form',
  hr: 'HR form',
  qr: 'QR form (guests)',
  audit: 'Audit template',
};

/** Who fills in a template of each type: the type decides it (docs/templates.md). */
const WHO_SUBMITS: Record<TemplateFormType, string> = {
  'form-submission':
    'Employees whose role may make new submissions choose it under Form Submission › New Submission.',
  supplier:
    'Supplier companies and their personnel fill it in through the supplier portal and supplier links.',
  hr: 'Employees fill it in when HR assigns it to them.',
  qr: 'Anyone who scans the template’s QR poster fills it in, without signing in; it reaches the coordinator.',
  audit:
    'Auditors answer it when an audit is scheduled from it under Audit Inspection › Quick Add; it is never offered as a form.',
};

/** Spec 001 section 9: the e-mail notification codes of a template. */
const EMAIL_CODES = [
  { code: 1, label: 'Send copy e-mails when a draft is submitted' },
  { code: 2, label: 'Send a copy to each copied employee when the form is closed' },
  { code: 3, label: 'Record the person submitting as the reporter' },
  { code: 4, label: 'Notify the reporter when the form is closed' },
] as const;

const MANDATORY_TYPES = [
  { value: 'newEntry', label: 'New entry: only while the form is being created' },
  { value: 'investigation', label: 'Investigation: hidden until the form is submitted' },
];

/** A settings card of the builder: its title, the buttons acting on what it sets, the settings. */
export function BuilderPanel({
  label,
  title,
  actions,
  children,
}: {
  label: string;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card builder-panel" aria-label={label}>
      {actions ? (
        <div className="builder-panel-header">
          <h2 className="card-title">{title}</h2>
          <div className="builder-panel-actions">{actions}</div>
        </div>
      ) : (
        <h2 className="card-title">{title}</h2>
      )}
      <div className="builder-stack">{children}</div>
    </section>
  );
}

export function SectionPanel({
  section,
  number,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  section: BuilderSection;
  number: number;
  count: number;
  errors: BuilderErrors[string] | undefined;
  onChange: (patch: Partial<Omit<BuilderSection, 'id' | 'fields'>>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const collapsedId = useId();
  const errorOf = settingError(errors);
  return (
    <BuilderPanel
      label={`Section ${number} settings`}
      title={`Section ${number}`}
      actions={
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={<ArrowUp size={16} aria-hidden="true" />}
            disabled={number === 1}
            onClick={() => onMove(-1)}
          >
            Move up
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<ArrowDown size={16} aria-hidden="true" />}
            disabled={number === count}
            onClick={() => onMove(1)}
          >
            Move down
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Trash2 size={16} aria-hidden="true" />}
            disabled={count === 1}
            onClick={onRemove}
          >
            Remove
          </Button>
        </>
      }
    >
      <TextSetting
        label="Title"
        value={section.label}
        onChange={(label) => onChange({ label: label ?? '' })}
        error={errorOf('label')}
      />
      <SelectField
        label="Shown"
        value={section.mandatoryType ?? ''}
        none="Always"
        options={MANDATORY_TYPES}
        onChange={(value) =>
          onChange({ mandatoryType: (value || undefined) as BuilderSection['mandatoryType'] })
        }
      />
      <label className="checkbox" htmlFor={collapsedId}>
        <input
          id={collapsedId}
          type="checkbox"
          checked={section.collapsed ?? false}
          onChange={(event) => onChange({ collapsed: event.target.checked || undefined })}
        />
        Collapsed when the form opens
      </label>
      <FieldError id={`${section.id}-fields-error`} message={errorOf('fields')} />
    </BuilderPanel>
  );
}

/** The template's own settings: name, type, notifications, default coordinator, branch rule. */
export function TemplateSettings({
  template,
  templateId,
  published,
  errors,
  onChange,
}: {
  template: BuilderTemplate;
  templateId: string;
  published: boolean;
  errors: BuilderErrors[string] | undefined;
  onChange: (patch: Partial<Omit<BuilderTemplate, 'sections'>>) => void;
}) {
  const errorOf = settingError(errors);
  const codes = new Set(template.emailNotification ?? []);
  const toggle = (code: number, on: boolean) => {
    const next = new Set(codes);
    if (on) next.add(code);
    else next.delete(code);
    onChange({ emailNotification: next.size ? [...next].sort() : undefined });
  };
  return (
    <div className="builder-settings">
      <BuilderPanel label="Template" title="Template">
        <TextSetting
          label="Name"
          value={template.name}
          onChange={(name) => onChange({ name: name ?? '' })}
          error={errorOf('name')}
        />
        <SelectField
          label="Type"
          value={template.formType}
          options={TEMPLATE_FORM_TYPES.map((value) => ({ value, label: FORM_TYPE_LABELS[value] }))}
          onChange={(value) => onChange({ formType: value as TemplateFormType })}
        />
        <div className="field">
          <span className="field-label">Who may submit</span>
          <p className="text-secondary">{WHO_SUBMITS[template.formType]}</p>
          {template.formType === 'qr' && published && (
            <div>
              <Button
                size="sm"
                icon={<Printer size={16} aria-hidden="true" />}
                onClick={() =>
                  downloadFile(
                    `${API_BASE}${callUrl(formTemplateQrPosterCall, { params: { templateId } })}`,
                    `${template.name} - QR poster.svg`,
                  ).catch(notifyError)
                }
              >
                QR poster
              </Button>
            </div>
          )}
        </div>
        <SelectField
          label="Branch"
          value={template.branchRequirement ?? 'manualEntry'}
          options={[
            { value: 'manualEntry', label: 'Chosen on the form' },
            { value: 'employeeBranch', label: 'The submitting employee’s own branch, preselected' },
          ]}
          onChange={(value) =>
            onChange({
              branchRequirement: value === 'manualEntry' ? undefined : (value as 'employeeBranch'),
            })
          }
        />
      </BuilderPanel>
      <BuilderPanel label="Notifications and coordinator" title="Notifications and coordinator">
        <fieldset className="field">
          <legend className="field-label">E-mail notifications</legend>
          {EMAIL_CODES.map(({ code, label }) => (
            <label key={code} className="checkbox">
              <input
                type="checkbox"
                checked={codes.has(code)}
                onChange={(event) => toggle(code, event.target.checked)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <CoordinatorPicker
          value={template.coordinator}
          error={errorOf('coordinator')}
          onChange={(coordinator) => onChange({ coordinator })}
        />
        <CopiedPicker
          value={template.copied ?? []}
          errors={errors}
          onChange={(copied) => onChange({ copied })}
        />
      </BuilderPanel>
    </div>
  );
}

/** Searches the employees with an account and hands back the username of the one picked. */
function EmployeeSearch({
  labelledBy,
  error,
  onPick,
}: {
  labelledBy: string;
  error?: string;
  onPick: (username: string) => void;
}) {
  return (
    <SearchPicker
      labelledBy={labelledBy}
      error={error}
      queryKey={templateKeys.coordinators}
      placeholder="Search by name or username"
      empty="No employee with an account matches."
      search={async (text) => ({
        options: (await searchCoordinators(text)).map((option) => ({
          value: option.username,
          label: option.name,
          detail: option.username,
        })),
        hasMore: false,
      })}
      onPick={(option) => onPick(option.value)}
    />
  );
}

/** The default coordinator: one employee with an account, by username. */
function CoordinatorPicker({
  value,
  error,
  onChange,
}: {
  value: string | undefined;
  error?: string;
  onChange: (username: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <span className="field-label" id={id}>
        Default coordinator
      </span>
      <p className="text-secondary">
        {value ? (
          <>
            <strong>{value}</strong>{' '}
            <Button size="sm" variant="ghost" onClick={() => onChange(undefined)}>
              Clear
            </Button>
          </>
        ) : (
          'None: the person submitting chooses one.'
        )}
      </p>
      <EmployeeSearch labelledBy={id} error={error} onPick={onChange} />
    </div>
  );
}

/** The employees copied by e-mail (codes 1 and 2), by username. */
function CopiedPicker({
  value,
  errors,
  onChange,
}: {
  value: string[];
  errors: BuilderErrors[string] | undefined;
  onChange: (usernames: string[] | undefined) => void;
}) {
  const id = useId();
  const problem = settingError(errors)('copied');
  return (
    <div className="field">
      <span className="field-label" id={id}>
        Copied by e-mail
      </span>
      {value.length === 0 ? (
        <p className="text-secondary">No one.</p>
      ) : (
        <ul className="builder-picker" aria-labelledby={id}>
          {value.map((username) => (
            <li key={username} className="row">
              {username}
              <IconButton
                label={`Stop copying ${username}`}
                icon={<X size={14} aria-hidden="true" />}
                onClick={() => {
                  const rest = value.filter((entry) => entry !== username);
                  onChange(rest.length ? rest : undefined);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <EmployeeSearch
        labelledBy={id}
        error={problem}
        onPick={(username) => {
          if (!value.some((entry) => entry.toLowerCase() === username.toLowerCase()))
            onChange([...value, username]);
        }}
      />
    </div>
  );
}
