import { Check } from 'lucide-react';

const STEPS = [
  { status: 'selfAssessment', label: 'Self-assessment' },
  { status: 'managerAssessment', label: 'Manager assessment' },
  { status: 'signOff', label: 'Sign-off' },
  { status: 'completed', label: 'Completed' },
] as const;

/**
 * Where a review stands, as its four steps with the open one marked (a cancelled review shows
 * none open: it stopped). The steps before the open one are done.
 */
export function ReviewStepper({ status }: { status: string }) {
  const at = STEPS.findIndex((step) => step.status === status);
  return (
    <ol className="review-stepper" aria-label="Steps of the review">
      {STEPS.map((step, index) => {
        const done = at > index || status === 'completed';
        const state = done ? 'done' : index === at ? 'current' : 'todo';
        return (
          <li
            key={step.status}
            className={`review-step review-step-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="review-step-mark" aria-hidden="true">
              {done ? <Check size={14} /> : index + 1}
            </span>
            <span className="review-step-label">
              {step.label}
              {done && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
