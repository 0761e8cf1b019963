import {
  isChoiceQuestion,
  TRAINING_LIMITS,
  TRAINING_QUESTION_KIND_LABELS,
  TRAINING_QUESTION_KINDS,
  type TrainingQuestionKind,
  type TTrainingQuestion,
} from '@compass/shared';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { InputField, TextAreaField } from '../../components/FormField';
import { IconButton } from '../../components/IconButton';
import { SelectField } from '../../components/SelectField';
import {
  changedAt,
  moved,
  newOption,
  newQuestion,
  problemsUnder,
  removedAt,
  withKind,
  type Problems,
} from './model';
import { ItemsCard, ItemTools, NumberField } from './parts';
import type { CourseEditor } from './useCourseEditor';

const KIND_OPTIONS = TRAINING_QUESTION_KINDS.map((kind) => ({
  value: kind,
  label: TRAINING_QUESTION_KIND_LABELS[kind],
}));

/** The course's test: its questions in order, each with its answer key and points. */
export function QuestionsCard({ editor }: { editor: CourseEditor }) {
  const { form, problems } = editor;
  const { questions } = form.content;
  const setQuestions = (next: TTrainingQuestion[]) => editor.setContent({ questions: next });
  return (
    <ItemsCard
      title="Test"
      field="content.questions"
      addLabel="Add question"
      emptyText="No questions yet: add the first one."
      count={questions.length}
      limit={TRAINING_LIMITS.questions}
      error={problems['content.questions']}
      onAdd={() => setQuestions([...questions, newQuestion()])}
    >
      {questions.map((question, index) => (
        <QuestionEditor
          key={question._id}
          question={question}
          index={index}
          count={questions.length}
          problems={problemsUnder(problems, `content.questions.${index}.`)}
          onChange={(next) => setQuestions(questions.map((item, at) => (at === index ? next : item)))}
          onMove={(by) => setQuestions(moved(questions, index, by))}
          onRemove={() => setQuestions(removedAt(questions, index))}
        />
      ))}
    </ItemsCard>
  );
}

function QuestionEditor({
  question,
  index,
  count,
  problems,
  onChange,
  onMove,
  onRemove,
}: {
  question: TTrainingQuestion;
  index: number;
  count: number;
  /** This question's problems by field (`text`, `options.1.text`…). */
  problems: Problems;
  onChange: (question: TTrainingQuestion) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const patch = (values: Partial<TTrainingQuestion>) => onChange({ ...question, ...values });
  return (
    <section
      className="course-item stack"
      aria-labelledby={`${id}-heading`}
      data-scope={`content.questions.${index}`}
    >
      <div className="row-between">
        <h3 id={`${id}-heading`} className="course-item-title">
          Question {index + 1}
        </h3>
        <ItemTools
          name={`question ${index + 1}`}
          index={index}
          count={count}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
      <div className="form-grid">
        <SelectField
          label="Kind"
          value={question.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => onChange(withKind(question, kind as TrainingQuestionKind))}
        />
        <NumberField
          label="Points"
          value={question.points}
          min={1}
          max={10}
          error={problems.points}
          onChange={(points) => patch({ points })}
        />
      </div>
      <TextAreaField
        label={question.kind === 'trueFalse' ? 'Statement' : 'Question'}
        value={question.text}
        rows={2}
        maxLength={2000}
        error={problems.text}
        onValueChange={(text) => patch({ text })}
      />
      {isChoiceQuestion(question.kind) && (
        <OptionsEditor question={question} problems={problems} onChange={patch} />
      )}
      {question.kind === 'trueFalse' && (
        <fieldset className="field course-choices">
          <legend className="field-label">The statement is</legend>
          <div className="row wrap">
            {[true, false].map((value) => (
              <label key={String(value)} className="checkbox">
                <input
                  type="radio"
                  name={`${id}-answer`}
                  checked={question.correctAnswer === value}
                  aria-invalid={problems.correctAnswer ? true : undefined}
                  onChange={() => patch({ correctAnswer: value })}
                />
                {value ? 'True' : 'False'}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-answer-error`} message={problems.correctAnswer} />
        </fieldset>
      )}
      {question.kind === 'shortAnswer' && (
        <TextAreaField
          label="Model answer for the reviewer (optional)"
          value={question.modelAnswer ?? ''}
          rows={2}
          maxLength={2000}
          error={problems.modelAnswer}
          onValueChange={(text) => patch({ modelAnswer: text.trim() === '' ? null : text })}
        />
      )}
    </section>
  );
}

/** A choice question's answers, the correct one(s) marked: a radio for single, checkboxes for multiple. */
function OptionsEditor({
  question,
  problems,
  onChange,
}: {
  question: TTrainingQuestion;
  problems: Problems;
  onChange: (patch: Partial<TTrainingQuestion>) => void;
}) {
  const id = useId();
  const single = question.kind === 'singleChoice';
  const { options, correctOptionIds } = question;
  const mark = (optionId: string, correct: boolean) =>
    onChange({
      correctOptionIds: single
        ? [optionId]
        : correct
          ? [...correctOptionIds, optionId]
          : correctOptionIds.filter((correctId) => correctId !== optionId),
    });
  return (
    <fieldset className="field course-choices">
      <legend className="field-label">
        Answers{' '}
        <span className="text-secondary">({single ? 'mark the correct one' : 'mark every correct one'})</span>
      </legend>
      <ol className="stack course-options">
        {options.map((option, index) => (
          <li key={option._id} className="course-option">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`${id}-correct`}
              aria-label={`Answer ${index + 1} is correct`}
              checked={correctOptionIds.includes(option._id)}
              aria-invalid={problems.correctOptionIds ? true : undefined}
              onChange={(event) => mark(option._id, event.target.checked)}
            />
            <InputField
              label={`Answer ${index + 1}`}
              value={option.text}
              maxLength={500}
              error={problems[`options.${index}.text`]}
              onValueChange={(text) => onChange({ options: changedAt(options, index, { text }) })}
            />
            <IconButton
              label={`Remove answer ${index + 1}`}
              icon={<X size={16} aria-hidden="true" />}
              onClick={() =>
                onChange({
                  options: removedAt(options, index),
                  correctOptionIds: correctOptionIds.filter((correctId) => correctId !== option._id),
                })
              }
            />
          </li>
        ))}
      </ol>
      <FieldError id={`${id}-options-error`} message={problems.options} />
      <FieldError id={`${id}-correct-error`} message={problems.correctOptionIds} />
      <div>
        <Button
          size="sm"
          icon={<Plus size={16} aria-hidden="true" />}
          disabled={options.length >= TRAINING_LIMITS.options}
          onClick={() => onChange({ options: [...options, newOption()] })}
        >
          Add answer
        </Button>
      </div>
    </fieldset>
  );
}
