import {
  trainingAssignmentMessages as say,
  type TTrainingAttemptQuestion,
  type TTrainingAttemptResult,
  type TTrainingAttemptView,
} from '@compass/shared';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { Button } from '../../components/Button';
import { InputField, TextAreaField } from '../../components/FormField';
import { useUnsavedChangesGuard } from '../../components/UnsavedChanges';
import { useMarkAttempt } from './api';
import { AttemptPage, AttemptQuestions, AttemptSummary } from './attemptParts';

/**
 * /human-resource/employee/online-training-form-edit/:id (the reviewer's dashboard item): the
 * attempt as the view shows it, each short answer with its guidance and the points to award, and
 * a comment to the employee; the marks pass or fail the attempt.
 */
export function AttemptReviewPage() {
  return (
    <AttemptPage pageTitle={(heading) => `Mark ${heading}`}>
      {(attempt) => <Marking key={attempt._id} attempt={attempt} />}
    </AttemptPage>
  );
}

/** Whether `text` is a whole number of points from 0 to `points`; else what is wrong, in the server's words. */
function markProblem(text: string | undefined, points: number): string | null {
  if (text === undefined || text.trim() === '') return say.markRequired;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= points ? null : say.markRange(points);
}

/**
 * The server's problems of the marks, by question id: its checks name the question
 * (`marks.<questionId>`), its schema the place in the list sent (`marks.<n>.points`).
 */
function markProblems(fieldErrors: Record<string, string>, sent: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const place = /^marks\.([^.]+)/.exec(field)?.[1];
    const questionId = place && /^\d+$/.test(place) ? sent[Number(place)] : place;
    if (questionId) found[questionId] ??= message;
  }
  return found;
}

function Marking({ attempt }: { attempt: TTrainingAttemptView }) {
  const [points, setPoints] = useState<Record<string, string>>({});
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [result, setResult] = useState<TTrainingAttemptResult | null>(null);
  const mark = useMarkAttempt(setResult);
  const written = attempt.questions.filter((question) => question.kind === 'shortAnswer');
  const typed = Object.values(points).some((text) => text.trim() !== '') || comment.trim() !== '';
  const { dialog } = useUnsavedChangesGuard(attempt.canMark && typed && !mark.isSuccess);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(
      written
        .map((question) => [question._id, markProblem(points[question._id], question.points)] as const)
        .filter((entry): entry is readonly [string, string] => entry[1] !== null),
    );
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    mark.mutate(
      {
        _id: attempt._id,
        marks: written.map((question) => ({
          questionId: question._id,
          points: Number(points[question._id]),
        })),
        comment: comment.trim() || null,
      },
      {
        onError: (failure) =>
          setProblems(
            markProblems(
              fieldErrorsOf(failure),
              written.map((question) => question._id),
            ),
          ),
      },
    );
  };
  const pointsInput = (question: TTrainingAttemptQuestion, number: number) => (
    <InputField
      label={`Points for question ${number} (0–${question.points})`}
      type="number"
      inputMode="numeric"
      min={0}
      max={question.points}
      value={points[question._id] ?? ''}
      error={problems[question._id]}
      onValueChange={(text) => setPoints((current) => ({ ...current, [question._id]: text }))}
    />
  );
  return (
    <>
      {result && (
        <div className="alert alert-success" role="status">
          <p>{result.message}</p>
        </div>
      )}
      <AttemptSummary attempt={attempt} marking />
      {attempt.canMark ? (
        <form className="stack-lg" onSubmit={save} noValidate aria-label="Marks">
          <AttemptQuestions questions={attempt.questions} mark={pointsInput} />
          <section className="card card-body stack" aria-label="Your marks">
            <TextAreaField
              label="Comment to the employee"
              rows={3}
              maxLength={2000}
              value={comment}
              onValueChange={setComment}
            />
            <div className="row wrap">
              <Button
                type="submit"
                variant="primary"
                icon={<Save size={16} aria-hidden="true" />}
                loading={mark.isPending}
              >
                Save marks
              </Button>
            </div>
          </section>
        </form>
      ) : (
        <>
          {!result && <p className="alert alert-info">This attempt is not waiting for your marks.</p>}
          <AttemptQuestions questions={attempt.questions} />
        </>
      )}
      {dialog}
    </>
  );
}
