import type { TTraineeQuestion, TTrainingAttemptResult, TTrainingAttemptRow } from '@compass/shared';
import { Send } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FieldError } from '../../components/FieldError';
import { useUnsavedChangesGuard } from '../../components/UnsavedChanges';
import { useSubmitAttempt } from './api';
import {
  answerProblems,
  clockText,
  isAnswered,
  pointsText,
  TRUE_FALSE,
  unanswered,
  type Answers,
} from './attempts';

/** What a submit answered, with the attempt it was about. */
export interface Submitted {
  attemptId: string;
  result: TTrainingAttemptResult;
}

/** The time since the attempt started (the server's startedAt), as a clock that moves each second. */
function useElapsed(startedAt: string): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return clockText((now - Date.parse(startedAt)) / 1000);
}

/**
 * The test of an attempt in progress: every question, answered in this page's state (leaving with
 * answers typed asks first), checked for an answer each, then submitted for the server to score.
 */
export function TestForm({
  attempt,
  questions,
  onSubmitted,
}: {
  attempt: TTrainingAttemptRow;
  questions: readonly TTraineeQuestion[];
  onSubmitted: (submitted: Submitted) => void;
}) {
  const [answers, setAnswers] = useState<Answers>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const elapsed = useElapsed(attempt.startedAt);
  const submit = useSubmitAttempt((result) => onSubmitted({ attemptId: attempt._id, result }));
  const { dialog } = useUnsavedChangesGuard(Object.values(answers).some(isAnswered) && !submit.isSuccess);
  const answer = (questionId: string, value: Answers[string]) => {
    setAnswers((current) => ({ ...current, [questionId]: value }));
    setProblems(({ [questionId]: _answered, ...others }) => others);
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    const missing = unanswered(questions, answers);
    setProblems(missing);
    const first = questions.find((question) => missing[question._id]);
    if (first) {
      document.getElementById(`question-${first._id}`)?.focus();
      return;
    }
    submit.mutate(
      { _id: attempt._id, answers },
      { onError: (failure) => setProblems(answerProblems(fieldErrorsOf(failure))) },
    );
  };
  return (
    <Card
      title={`Test · attempt ${attempt.number}`}
      actions={<p className="text-secondary">Elapsed time {elapsed}</p>}
    >
      <form className="stack-lg training-test" onSubmit={send} noValidate aria-label="Test">
        {questions.map((question, index) => (
          <QuestionInput
            key={question._id}
            question={question}
            number={index + 1}
            value={answers[question._id]}
            problem={problems[question._id]}
            onChange={(value) => answer(question._id, value)}
          />
        ))}
        <div className="row wrap">
          <Button
            type="submit"
            variant="primary"
            icon={<Send size={16} aria-hidden="true" />}
            loading={submit.isPending}
          >
            Submit answers
          </Button>
        </div>
      </form>
      {dialog}
    </Card>
  );
}

/** One question as a fieldset named "Question n": radios, checkboxes, True/False or a text box. */
function QuestionInput({
  question,
  number,
  value,
  problem,
  onChange,
}: {
  question: TTraineeQuestion;
  number: number;
  value: Answers[string] | undefined;
  problem: string | undefined;
  onChange: (value: Answers[string]) => void;
}) {
  const errorId = useId();
  const invalid = problem ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const chosen = Array.isArray(value) ? value : [];
  const name = `answer-${question._id}`;
  return (
    <fieldset
      id={`question-${question._id}`}
      tabIndex={-1}
      className="training-question"
      aria-label={`Question ${number}`}
      aria-describedby={problem ? errorId : undefined}
    >
      <legend className="training-question-text">
        <span className="text-secondary">
          {number}. ({pointsText(question.points)})
        </span>{' '}
        {question.text}
      </legend>
      {question.kind === 'shortAnswer' ? (
        <label className="stack">
          <span className="field-label">Your answer</span>
          <textarea
            className="input"
            rows={4}
            maxLength={5000}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
            {...invalid}
          />
        </label>
      ) : (
        <ul className="training-choices">
          {question.kind === 'multipleChoice' && (
            <li className="text-sm text-secondary">Choose every answer that applies.</li>
          )}
          {question.kind === 'trueFalse'
            ? TRUE_FALSE.map((choice) => (
                <li key={choice.label}>
                  <label className="checkbox">
                    <input
                      type="radio"
                      name={name}
                      checked={value === choice.value}
                      onChange={() => onChange(choice.value)}
                      {...invalid}
                    />
                    {choice.label}
                  </label>
                </li>
              ))
            : question.options.map((option) => (
                <li key={option._id}>
                  <label className="checkbox">
                    {question.kind === 'multipleChoice' ? (
                      <input
                        type="checkbox"
                        checked={chosen.includes(option._id)}
                        onChange={(event) =>
                          onChange(
                            question.options
                              .map((each) => each._id)
                              .filter((id) =>
                                id === option._id ? event.target.checked : chosen.includes(id),
                              ),
                          )
                        }
                        {...invalid}
                      />
                    ) : (
                      <input
                        type="radio"
                        name={name}
                        checked={chosen.includes(option._id)}
                        onChange={() => onChange([option._id])}
                        {...invalid}
                      />
                    )}
                    {option.text}
                  </label>
                </li>
              ))}
        </ul>
      )}
      <FieldError id={errorId} message={problem} />
    </fieldset>
  );
}
