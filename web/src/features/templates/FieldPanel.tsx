import { FIELD_REGISTRY, FIELD_SETTINGS, FIELD_KEY_PATTERN, type TFileField } from '@compass/shared';
import { Copy, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { SelectField } from '../../components/SelectField';
import { type BuilderErrors, type BuilderField, type BuilderSection, settingError } from './model';
import { BuilderPanel } from './SettingsPanels';
import { settingEditors, TextSetting } from './settingEditors';

const WIDTHS = [
  { value: '3', label: 'Quarter (3 of 12 columns)' },
  { value: '4', label: 'Third (4 of 12)' },
  { value: '6', label: 'Half (6 of 12)' },
  { value: '8', label: 'Two thirds (8 of 12)' },
  { value: '9', label: 'Three quarters (9 of 12)' },
  { value: '12', label: 'Full width (12 of 12)' },
];

/** The settings of the selected field: what every field has, then its type's own (shared registry). */
export function FieldPanel({
  field,
  sections,
  sectionId,
  errors,
  onChange,
  onMove,
  onDuplicate,
  onRemove,
}: {
  field: BuilderField;
  sections: BuilderSection[];
  sectionId: string;
  errors: BuilderErrors[string] | undefined;
  onChange: (patch: Partial<TFileField>) => void;
  onMove: (toSection: string) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const definition = FIELD_REGISTRY[field.type];
  const answerable = definition.storage !== 'none';
  const errorOf = settingError(errors);
  const mandatoryId = useId();
  const keyError =
    errorOf('key') ??
    (field.key && !FIELD_KEY_PATTERN.test(field.key) ? 'Use a-z, 0-9 and _ only.' : undefined);
  const width = String(field.width ?? definition.colSize);
  return (
    <BuilderPanel
      label={`${definition.title} field settings`}
      title={`${definition.title} field`}
      actions={
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={<Copy size={16} aria-hidden="true" />}
            onClick={onDuplicate}
          >
            Duplicate
          </Button>
          <Button size="sm" variant="ghost" icon={<Trash2 size={16} aria-hidden="true" />} onClick={onRemove}>
            Remove
          </Button>
        </>
      }
    >
      <TextSetting
        label={field.type === 'section' ? 'Heading' : 'Label'}
        value={field.label}
        onChange={(label) => onChange({ label: label ?? '' })}
        error={errorOf('label')}
      />
      <TextSetting
        label="Key"
        hint="Names the answer in exports and reports; keep it when you rename the field."
        value={field.key}
        onChange={(key) => onChange({ key })}
        error={keyError}
      />
      {field.type !== 'section' && (
        <TextSetting label="Help text" value={field.help} onChange={(help) => onChange({ help })} />
      )}
      <SelectField
        label="Width"
        value={WIDTHS.some((option) => option.value === width) ? width : '12'}
        options={WIDTHS}
        onChange={(value) =>
          onChange({ width: Number(value) === definition.colSize ? undefined : Number(value) })
        }
      />
      {answerable && (
        <div className="field">
          <label className="checkbox" htmlFor={mandatoryId}>
            <input
              id={mandatoryId}
              type="checkbox"
              checked={field.mandatory ?? false}
              onChange={(event) => onChange({ mandatory: event.target.checked || undefined })}
            />
            Mandatory
          </label>
        </div>
      )}
      {answerable && field.mandatory && (
        <TextSetting
          label="Message when left empty"
          hint="Leave empty for the standard message."
          value={field.mandatoryComment}
          onChange={(mandatoryComment) => onChange({ mandatoryComment })}
        />
      )}
      {FIELD_SETTINGS[field.type].map((setting) => {
        const Editor = settingEditors[setting];
        return <Editor key={setting} field={field} onChange={onChange} error={errorOf(setting)} />;
      })}
      {sections.length > 1 && (
        <SelectField
          label="Section"
          value={sectionId}
          options={sections.map((section, index) => ({
            value: section.id,
            label: section.label || `Section ${index + 1}`,
          }))}
          onChange={onMove}
        />
      )}
      <FieldError id={`${field.id}-field-error`} message={errorOf('field')} />
    </BuilderPanel>
  );
}
