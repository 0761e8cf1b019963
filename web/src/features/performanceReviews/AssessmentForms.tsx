import {
  performanceReviewMessages as say,
  performanceReviewReturnCall,
  performanceReviewSaveManagerCall,
  performanceReviewSaveSelfCall,
  ZPerformanceManagerSave,
  type TPerformanceObjective,
  type TPerformanceReviewDetails,
} from '@compass/shared';
import { Save, Send, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextAreaField } from '../../components/FormField';
import { ReasonDialog } from '../../components/ReasonDialog';
import { browserToday } from '../../lib/timeZone';
import { REVIEW_CHANGES } from './api';
import { actionDrafts, actionsRequest, AgreedActionsEditor } from './AgreedActionsEditor';
import { useFormErrors } from './formErrors';
import { GivenRating, ObjectivesTable, ReviewText } from './ObjectivesTable';
import { RatingInput } from './RatingInput';

type Side = 'self' | 'manager';
type Assessment = { rating: number | null; comment: string };

/** One side's ratings and comments of the objectives, as typed, and as the save takes them. */
function useRatings(objectives: readonly TPerformanceObjective[], side: Side) {
  const [ratings, setRatings] = useState<Assessment[]>(() =>
    objectives.map((objective) => ({
      rating: side === 'self' ? objective.selfRating : objective.managerRating,
      comment: (side === 'self' ? objective.selfComment : objective.managerComment) ?? '',
    })),
  );
  return {
    ratings,
    change: (index: number, next: Partial<Assessment>) =>
      setRatings((current) => current.map((given, at) => (at === index ? { ...given, ...next } : given))),
    request: () =>
      objectives.map((objective, index) => ({
        _id: objective._id,
        rating: ratings[index]!.rating,
        comment: ratings[index]!.comment.trim() || null,
      })),
    /** Submitting needs every objective rated: the first one left, by field. */
    unrated: (): Record<string, string> => {
      const index = ratings.findIndex((given) => given.rating === null);
      return index < 0 ? {} : { [`objectives.${index}.rating`]: say.objectivesAllRated };
    },
  };
}

/** The column in which the caller rates each objective and says why. */
function ratingColumn(form: ReturnType<typeof useRatings>, errors: Record<string, string>) {
  return {
    heading: 'Your rating',
    cell: (objective: TPerformanceObjective, index: number) => (
      <div className="stack">
        <RatingInput
          label={`Your rating of ${objective.title}`}
          value={form.ratings[index]!.rating}
          error={errors[`objectives.${index}.rating`]}
          onChange={(rating) => form.change(index, { rating })}
        />
        <TextAreaField
          label={
            <>
              Comment<span className="visually-hidden"> on {objective.title}</span>
            </>
          }
          rows={2}
          maxLength={2000}
          value={form.ratings[index]!.comment}
          onValueChange={(comment) => form.change(index, { comment })}
        />
      </div>
    ),
  };
}

/** Save draft and Submit, and what else the form offers beside them. */
function FormButtons({
  pending,
  submitLabel,
  onSave,
  children,
}: {
  pending: boolean;
  submitLabel: string;
  onSave: (submit: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <div className="row wrap">
      <Button icon={<Save size={16} aria-hidden="true" />} disabled={pending} onClick={() => onSave(false)}>
        Save draft
      </Button>
      <Button
        variant="primary"
        icon={<Send size={16} aria-hidden="true" />}
        loading={pending}
        onClick={() => onSave(true)}
      >
        {submitLabel}
      </Button>
      {children}
    </div>
  );
}

/** What a failed save says by field, besides its toast; a stale version goes to the page. */
type SaveProps = { review: TPerformanceReviewDetails; onStale: (error: unknown) => void };

/**
 * The employee's self-assessment: a rating and a comment for each objective and their overall
 * text, saved as a draft or submitted to the reviewer (then every objective rated, the text written).
 */
export function SelfAssessmentForm({ review, onStale }: SaveProps) {
  const form = useRatings(review.objectives, 'self');
  const [text, setText] = useState(review.selfAssessment ?? '');
  const { errors, passes, failed } = useFormErrors(onStale);
  const save = useCall(performanceReviewSaveSelfCall, { invalidate: REVIEW_CHANGES });
  const send = (submit: boolean) => {
    const problems = submit
      ? { ...form.unrated(), ...(!text.trim() && { selfAssessment: say.selfAssessmentRequired }) }
      : {};
    if (!passes(problems)) return;
    save.mutate(
      {
        body: {
          _id: review._id,
          version: review.version,
          objectives: form.request(),
          selfAssessment: text.trim() || null,
          submit,
        },
      },
      { onError: failed },
    );
  };
  return (
    <>
      <ObjectivesTable objectives={review.objectives} columns={[ratingColumn(form, errors)]} />
      <Card title="Your self-assessment">
        <div className="stack">
          <TextAreaField
            label="How the period went for you"
            rows={6}
            maxLength={8000}
            value={text}
            error={errors.selfAssessment}
            onValueChange={setText}
          />
          <FormButtons pending={save.isPending} submitLabel="Submit to reviewer" onSave={send} />
        </div>
      </Card>
    </>
  );
}

/**
 * The reviewer's assessment: each objective rated beside the employee's own rating, their text,
 * the overall rating and the agreed actions; saved as a draft, submitted for sign-off, or the
 * self-assessment returned to the employee with a comment.
 */
export function ManagerAssessmentForm({ review, onStale }: SaveProps) {
  const form = useRatings(review.objectives, 'manager');
  const [text, setText] = useState(review.managerAssessment ?? '');
  const [overall, setOverall] = useState(review.overallRating);
  const [actions, setActions] = useState(() => actionDrafts(review));
  const { errors, passes, failed } = useFormErrors(onStale);
  const [returning, setReturning] = useState(false);
  const save = useCall(performanceReviewSaveManagerCall, { invalidate: REVIEW_CHANGES });
  const back = useCall(performanceReviewReturnCall, { invalidate: REVIEW_CHANGES });
  const send = (submit: boolean) => {
    const body = {
      _id: review._id,
      version: review.version,
      objectives: form.request(),
      managerAssessment: text.trim() || null,
      overallRating: overall,
      agreedActions: actionsRequest(actions),
      submit,
    };
    const problems = schemaProblems(ZPerformanceManagerSave, body);
    actions.forEach((action, index) => {
      if (submit && action.dueDate && action.dueDate < browserToday())
        problems[`agreedActions.${index}.dueDate`] ??= say.actionDueInPast;
    });
    if (submit) {
      Object.assign(problems, form.unrated());
      if (!body.managerAssessment) problems.managerAssessment = say.managerAssessmentRequired;
      if (!overall) problems.overallRating = say.overallRatingRequired;
    }
    if (!passes(problems)) return;
    save.mutate({ body }, { onError: failed });
  };
  const employee = { _id: review.employeeId, name: review.employeeName };
  return (
    <>
      <ObjectivesTable
        objectives={review.objectives}
        columns={[
          {
            heading: `${review.employeeName}’s rating`,
            cell: (objective) => (
              <GivenRating rating={objective.selfRating} comment={objective.selfComment} />
            ),
          },
          ratingColumn(form, errors),
        ]}
      />
      <Card title={`${review.employeeName}’s self-assessment`}>
        <ReviewText text={review.selfAssessment} none="Not written." />
      </Card>
      <Card title="Your assessment">
        <div className="stack">
          <TextAreaField
            label="Your assessment of the period"
            rows={6}
            maxLength={8000}
            value={text}
            error={errors.managerAssessment}
            onValueChange={setText}
          />
          <div className="field">
            <span className="field-label">Overall rating</span>
            <RatingInput
              label="Overall rating"
              value={overall}
              error={errors.overallRating}
              onChange={setOverall}
            />
          </div>
        </div>
      </Card>
      <Card title="Agreed actions">
        <div className="stack">
          <p className="text-sm text-secondary">
            They become actions on each person’s list once you and {review.employeeName} have both signed.
          </p>
          <AgreedActionsEditor actions={actions} employee={employee} errors={errors} onChange={setActions} />
        </div>
      </Card>
      <FormButtons pending={save.isPending} submitLabel="Submit for sign-off" onSave={send}>
        {review.canReturn && (
          <Button icon={<Undo2 size={16} aria-hidden="true" />} onClick={() => setReturning(true)}>
            Return to employee
          </Button>
        )}
      </FormButtons>
      {returning && (
        <ReasonDialog
          title="Return to employee"
          description={`${review.employeeName} gets an e-mail with your comment, and the self-assessment is theirs to change again.`}
          label="What needs to change"
          requiredMessage={say.commentRequired}
          submitLabel="Return"
          pending={back.isPending}
          onClose={() => setReturning(false)}
          onSubmit={(comment) =>
            back.mutate({ body: { _id: review._id, version: review.version, comment } }, { onError: onStale })
          }
        />
      )}
    </>
  );
}
