import {
  TEMPLATE_FORM_TYPES,
  TEMPLATE_STATUSES,
  templateArchiveCall,
  templateCreateCall,
  templateDuplicateCall,
  templateExportCall,
  templateImportCall,
  templateMessages as say,
  templateRestoreCall,
  type TemplateFormType,
  type TemplateStatus,
  type TTemplateAdminRow,
  type TTemplateDraft,
} from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../api/client';
import { notifyError } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { RowButton } from '../../components/RowButton';
import { Dialog } from '../../components/Dialog';
import { ListFilters } from '../../components/ListFilters';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { TextSetting } from './settingEditors';
import { FORM_TYPE_LABELS } from './SettingsPanels';
import { fetchTemplates, templateKeys } from './api';
import { saveJson, STATUS_BADGES, STATUS_LABELS, TEMPLATES_PATH } from './shared';
import { TemplateImportButton } from './TemplateImportButton';

const COLUMNS = ['Name', 'Type', 'Status', 'Version', 'Last change'];
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Naming =
  | { kind: 'create' }
  | { kind: 'duplicate'; row: TTemplateAdminRow }
  | { kind: 'import'; template: TTemplateDraft };

/** /system-administration/form-templates: every template of the organisation, to build and publish. */
export function TemplatesPage() {
  usePageTitle('Form Templates');
  const navigate = useNavigate();
  const [naming, setNaming] = useState<Naming | null>(null);
  const list = usePagedList({
    queryKey: templateKeys.list,
    filters: { status: '' as TemplateStatus | '', formType: '' as TemplateFormType | '' },
    fetch: fetchTemplates,
  });
  const changes = { invalidate: [templateKeys.list] };
  const archive = useCall(templateArchiveCall, changes);
  const restore = useCall(templateRestoreCall, changes);
  const opened = {
    ...changes,
    onSuccess: ({ _id }: { _id: string }) => navigate(`${TEMPLATES_PATH}/${_id}`),
  };
  const create = useCall(templateCreateCall, opened);
  const duplicate = useCall(templateDuplicateCall, opened);
  const importing = useCall(templateImportCall, opened);

  const exportRow = (row: TTemplateAdminRow) =>
    callApi(templateExportCall, { body: { _id: row._id } })
      .then((template) => saveJson(`${row.name}.json`, template))
      .catch(notifyError);

  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Form Templates"
        intro="Design the forms your people fill in. A published version never changes: edits become the next version."
      >
        <div className="builder-actions">
          <TemplateImportButton
            fileLabel="Template file to import"
            onRead={(template) => setNaming({ kind: 'import', template })}
          />
          <Button
            variant="primary"
            icon={<Plus size={16} aria-hidden="true" />}
            onClick={() => setNaming({ kind: 'create' })}
          >
            New template
          </Button>
        </div>
      </PageHeader>
      <ListFilters placeholder="Template name" onSearch={list.search} active={list.activeFilters}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={TEMPLATE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          onChange={(value) => list.setFilter('status', value as TemplateStatus | '')}
        />
        <SelectField
          label="Type"
          value={list.filters.formType}
          none="Any type"
          options={TEMPLATE_FORM_TYPES.map((value) => ({ value, label: FORM_TYPE_LABELS[value] }))}
          onChange={(value) => list.setFilter('formType', value as TemplateFormType | '')}
        />
      </ListFilters>
      <PagedTable
        label="Templates"
        list={list}
        columns={COLUMNS}
        empty="No templates yet: create the first one."
        narrowedEmpty="No template matches."
      >
        {list.rows.map((row) => (
          <TemplateRow
            key={row._id}
            row={row}
            onDuplicate={() => setNaming({ kind: 'duplicate', row })}
            onExport={() => void exportRow(row)}
            onArchive={() => archive.mutate({ body: { _id: row._id } })}
            onRestore={() => restore.mutate({ body: { _id: row._id } })}
          />
        ))}
      </PagedTable>
      {naming && (
        <NameDialog
          naming={naming}
          pending={create.isPending || duplicate.isPending || importing.isPending}
          onClose={() => setNaming(null)}
          onSubmit={(name, type) => {
            if (naming.kind === 'create') create.mutate({ body: { name, formType: type } });
            else if (naming.kind === 'duplicate') duplicate.mutate({ body: { _id: naming.row._id, name } });
            else importing.mutate({ body: { template: { ...naming.template, name } } });
          }}
        />
      )}
    </div>
  );
}

/** One template of the list: what it is, where it stands, and what can be done with it. */
function TemplateRow({
  row,
  onDuplicate,
  onExport,
  onArchive,
  onRestore,
}: {
  row: TTemplateAdminRow;
  onDuplicate: () => void;
  onExport: () => void;
  onArchive: () => void;
  onRestore: () => void;
}) {
  return (
    <tr>
      <td>
        <Link to={`${TEMPLATES_PATH}/${row._id}`}>{row.name}</Link>
      </td>
      <td>{FORM_TYPE_LABELS[row.formType]}</td>
      <td>
        <span className={`badge ${STATUS_BADGES[row.status]}`}>{STATUS_LABELS[row.status]}</span>
        {row.hasDraft && row.currentVersion > 0 && (
          <span className="badge badge-warning">Unpublished changes</span>
        )}
      </td>
      <td>{row.currentVersion > 0 ? `Version ${row.currentVersion}` : '—'}</td>
      <td>
        {when.format(new Date(row.updatedAt))}
        {row.updatedBy && <div className="text-sm text-secondary">{row.updatedBy}</div>}
      </td>
      <td className="row-actions">
        <RowButton onClick={onDuplicate}>Duplicate</RowButton>
        <RowButton onClick={onExport}>Export</RowButton>
        {row.status === 'archived' ? (
          <RowButton onClick={onRestore}>Restore</RowButton>
        ) : (
          <RowButton label={`Archive ${row.name}`} onClick={onArchive}>
            Archive
          </RowButton>
        )}
      </td>
    </tr>
  );
}

const TITLES = {
  create: 'New template',
  duplicate: 'Duplicate template',
  import: 'Import template',
} as const;

function NameDialog({
  naming,
  pending,
  onClose,
  onSubmit,
}: {
  naming: Naming;
  pending: boolean;
  onClose: () => void;
  onSubmit: (name: string, formType: TemplateFormType) => void;
}) {
  const [name, setName] = useState(
    naming.kind === 'duplicate'
      ? `${naming.row.name} (copy)`
      : naming.kind === 'import'
        ? naming.template.name
        : '',
  );
  const [formType, setFormType] = useState<TemplateFormType>('form-submission');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(say.nameRequired);
      return;
    }
    onSubmit(name.trim(), formType);
  };
  return (
    <Dialog
      title={TITLES[naming.kind]}
      description={
        naming.kind === 'import'
          ? 'The file becomes a new draft template; check it in the builder and publish it.'
          : undefined
      }
      onClose={onClose}
    >
      <form className="builder-stack" onSubmit={submit}>
        <TextSetting label="Name" value={name} onChange={(value) => setName(value ?? '')} error={error} />
        {naming.kind === 'create' && (
          <SelectField
            label="Type"
            value={formType}
            options={TEMPLATE_FORM_TYPES.map((value) => ({ value, label: FORM_TYPE_LABELS[value] }))}
            onChange={(value) => setFormType(value as TemplateFormType)}
          />
        )}
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={pending}>
            {naming.kind === 'create'
              ? 'Create and open'
              : naming.kind === 'duplicate'
                ? 'Duplicate'
                : 'Import'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
