import type { Dispatch } from 'react';
import { BuilderOutline } from './BuilderOutline';
import { FieldPanel } from './FieldPanel';
import { findField, newFieldId, type BuilderAction, type BuilderErrors, type BuilderTemplate } from './model';
import { PreviewPane } from './PreviewPane';
import { SectionPanel } from './SettingsPanels';

/** The Design tab: the outline, the panel of the section or field chosen in it, and the preview. */
export function BuilderDesign({
  template,
  dispatch,
  selected,
  onSelect,
  errors,
  showPreview,
}: {
  template: BuilderTemplate;
  dispatch: Dispatch<BuilderAction>;
  /** The id of the section or field chosen. */
  selected: string | null;
  onSelect: (id: string | null) => void;
  errors: BuilderErrors;
  showPreview: boolean;
}) {
  const selection = findField(template, selected);
  const sectionIndex = template.sections.findIndex((section) => section.id === selected);
  return (
    <div className={showPreview ? 'builder-grid with-preview' : 'builder-grid'}>
      <BuilderOutline
        template={template}
        selected={selected}
        errors={errors}
        onSelect={onSelect}
        onAddSection={() => dispatch({ type: 'addSection' })}
        onAddField={(sectionId, fieldType) => {
          const id = newFieldId();
          dispatch({ type: 'addField', sectionId, fieldType, id });
          onSelect(id);
        }}
        onMoveField={(id, toSection, toIndex) => dispatch({ type: 'moveField', id, toSection, toIndex })}
      />
      <div className="builder-panel-column">
        {selection ? (
          <FieldPanel
            key={selection.field.id}
            field={selection.field}
            sections={template.sections}
            sectionId={selection.section.id}
            errors={errors[selection.field.id]}
            onChange={(patch) => dispatch({ type: 'updateField', id: selection.field.id, patch })}
            onMove={(toSection) =>
              dispatch({ type: 'moveField', id: selection.field.id, toSection, toIndex: Infinity })
            }
            onDuplicate={() => {
              const id = newFieldId();
              const { id: _id, key: _key, ...copy } = selection.field;
              dispatch({ type: 'addField', sectionId: selection.section.id, fieldType: copy.type, id });
              dispatch({ type: 'updateField', id, patch: { ...copy, label: `${copy.label} (copy)` } });
              onSelect(id);
            }}
            onRemove={() => {
              dispatch({ type: 'removeField', id: selection.field.id });
              onSelect(selection.section.id);
            }}
          />
        ) : sectionIndex >= 0 ? (
          <SectionPanel
            key={selected}
            section={template.sections[sectionIndex]!}
            number={sectionIndex + 1}
            count={template.sections.length}
            errors={errors[selected!]}
            onChange={(patch) => dispatch({ type: 'updateSection', id: selected!, patch })}
            onMove={(by) => dispatch({ type: 'moveSection', id: selected!, by })}
            onRemove={() => {
              dispatch({ type: 'removeSection', id: selected! });
              onSelect(null);
            }}
          />
        ) : (
          <div className="card builder-panel text-secondary">
            Choose a section or a field to change it, or add a field with “Add a field…”.
          </div>
        )}
      </div>
      {showPreview && <PreviewPane template={template} />}
    </div>
  );
}
