import {
  performanceReviewSaveObjectivesCall,
  performanceReviewSignOffCall,
  type TPerformanceReviewDetails,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { useCall } from '../../api/useCall';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { TextAreaField } from '../../components/FormField';
import { REVIEW_CHANGES } from './api';
import { useFormErrors } from './formErrors';
import {
  objectiveProblems,
  ObjectivesEditor,
  objectivesRequest,
  type ObjectiveDraft,
} from './ObjectivesEditor';

/** What the dialogs of a review's page are given: the review, and what a refused change does. */
type DialogProps = {
  review: TPerformanceReviewDetails;
  onStale: (error: unknown) => void;
  onClose: () => void;
};

/**
 * Change the objectives while the employee has not submitted their self-assessment (the reviewer,
 * the starter or HR): an objective kept keeps its draft ratings.
 */
export function ChangeObjectivesDialog({ review, onStale, onClose }: DialogProps) {
  const [objectives, setObjectives] = useState<ObjectiveDraft[]>(() =>
    review.objectives.map((objective) => ({
      key: objective._id,
      _id: objective._id,
      title: objective.title,
      description: objective.description ?? '',
      weight: String(objective.weight),
    })),
  );
  const { errors, passes, failed } = useFormErrors(onStale);
  const save = useCall(performanceReviewSaveObjectivesCall, {
    invalidate: REVIEW_CHANGES,
    onSuccess: onClose,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passes(objectiveProblems(objectives))) return;
    save.mutate(
      { body: { _id: review._id, version: review.version, objectives: objectivesRequest(objectives) } },
      { onError: failed },
    );
  };
  return (
    <Dialog
      title="Change objectives"
      description={`${review.employeeName} sees the change at once; what they drafted for an objective you keep stays.`}
      onClose={onClose}
      wide
    >
      <form className="stack" onSubmit={submit} noValidate>
        <ObjectivesEditor objectives={objectives} errors={errors} onChange={setObjectives} />
        <DialogFormActions submitLabel="Save objectives" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * Sign the review, once, with a comment if wanted. Signing says the review was read and
 * discussed, not that it is agreed: a comment is where to say so. The second signature completes it.
 */
export function SignOffDialog({ review, onStale, onClose }: DialogProps) {
  const [comment, setComment] = useState('');
  const sign = useCall(performanceReviewSignOffCall, { invalidate: REVIEW_CHANGES, onSuccess: onClose });
  const last = review.side === 'employee' ? review.reviewerSignedAt : review.employeeSignedAt;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sign.mutate(
      { body: { _id: review._id, version: review.version, comment: comment.trim() || null } },
      { onError: onStale },
    );
  };
  return (
    <Dialog
      title="Sign off the review"
      description={
        <>
          Signing says you have read the review and discussed it; it does not mean you agree with all of it.
          If you do not, say so below.
          {last &&
            ' Yours is the second signature: the review is then complete and its agreed actions are assigned.'}
        </>
      }
      onClose={onClose}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <TextAreaField
          label="Comment (optional)"
          rows={4}
          maxLength={2000}
          value={comment}
          onValueChange={setComment}
        />
        <DialogFormActions submitLabel="Sign" pending={sign.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
