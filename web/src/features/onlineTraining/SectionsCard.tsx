import { formatBytes, TRAINING_LIMITS, type TAttachment, type TTrainingSection } from '@compass/shared';
import { Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { FilePickerButton } from '../../components/AddFilesButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { IconButton } from '../../components/IconButton';
import { RichTextEditor } from '../../fields/widgets/RichTextEditor';
import { changedAt, moved, newSection, problemsUnder, removedAt, type Problems } from './model';
import { ItemsCard, ItemTools } from './parts';
import type { CourseEditor } from './useCourseEditor';

/** The course's content: its sections in order, each with text, a video link and files. */
export function SectionsCard({ editor }: { editor: CourseEditor }) {
  const { form, problems } = editor;
  const { sections } = form.content;
  const [deleting, setDeleting] = useState<TAttachment | null>(null);
  const setSections = (next: TTrainingSection[]) => editor.setContent({ sections: next });
  return (
    <ItemsCard
      title="Sections"
      field="content.sections"
      addLabel="Add section"
      emptyText="No sections yet: add the first one."
      count={sections.length}
      limit={TRAINING_LIMITS.sections}
      error={problems['content.sections']}
      onAdd={() => setSections([...sections, newSection()])}
    >
      {sections.map((section, index) => (
        <SectionEditor
          key={section._id}
          section={section}
          index={index}
          count={sections.length}
          problems={problemsUnder(problems, `content.sections.${index}.`)}
          files={editor.files}
          uploading={editor.addFiles.isPending && editor.addFiles.variables?.section === index}
          onChange={(patch) => setSections(changedAt(sections, index, patch))}
          onMove={(by) => setSections(moved(sections, index, by))}
          onRemove={() => setSections(removedAt(sections, index))}
          onUpload={(chosen) => editor.addFiles.mutate({ chosen, section: index })}
          onDelete={setDeleting}
        />
      ))}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          danger
          pending={editor.deleteFile.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => editor.deleteFile.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
        >
          <p>It leaves the course and every section that shows it. A file a published version shows stays.</p>
        </ConfirmDialog>
      )}
    </ItemsCard>
  );
}

function SectionEditor({
  section,
  index,
  count,
  problems,
  files,
  uploading,
  onChange,
  onMove,
  onRemove,
  onUpload,
  onDelete,
}: {
  section: TTrainingSection;
  index: number;
  count: number;
  /** This section's problems by field (`title`, `body`…). */
  problems: Problems;
  files: TAttachment[];
  uploading: boolean;
  onChange: (patch: Partial<TTrainingSection>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onUpload: (chosen: File[]) => void;
  onDelete: (file: TAttachment) => void;
}) {
  const id = useId();
  const name = `section ${index + 1}`;
  return (
    <section
      className="course-item stack"
      aria-labelledby={`${id}-heading`}
      data-scope={`content.sections.${index}`}
    >
      <div className="row-between">
        <h3 id={`${id}-heading`} className="course-item-title">
          Section {index + 1}
        </h3>
        <ItemTools name={name} index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </div>
      <InputField
        label="Title"
        value={section.title}
        maxLength={200}
        error={problems.title}
        onValueChange={(title) => onChange({ title })}
      />
      <div className="field">
        <span className="field-label" id={`${id}-body-label`}>
          Text
        </span>
        <RichTextEditor
          id={`${id}-body`}
          labelledBy={`${id}-body-label`}
          value={section.body}
          invalid={Boolean(problems.body)}
          describedBy={problems.body ? `${id}-body-error` : undefined}
          onChange={(body) => onChange({ body })}
        />
        <FieldError id={`${id}-body-error`} message={problems.body} />
      </div>
      <InputField
        label="Video link (optional)"
        type="url"
        placeholder="https://…"
        value={section.videoUrl ?? ''}
        error={problems.videoUrl}
        onValueChange={(link) => onChange({ videoUrl: link.trim() === '' ? null : link })}
      />
      <SectionFiles
        id={id}
        name={name}
        chosen={section.fileIds}
        files={files}
        error={problems.fileIds}
        uploading={uploading}
        onChosen={(fileIds) => onChange({ fileIds })}
        onUpload={onUpload}
        onDelete={onDelete}
      />
    </section>
  );
}

/** The course's files to tick for a section, new ones to upload into it, and a file to delete. */
function SectionFiles({
  id,
  name,
  chosen,
  files,
  error,
  uploading,
  onChosen,
  onUpload,
  onDelete,
}: {
  id: string;
  name: string;
  chosen: string[];
  files: TAttachment[];
  error?: string;
  uploading: boolean;
  onChosen: (fileIds: string[]) => void;
  onUpload: (chosen: File[]) => void;
  onDelete: (file: TAttachment) => void;
}) {
  const full = chosen.length >= TRAINING_LIMITS.filesPerSection;
  return (
    <div className="field">
      <span className="field-label" id={`${id}-files`}>
        Files
      </span>
      {files.length === 0 ? (
        <p className="text-sm text-secondary">No files yet: upload them here.</p>
      ) : (
        <ul className="course-files" aria-labelledby={`${id}-files`}>
          {files.map((file) => {
            const ticked = chosen.includes(file._id);
            return (
              <li key={file._id} className="row">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={ticked}
                    disabled={!ticked && full}
                    onChange={() =>
                      onChosen(
                        ticked ? chosen.filter((fileId) => fileId !== file._id) : [...chosen, file._id],
                      )
                    }
                  />
                  {file.name}
                </label>
                <span className="text-sm text-secondary">{formatBytes(file.size)}</span>
                <IconButton
                  label={`Delete ${file.name}`}
                  icon={<Trash2 size={14} aria-hidden="true" />}
                  onClick={() => onDelete(file)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <FilePickerButton
        label="Upload files"
        inputLabel={`Files to upload to ${name}`}
        icon={<Upload size={16} aria-hidden="true" />}
        size="sm"
        pending={uploading}
        onChosen={onUpload}
      />
      {full && (
        <p className="text-sm text-secondary">
          A section shows at most {TRAINING_LIMITS.filesPerSection} files.
        </p>
      )}
      <FieldError id={`${id}-files-error`} message={error} />
    </div>
  );
}
