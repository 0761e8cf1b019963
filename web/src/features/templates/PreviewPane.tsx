import type { FieldType, TTemplateField } from '@compass/shared';
import { Monitor, Smartphone } from 'lucide-react';
import { memo, useCallback, useState } from 'react';
import {
  FieldRenderer,
  REFERENCE_KINDS,
  type FieldInput,
  type FileFieldState,
  type References,
  type TaskFieldState,
} from '../../fields';
import { Segmented } from '../../components/Tabs';
import { usePickReferences, useRelatedLists } from '../submissions';
import type { BuilderSection, BuilderTemplate } from './model';
import { previewField } from './preview';

const NO_REFERENCES = Object.fromEntries(
  REFERENCE_KINDS.map((kind) => [kind, { all: [], active: [] }]),
) as unknown as References;
const WIDTHS = [
  {
    value: 'desktop',
    label: (
      <>
        <Monitor size={16} aria-hidden="true" /> Desktop
      </>
    ),
  },
  {
    value: 'phone',
    label: (
      <>
        <Smartphone size={16} aria-hidden="true" /> Phone
      </>
    ),
  },
] as const;
const NO_FILES: FileFieldState = { existing: [], pending: {} };
const NO_TASKS: TaskFieldState = { items: [] };

const sectionFields = new WeakMap<BuilderSection, TTemplateField[]>();
/** A section's fields as the editor takes them, made again only when the section changed. */
function fieldsOf(section: BuilderSection): TTemplateField[] {
  let fields = sectionFields.get(section);
  if (!fields) {
    fields = section.fields.map((field, index) => previewField(field, section.id, index + 1));
    sectionFields.set(section, fields);
  }
  return fields;
}

/**
 * The form as an employee will see it, drawn by the submission editor's own field components and
 * usable (answers stay in the preview). Sections that did not change are not drawn again.
 */
export function PreviewPane({ template }: { template: BuilderTemplate }) {
  const [phone, setPhone] = useState(false);
  const related = useRelatedLists();
  const references = usePickReferences(related.data) ?? NO_REFERENCES;
  const [values, setValues] = useState<Record<string, unknown>>({});
  const onChange = useCallback(
    (fieldId: string, value: FieldInput<FieldType>) =>
      setValues((previous) => ({ ...previous, [fieldId]: value })),
    [],
  );
  return (
    <section className="builder-preview-pane" aria-label="Preview">
      <div className="builder-preview-toolbar">
        <h2 className="card-title">Preview</h2>
        <Segmented
          label="Preview width"
          options={WIDTHS}
          current={phone ? 'phone' : 'desktop'}
          onChange={(width) => setPhone(width === 'phone')}
        />
      </div>
      <div className={phone ? 'builder-preview is-phone' : 'builder-preview'} data-testid="template-preview">
        <h3 className="builder-preview-title">{template.name}</h3>
        {template.sections.map((section) => (
          <PreviewSection
            key={section.id}
            section={section}
            values={values}
            onChange={onChange}
            references={references}
          />
        ))}
      </div>
    </section>
  );
}

const PreviewSection = memo(function PreviewSection({
  section,
  values,
  onChange,
  references,
}: {
  section: BuilderSection;
  values: Record<string, unknown>;
  onChange: (fieldId: string, value: FieldInput<FieldType>) => void;
  references: References;
}) {
  return (
    <section className="card submission-section" aria-label={section.label}>
      <div className="card-header">
        <h4 className="card-title">{section.label}</h4>
        {section.mandatoryType === 'investigation' && (
          <span className="badge badge-neutral">Hidden until submitted</span>
        )}
      </div>
      <div className="card-body">
        <FieldRenderer
          fields={fieldsOf(section)}
          values={values}
          onChange={onChange}
          readOnly={false}
          references={references}
          files={NO_FILES}
          tasks={NO_TASKS}
        />
      </div>
    </section>
  );
});
