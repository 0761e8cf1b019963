import { messages } from '@compass/shared';
import { ChevronDown } from 'lucide-react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FieldRenderer, type References } from '../../fields';
import type { visibleSections } from './editorState';
import type { SubmissionEditorModel } from './useSubmissionEditor';

/** One section of the form (001 section 2.2): its title toggles it, its fields in the 12-column grid. */
export function EditorSection({
  section,
  fields,
  editor,
  references,
}: ReturnType<typeof visibleSections>[number] & { editor: SubmissionEditorModel; references: References }) {
  const isCollapsed = editor.collapsed[section._id] ?? section.collapsed ?? false;
  const bodyId = `section-${section._id}`;
  return (
    <section className="card submission-section" aria-label={section.level}>
      <div className="card-header">
        <h2 className="card-title">
          <button
            type="button"
            className="section-toggle"
            aria-expanded={!isCollapsed}
            aria-controls={bodyId}
            onClick={() => editor.setCollapsed((previous) => ({ ...previous, [section._id]: !isCollapsed }))}
          >
            <ChevronDown size={18} aria-hidden="true" className="section-chevron" />
            {section.level}
          </button>
        </h2>
      </div>
      <div className="card-body" id={bodyId} hidden={isCollapsed}>
        <FieldRenderer
          fields={fields}
          values={editor.state.values}
          onChange={(fieldId, value) =>
            editor.setState((previous) => ({
              ...previous,
              values: { ...previous.values, [fieldId]: value },
            }))
          }
          errors={editor.fieldErrors}
          readOnly={editor.readOnly}
          references={references}
          files={editor.files}
          tasks={editor.tasks}
        />
      </div>
    </section>
  );
}

/** A form with open actions cannot be closed (001 section 4). */
export function OpenActionsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      title="Closed task"
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      }
    >
      <p>{messages.submission.openTaskBlocksClose}</p>
    </Dialog>
  );
}
