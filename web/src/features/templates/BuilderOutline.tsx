import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FIELD_REGISTRY, FIELD_TYPES, type FieldType } from '@compass/shared';
import { AlertCircle, GripVertical, Plus } from 'lucide-react';
import { memo, useId, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import {
  findField,
  type BuilderErrors,
  type BuilderField,
  type BuilderSection,
  type BuilderTemplate,
} from './model';

const DROP = 'drop:';

interface OutlineProps {
  template: BuilderTemplate;
  selected: string | null;
  errors: BuilderErrors;
  onSelect: (id: string) => void;
  onAddField: (sectionId: string, type: FieldType) => void;
  onAddSection: () => void;
  onMoveField: (id: string, toSection: string, toIndex: number) => void;
}

/** Where a field or a section's drop zone is: its section and its position there. */
function placeOf(template: BuilderTemplate, id: UniqueIdentifier) {
  const key = String(id);
  if (key.startsWith(DROP)) {
    const section = template.sections.find((entry) => entry.id === key.slice(DROP.length));
    return section ? { section, index: section.fields.length } : null;
  }
  const found = findField(template, key);
  return found ? { section: found.section, index: found.section.fields.indexOf(found.field) } : null;
}

/** What a screen reader hears while a field is moved with the keyboard: names, not ids. */
function announcements(template: BuilderTemplate): Announcements {
  const name = (id: UniqueIdentifier) => findField(template, String(id))?.field.label || 'Field';
  const where = (id: UniqueIdentifier | undefined) => {
    const place = id === undefined ? null : placeOf(template, id);
    if (!place) return 'outside the sections';
    return `position ${place.index + 1} of section ${place.section.label || 'without a title'}`;
  };
  return {
    onDragStart: ({ active }) =>
      `Picked up ${name(active.id)}. Use the arrow keys to move it, space to drop it.`,
    onDragOver: ({ active, over }) => `${name(active.id)} is over ${where(over?.id)}.`,
    onDragEnd: ({ active, over }) => `${name(active.id)} was dropped at ${where(over?.id)}.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

/**
 * The template's sections and their fields. Fields are reordered, also between sections, by drag
 * and drop with the pointer or the keyboard (focus a handle, space, arrow keys, space).
 */
export function BuilderOutline({
  template,
  selected,
  errors,
  onSelect,
  onAddField,
  onAddSection,
  onMoveField,
}: OutlineProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const target = placeOf(template, over.id);
    if (target) onMoveField(String(active.id), target.section.id, target.index);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announcements(template),
        screenReaderInstructions: {
          draggable:
            'To move a field, press space or enter, move it with the arrow keys, also into another section, and press space or enter again to drop it. Escape cancels.',
        },
      }}
    >
      <nav className="builder-outline" aria-label="Sections and fields">
        {template.sections.map((section, index) => (
          <OutlineSection
            key={section.id}
            section={section}
            number={index + 1}
            selected={selected}
            errors={errors}
            onSelect={onSelect}
            onAddField={onAddField}
          />
        ))}
        <Button icon={<Plus size={16} aria-hidden="true" />} onClick={onAddSection}>
          Add section
        </Button>
      </nav>
    </DndContext>
  );
}

function OutlineSection({
  section,
  number,
  selected,
  errors,
  onSelect,
  onAddField,
}: {
  section: BuilderSection;
  number: number;
  selected: string | null;
  errors: BuilderErrors;
  onSelect: (id: string) => void;
  onAddField: (sectionId: string, type: FieldType) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `${DROP}${section.id}` });
  const addId = useId();
  return (
    <section className="builder-outline-section" aria-label={`Section ${number}: ${section.label}`}>
      <button
        type="button"
        className="builder-outline-heading"
        aria-current={selected === section.id ? 'true' : undefined}
        onClick={() => onSelect(section.id)}
      >
        <span className="builder-outline-number">{number}</span>
        <span className="builder-outline-title">{section.label || 'Section without a title'}</span>
        {section.mandatoryType && (
          <span className="badge badge-neutral">
            {section.mandatoryType === 'investigation' ? 'Investigation' : 'New entry'}
          </span>
        )}
        <ErrorMark count={errors[section.id]?.length} />
      </button>
      <SortableContext
        id={section.id}
        items={section.fields.map((field) => field.id)}
        strategy={verticalListSortingStrategy}
      >
        <ol ref={setNodeRef} className={isOver ? 'builder-outline-fields is-over' : 'builder-outline-fields'}>
          {section.fields.map((field) => (
            <OutlineField
              key={field.id}
              field={field}
              selected={selected === field.id}
              errorCount={errors[field.id]?.length}
              onSelect={onSelect}
            />
          ))}
          {section.fields.length === 0 && (
            <li className="builder-outline-empty">No fields yet: add one below or drop one here.</li>
          )}
        </ol>
      </SortableContext>
      <div className="builder-add-field">
        <label className="visually-hidden" htmlFor={addId}>
          Add a field to section {number}
        </label>
        <select
          id={addId}
          className="input input-sm"
          value=""
          onChange={(event) => {
            if (event.target.value) onAddField(section.id, event.target.value as FieldType);
          }}
        >
          <option value="">+ Add a field…</option>
          {FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {FIELD_REGISTRY[type].title}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

function ErrorMark({ count }: { count: number | undefined }): ReactNode {
  if (!count) return null;
  return (
    <span className="builder-error-mark" title={`${count} problem${count === 1 ? '' : 's'} to fix`}>
      <AlertCircle size={16} aria-hidden="true" />
      <span className="visually-hidden">
        {count} problem{count === 1 ? '' : 's'} to fix
      </span>
    </span>
  );
}

const OutlineField = memo(function OutlineField({
  field,
  selected,
  errorCount,
  onSelect,
}: {
  field: BuilderField;
  selected: boolean;
  errorCount: number | undefined;
  onSelect: (id: string) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: field.id,
    });
  const title = FIELD_REGISTRY[field.type].title;
  return (
    <li
      ref={setNodeRef}
      className={`builder-outline-field${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="builder-drag-handle"
        aria-label={`Move ${field.label || title}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical size={16} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="builder-outline-select"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(field.id)}
      >
        <span className="builder-outline-label">
          {field.label || <em>No label</em>}
          {field.mandatory && <span className="field-required"> *</span>}
        </span>
        <span className="builder-outline-type">{title}</span>
        <ErrorMark count={errorCount} />
      </button>
    </li>
  );
});
