import {
  coursePoints,
  displayDay,
  isChoiceQuestion,
  TRAINING_QUESTION_KIND_LABELS,
  type TAttachment,
  type TTrainingCourseContent,
  type TTrainingCourseVersionRow,
  type TTrainingQuestion,
} from '@compass/shared';
import { useId, useState } from 'react';
import { Card } from '../../components/Card';
import { DataTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { ListState } from '../../components/ListParts';
import { RowButton } from '../../components/RowButton';
import { RichTextEditor } from '../../fields/widgets/RichTextEditor';
import { useCourseVersion } from './api';

/** The published versions, newest first; each opens read-only as it was published. */
export function VersionsCard({
  courseId,
  versions,
  files,
}: {
  courseId: string;
  versions: TTrainingCourseVersionRow[];
  files: TAttachment[];
}) {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <Card title="Versions" bare>
      {versions.length === 0 ? (
        <p className="card-body text-secondary">Not published yet: publish the draft to make version 1.</p>
      ) : (
        <DataTable columns={['Version', 'Published', 'By', 'Questions', 'Pass mark']} actions>
          {versions.map((row, index) => (
            <tr key={row.number}>
              <td>
                v{row.number} {index === 0 && <span className="badge badge-success">In use</span>}
              </td>
              <td>{displayDay(row.publishedAt)}</td>
              <td>{row.publishedBy ?? '—'}</td>
              <td>{row.questionCount}</td>
              <td>{row.passMark}%</td>
              <td className="row-actions">
                <RowButton label={`View version ${row.number}`} onClick={() => setViewing(row.number)}>
                  View
                </RowButton>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {viewing !== null && (
        <VersionDialog courseId={courseId} number={viewing} files={files} onClose={() => setViewing(null)} />
      )}
    </Card>
  );
}

function VersionDialog({
  courseId,
  number,
  files,
  onClose,
}: {
  courseId: string;
  number: number;
  files: TAttachment[];
  onClose: () => void;
}) {
  const query = useCourseVersion(courseId, number);
  return (
    <Dialog
      title={`Version ${number}`}
      description="As it was published: attempts made on it are marked against it."
      onClose={onClose}
      wide
    >
      <ListState query={query} count={query.data ? 1 : 0} empty="" />
      {query.data && <CourseContentView content={query.data.content} files={files} />}
    </Dialog>
  );
}

/** A course's content and test read-only, with the answer key. */
function CourseContentView({ content, files }: { content: TTrainingCourseContent; files: TAttachment[] }) {
  const id = useId();
  const nameOf = (fileId: string) => files.find((file) => file._id === fileId)?.name ?? 'A deleted file';
  return (
    <div className="stack-lg course-view">
      <p className="text-secondary">
        Pass mark {content.passMark}% of {coursePoints(content)} points · {content.attemptsAllowed} attempt
        {content.attemptsAllowed === 1 ? '' : 's'} · about {content.expectedMinutes} minutes
      </p>
      {content.introduction && <p className="pre-line">{content.introduction}</p>}
      {content.sections.map((section, index) => (
        <section key={section._id} className="stack" aria-labelledby={`${id}-section-${index}`}>
          <h3 id={`${id}-section-${index}`}>
            {index + 1}. {section.title}
          </h3>
          {section.body && (
            <RichTextEditor
              id={`${id}-body-${index}`}
              labelledBy={`${id}-section-${index}`}
              value={section.body}
              onChange={() => {}}
              readOnly
            />
          )}
          {section.videoUrl && (
            <a href={section.videoUrl} target="_blank" rel="noreferrer noopener">
              Video: {section.videoUrl}
            </a>
          )}
          {section.fileIds.length > 0 && (
            <p className="text-sm">Files: {section.fileIds.map(nameOf).join(', ')}</p>
          )}
        </section>
      ))}
      <section className="stack" aria-labelledby={`${id}-test`}>
        <h3 id={`${id}-test`}>Test</h3>
        <ol className="stack course-view-questions">
          {content.questions.map((question) => (
            <li key={question._id}>
              <QuestionView question={question} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function QuestionView({ question }: { question: TTrainingQuestion }) {
  return (
    <div className="stack">
      <p>
        {question.text}{' '}
        <span className="text-sm text-secondary">
          ({TRAINING_QUESTION_KIND_LABELS[question.kind]}, {question.points} point
          {question.points === 1 ? '' : 's'})
        </span>
      </p>
      {isChoiceQuestion(question.kind) && (
        <ul className="course-view-options">
          {question.options.map((option) => (
            <li key={option._id}>
              {option.text}{' '}
              {question.correctOptionIds.includes(option._id) && (
                <span className="badge badge-success">Correct</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {question.kind === 'trueFalse' && (
        <p className="text-sm">Correct answer: {question.correctAnswer ? 'True' : 'False'}</p>
      )}
      {question.kind === 'shortAnswer' && question.modelAnswer && (
        <p className="text-sm pre-line">Model answer: {question.modelAnswer}</p>
      )}
    </div>
  );
}
