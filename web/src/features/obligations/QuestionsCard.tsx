import { displayDay, type TObligationDetails } from '@compass/shared';
import { Plus, Trash2 } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { InputField, TextAreaField } from '../../components/FormField';
import { PersonField, type Person } from '../../components/PersonField';
import { Card } from '../../components/Card';
import { OBLIGATION_ASSIGNEES } from './api';

/** An open question as the form holds it; `key` tells new rows apart before they have an id. */
export interface QuestionDraft {
  key: string;
  _id?: string;
  reference: string;
  instruction: string;
  assignee: Person | null;
  dueDate: string;
}

let draftKeys = 0;
const newKey = () => `new-${++draftKeys}`;

/** The obligation's open questions as drafts (the answered ones are shown, not edited). */
export function questionDraftsOf(obligation: TObligationDetails | null): QuestionDraft[] {
  return (obligation?.questions ?? [])
    .filter((question) => !question.isComplete)
    .map((question) => ({
      key: question._id,
      _id: question._id,
      reference: question.reference,
      instruction: question.instruction,
      assignee: question.assignee,
      dueDate: question.dueDate,
    }));
}

/** The questions card: the answered ones read-only, the open ones edited, Add question. */
export function QuestionsCard({
  answered,
  questions,
  setQuestions,
  errors,
  setErrors,
}: {
  answered: TObligationDetails['questions'];
  questions: QuestionDraft[];
  setQuestions: Dispatch<SetStateAction<QuestionDraft[]>>;
  errors: Record<string, string>;
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
}) {
  const setQuestion = (index: number, change: Partial<QuestionDraft>) => {
    setQuestions((current) =>
      current.map((question, at) => (at === index ? { ...question, ...change } : question)),
    );
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([field]) => !field.startsWith(`questions.${index}`)),
      ),
    );
  };
  return (
    <Card title="Questions" className="stack" bodyClassName="stack">
      <p className="text-secondary">
        Each question goes to its assignee’s dashboard (Assigned Actions), where they answer it.
      </p>
      {answered.length > 0 && <AnsweredQuestions questions={answered} />}
      {questions.length === 0 && answered.length === 0 && (
        <p className="text-secondary">No questions yet: add one to check compliance with this obligation.</p>
      )}
      {questions.map((question, index) => (
        <fieldset key={question.key} className="question-editor stack" aria-label={`Question ${index + 1}`}>
          <div className="form-grid">
            <InputField
              label="Reference"
              value={question.reference}
              error={errors[`questions.${index}.reference`] ?? errors[`questions.${index}`]}
              maxLength={200}
              placeholder="e.g. s.47 Duty to consult"
              onValueChange={(reference) => setQuestion(index, { reference })}
            />
            <InputField
              label="Due date"
              type="date"
              value={question.dueDate}
              error={errors[`questions.${index}.dueDate`]}
              onValueChange={(dueDate) => setQuestion(index, { dueDate })}
            />
            <PersonField
              {...OBLIGATION_ASSIGNEES}
              label="Assignee"
              value={question.assignee}
              error={errors[`questions.${index}.assigneeId`]}
              onChange={(assignee) => setQuestion(index, { assignee })}
            />
          </div>
          <TextAreaField
            label="Question or instruction"
            rows={2}
            maxLength={4000}
            value={question.instruction}
            error={errors[`questions.${index}.instruction`]}
            onValueChange={(instruction) => setQuestion(index, { instruction })}
          />
          <div>
            <Button
              size="sm"
              variant="ghost"
              icon={<Trash2 size={14} aria-hidden="true" />}
              onClick={() => setQuestions((current) => current.filter((_, at) => at !== index))}
            >
              Remove question {index + 1}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() =>
            setQuestions((current) => [
              ...current,
              { key: newKey(), reference: '', instruction: '', assignee: null, dueDate: '' },
            ])
          }
        >
          Add question
        </Button>
      </div>
    </Card>
  );
}

/** Questions the assignees have answered: read-only, with the answer, who gave it and when. */
function AnsweredQuestions({ questions }: { questions: TObligationDetails['questions'] }) {
  return (
    <DataTable
      columns={['Reference', 'Question', 'Answer', 'Answered by', 'On']}
      caption="Answered questions"
    >
      {questions.map((question) => (
        <tr key={question._id}>
          <td>{question.reference}</td>
          <td className="pre-line">{question.instruction}</td>
          <td className="pre-line">{question.response}</td>
          <td>{question.answeredBy ?? '—'}</td>
          <td>{question.completedOn ? displayDay(question.completedOn) : '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
