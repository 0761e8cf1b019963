import { VISITOR_QUESTIONS_MAX, type TVisitorQuestion } from '@compass/shared';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { IconButton } from '../../components/IconButton';
import { SelectField } from '../../components/SelectField';

const TYPE_OPTIONS = [
  { value: 'text', label: 'Text' },
  { value: 'yesNo', label: 'Yes or no' },
];

/**
 * The kiosk's own questions, asked in this order at sign-in: added, removed and moved up or down.
 * `errors` are the form's, by path (`questions.1.label`; `questions` for the list as a whole).
 */
export function SetupQuestions({
  questions,
  errors,
  onChange,
}: {
  questions: TVisitorQuestion[];
  errors: Record<string, string>;
  onChange: (questions: TVisitorQuestion[]) => void;
}) {
  const errorId = useId();
  const set = (index: number, change: Partial<TVisitorQuestion>) =>
    onChange(questions.map((question, at) => (at === index ? { ...question, ...change } : question)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...questions];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const add = () =>
    onChange([...questions, { _id: crypto.randomUUID(), label: '', type: 'text', required: false }]);
  return (
    <Card
      title="Questions"
      actions={
        <Button
          size="sm"
          icon={<Plus size={16} aria-hidden="true" />}
          disabled={questions.length >= VISITOR_QUESTIONS_MAX}
          onClick={add}
        >
          Add question
        </Button>
      }
    >
      {questions.length === 0 && (
        <p className="text-secondary">The kiosk asks only for the name, company, host, purpose and phone.</p>
      )}
      {questions.map((question, index) => (
        <div key={question._id} className="question-row" role="group" aria-label={`Question ${index + 1}`}>
          <InputField
            label="Question"
            value={question.label}
            maxLength={200}
            error={errors[`questions.${index}.label`]}
            onValueChange={(label) => set(index, { label })}
          />
          <SelectField
            label="Answer type"
            value={question.type}
            options={TYPE_OPTIONS}
            onChange={(type) => set(index, { type: type as TVisitorQuestion['type'] })}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={question.required}
              onChange={(event) => set(index, { required: event.target.checked })}
            />
            Required
          </label>
          <div className="row">
            <IconButton
              label="Move up"
              icon={<ArrowUp size={16} aria-hidden="true" />}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            />
            <IconButton
              label="Move down"
              icon={<ArrowDown size={16} aria-hidden="true" />}
              disabled={index === questions.length - 1}
              onClick={() => move(index, 1)}
            />
            <Button
              size="sm"
              variant="ghost"
              icon={<Trash2 size={16} aria-hidden="true" />}
              onClick={() => onChange(questions.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </div>
        </div>
      ))}
      <FieldError id={errorId} message={errors.questions} />
    </Card>
  );
}
