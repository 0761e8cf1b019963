import {
  MAX_FILES_PER_FIELD,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  type FieldSetting,
  type TFileField,
} from '@compass/shared';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { IconButton } from '../../components/IconButton';
import { RichTextEditor } from '../../fields/widgets/RichTextEditor';

export interface SettingEditorProps {
  field: TFileField;
  onChange: (patch: Partial<TFileField>) => void;
  /** The publish check's message for this setting, if any. */
  error?: string;
}

/** A text setting; its hint is read after the label by screen readers. */
function TextSetting({
  label,
  value,
  onChange,
  error,
  type = 'text',
  hint,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  error?: string;
  type?: 'text' | 'url';
  hint?: string;
}) {
  const hintId = useId();
  return (
    <div>
      <InputField
        label={label}
        type={type}
        value={value ?? ''}
        error={error}
        describedBy={hint ? hintId : undefined}
        onValueChange={(text) => onChange(text || undefined)}
      />
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A list the builder edits row by row (options, items, categories, columns): add, remove, and
 * move a row with buttons, so it works from the keyboard.
 */
function ListSetting<T>({
  legend,
  rows,
  onChange,
  make,
  render,
  addLabel,
  error,
}: {
  legend: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  make: (index: number) => T;
  render: (row: T, update: (row: T) => void, index: number) => ReactNode;
  addLabel: string;
  error?: string;
}) {
  const errorId = useId();
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <fieldset className="field builder-list" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{legend}</legend>
      <ol className="builder-list-rows">
        {rows.map((row, index) => (
          <li key={index} className="builder-list-row">
            <div className="builder-list-inputs">
              {render(
                row,
                (changed) => onChange(rows.map((entry, at) => (at === index ? changed : entry))),
                index,
              )}
            </div>
            <IconButton
              label={`Move ${legend.toLowerCase()} row ${index + 1} up`}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}

              icon={<ArrowUp size={16} aria-hidden="true" />}
            />
            <IconButton
              label={`Move ${legend.toLowerCase()} row ${index + 1} down`}
              disabled={index === rows.length - 1}
              onClick={() => move(index, index + 1)}

              icon={<ArrowDown size={16} aria-hidden="true" />}
            />
            <IconButton
              label={`Remove ${legend.toLowerCase()} row ${index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}

              icon={<Trash2 size={16} aria-hidden="true" />}
            />
          </li>
        ))}
      </ol>
      <FieldError id={errorId} message={error} />
      <div>
        <Button
          size="sm"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => onChange([...rows, make(rows.length)])}
        >
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}

/** A text input inside a list row, labelled for screen readers by its row. */
function RowInput({
  label,
  value,
  onChange,
  className = 'input',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <input
      className={className}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The value an option is stored as: a slug of its first label, unique in the field. */
function optionValue(label: string, taken: string[], index: number) {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  let value = slug || `option_${index + 1}`;
  for (let n = 2; taken.includes(value); n++) value = `${slug || 'option'}_${n}`;
  return value;
}

function OptionsSetting({ field, onChange, error }: SettingEditorProps) {
  const options = field.options ?? [];
  return (
    <ListSetting
      legend="Options"
      rows={options}
      onChange={(rows) => onChange({ options: rows })}
      make={(index) => {
        const label = `Option ${index + 1}`;
        return {
          label,
          value: optionValue(
            label,
            options.map((option) => option.value),
            index,
          ),
        };
      }}
      addLabel="Add option"
      error={error}
      render={(option, update, index) => (
        <>
          <RowInput
            label={`Option ${index + 1} label`}
            value={option.label}
            onChange={(label) => update({ ...option, label })}
          />
          <RowInput
            className="input builder-option-value"
            label={`Option ${index + 1} stored value`}
            value={option.value}
            onChange={(value) => update({ ...option, value })}
          />
        </>
      )}
    />
  );
}

function ItemsSetting({ field, onChange, error }: SettingEditorProps) {
  return (
    <ListSetting
      legend="Items"
      rows={field.items ?? []}
      onChange={(items) => onChange({ items })}
      make={(index) => `Item ${index + 1}`}
      addLabel="Add item"
      error={error}
      render={(item, update, index) => (
        <RowInput label={`Item ${index + 1}`} value={item} onChange={update} />
      )}
    />
  );
}

function GroupingsSetting({ field, onChange, error }: SettingEditorProps) {
  return (
    <ListSetting
      legend="Categories"
      rows={field.groupings ?? []}
      onChange={(groupings) => onChange({ groupings })}
      make={(index) => ({ category: `Category ${index + 1}`, subCategories: [] })}
      addLabel="Add category"
      error={error}
      render={(group, update, index) => (
        <>
          <RowInput
            label={`Category ${index + 1}`}
            value={group.category}
            onChange={(category) => update({ ...group, category })}
          />
          <RowInput
            label={`Sub-categories of category ${index + 1}, separated by commas`}
            value={group.subCategories.join(', ')}
            onChange={(text) =>
              update({
                ...group,
                subCategories: text.split(',').map((entry) => entry.trimStart()),
              })
            }
          />
        </>
      )}
    />
  );
}

const COLUMN_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
] as const;

function ColumnsSetting({ field, onChange, error }: SettingEditorProps) {
  return (
    <ListSetting
      legend="Columns"
      rows={field.columns ?? []}
      onChange={(columns) => onChange({ columns })}
      make={(index) => ({ name: `Column ${index + 1}`, type: 'text' as const })}
      addLabel="Add column"
      error={error}
      render={(column, update, index) => (
        <>
          <RowInput
            label={`Column ${index + 1} name`}
            value={column.name}
            onChange={(name) => update({ ...column, name })}
          />
          <select
            className="input builder-column-type"
            aria-label={`Column ${index + 1} type`}
            value={column.type}
            onChange={(event) => update({ ...column, type: event.target.value as typeof column.type })}
          >
            {COLUMN_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </>
      )}
    />
  );
}

function MaxFilesSetting({ field, onChange, error }: SettingEditorProps) {
  const hintId = useId();
  return (
    <div>
      <InputField
        label="Most files"
        type="number"
        min={1}
        max={MAX_FILES_PER_FIELD}
        value={field.maxFiles === undefined ? '' : String(field.maxFiles)}
        error={error}
        describedBy={hintId}
        onValueChange={(text) => {
          const count = Math.round(Number(text));
          onChange({ maxFiles: text && count >= 1 ? Math.min(count, MAX_FILES_PER_FIELD) : undefined });
        }}
      />
      <p className="field-hint" id={hintId}>
        Leave empty for no limit of this field's own ({MAX_FILES_PER_UPLOAD} per upload,{' '}
        {MAX_UPLOAD_BYTES / 1024 / 1024} MB each).
      </p>
    </div>
  );
}

function ContentSetting({ field, onChange }: SettingEditorProps) {
  const id = useId();
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        Content shown in the form
      </span>
      <RichTextEditor
        id={id}
        labelledBy={`${id}-label`}
        value={field.content ?? ''}
        onChange={(html) => onChange({ content: html || undefined })}
      />
    </div>
  );
}

/** One editor per setting of the shared field registry (shared/src/fields/settings.ts). */
export const settingEditors: { [S in FieldSetting]: ComponentType<SettingEditorProps> } = {
  placeholder: ({ field, onChange, error }) => (
    <TextSetting
      label="Placeholder"
      hint="Shown in the empty input."
      value={field.placeholder}
      onChange={(placeholder) => onChange({ placeholder })}
      error={error}
    />
  ),
  webLink: ({ field, onChange, error }) => (
    <TextSetting
      label="Suggested link"
      type="url"
      value={field.webLink}
      onChange={(webLink) => onChange({ webLink })}
      error={error}
    />
  ),
  content: ContentSetting,
  options: OptionsSetting,
  items: ItemsSetting,
  groupings: GroupingsSetting,
  columns: ColumnsSetting,
  maxFiles: MaxFilesSetting,
};

export { TextSetting };
