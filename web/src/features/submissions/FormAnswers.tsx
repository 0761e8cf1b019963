import type { TFormSubmission } from '@compass/shared';
import { useMemo } from 'react';
import { FieldRenderer } from '../../fields';
import { useRelatedLists } from './api';
import { usePickReferences } from './pickReferences';
import { shapeOfSubmission, storedEditorState, visibleSections } from './editorState';

const ignore = () => {};

/**
 * A stored submission's sections and answers, read-only, drawn by the editor's own field
 * components: for pages that show a form beside their own work (the supplier form review).
 */
export function FormAnswers({ submission }: { submission: TFormSubmission }) {
  const related = useRelatedLists({ formSubmissionId: submission._id });
  const references = usePickReferences(related.data);
  const sections = useMemo(
    () => visibleSections(shapeOfSubmission(submission), submission.isDraft === 'yes'),
    [submission],
  );
  const state = useMemo(() => storedEditorState(submission), [submission]);
  if (!references) return null;
  return (
    <>
      {sections.map(({ section, fields }) => (
        <section key={section._id} className="card submission-section" aria-label={section.level}>
          <div className="card-header form-answers-header">
            <h2 className="card-title">{section.level}</h2>
          </div>
          <div className="card-body">
            <FieldRenderer
              fields={fields}
              values={state.values}
              onChange={ignore}
              readOnly
              references={references}
              files={{ existing: submission.attachment, pending: {} }}
              tasks={{ items: state.tasks }}
            />
          </div>
        </section>
      ))}
    </>
  );
}
