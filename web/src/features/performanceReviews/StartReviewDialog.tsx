import {
  addDays,
  performanceReviewMessages as say,
  performanceReviewStartCall,
  performanceReviewTitle,
  ZDay,
  ZPerformanceReviewStart,
  type TPerformanceReviewStart,
} from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { DateField } from '../../components/DateField';
import { InputField } from '../../components/FormField';
import { PersonField, type Person } from '../../components/PersonField';
import { browserToday } from '../../lib/timeZone';
import { useFormErrors } from './formErrors';
import { managerOf, REVIEW_CHANGES, REVIEWED_EMPLOYEES, REVIEWERS } from './api';
import { emptyObjective, ObjectivesEditor, objectivesRequest } from './ObjectivesEditor';

/** The days the form asks for, and how a missing one is named. */
const DATES = [
  ['periodStart', 'the start of the period'],
  ['periodEnd', 'the end of the period'],
  ['dueDate', 'the due date'],
] as const;

/** Whom a review is started for, when the page is theirs, and their manager (the first reviewer). */
type Whom = { employee?: Person | null; manager?: Person | null };

/** The form's first values: this calendar year, due in two weeks, one objective worth it all. */
function initialValues({ employee = null, manager = null }: Whom) {
  const today = browserToday();
  const year = today.slice(0, 4);
  return {
    employee,
    reviewer: manager ?? (employee && managerOf(employee._id)),
    reviewerChosen: false,
    title: '',
    periodStart: `${year}-01-01`,
    periodEnd: `${year}-12-31`,
    dueDate: addDays(today, 14),
    objectives: [emptyObjective('100')],
  };
}

/**
 * Start a performance review: the employee, their reviewer (their manager, when the search knows
 * one, until another is chosen), the title, the period, the due date and the weighted objectives.
 * The employee is told by mail and finds it on their dashboard.
 */
function StartReviewDialog({ whom, onClose }: { whom: Whom; onClose: () => void }) {
  const [values, setValues] = useState(() => initialValues(whom));
  const change = (next: Partial<typeof values>) => setValues((current) => ({ ...current, ...next }));
  const { errors, passes, failed } = useFormErrors();
  const start = useCall(performanceReviewStartCall, { invalidate: REVIEW_CHANGES, onSuccess: onClose });
  const request = (): TPerformanceReviewStart => ({
    employeeId: values.employee?._id ?? '',
    reviewerEmployeeId: values.reviewer?._id ?? '',
    title: values.title.trim() || null,
    periodStart: values.periodStart,
    periodEnd: values.periodEnd,
    dueDate: values.dueDate,
    objectives: objectivesRequest(values.objectives),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = request();
    const problems = schemaProblems(ZPerformanceReviewStart, body);
    for (const [field, what] of DATES) if (!body[field]) problems[field] = `Choose ${what}.`;
    if (body.dueDate && body.dueDate < browserToday()) problems.dueDate ??= say.dueInPast;
    if (!passes(problems)) return;
    start.mutate({ body }, { onError: failed });
  };
  // The employee's manager reviews, unless a reviewer was chosen by hand.
  const chooseEmployee = (chosen: Person | null) =>
    change({
      employee: chosen,
      ...(!values.reviewerChosen && { reviewer: chosen && managerOf(chosen._id) }),
    });
  const periodGiven = [values.periodStart, values.periodEnd].every((day) => ZDay.safeParse(day).success);
  return (
    <Dialog
      title="Start review"
      description="The employee gets an e-mail and finds the review on their dashboard; they assess themself first, then the reviewer."
      onClose={onClose}
      wide
    >
      <form className="stack" onSubmit={submit} noValidate>
        <PersonField
          label="Employee"
          value={values.employee}
          error={errors.employeeId}
          onChange={chooseEmployee}
          {...REVIEWED_EMPLOYEES}
        />
        <PersonField
          label="Reviewer"
          value={values.reviewer}
          error={errors.reviewerEmployeeId}
          onChange={(reviewer) => change({ reviewer, reviewerChosen: true })}
          {...REVIEWERS}
        />
        <div className="form-grid">
          <DateField
            label="Period from"
            value={values.periodStart}
            error={errors.periodStart}
            onValueChange={(periodStart) => change({ periodStart })}
          />
          <DateField
            label="Period to"
            value={values.periodEnd}
            error={errors.periodEnd}
            onValueChange={(periodEnd) => change({ periodEnd })}
          />
        </div>
        <InputField
          label="Title (optional)"
          maxLength={200}
          placeholder={periodGiven ? performanceReviewTitle(values.periodStart, values.periodEnd) : undefined}
          value={values.title}
          error={errors.title}
          onValueChange={(title) => change({ title })}
        />
        <DateField
          label="Due date"
          value={values.dueDate}
          error={errors.dueDate}
          onValueChange={(dueDate) => change({ dueDate })}
        />
        <ObjectivesEditor
          objectives={values.objectives}
          errors={errors}
          onChange={(objectives) => change({ objectives })}
        />
        <DialogFormActions submitLabel="Start review" pending={start.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** The Start review button and its dialog. */
export function StartReviewButton(whom: Whom) {
  const [starting, setStarting] = useState(false);
  return (
    <>
      <Button
        variant="primary"
        icon={<Plus size={16} aria-hidden="true" />}
        onClick={() => setStarting(true)}
      >
        Start review
      </Button>
      {starting && <StartReviewDialog whom={whom} onClose={() => setStarting(false)} />}
    </>
  );
}
