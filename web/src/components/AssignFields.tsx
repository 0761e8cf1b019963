import {
  addDays,
  FREQUENCY_UNITS,
  frequencyLabel,
  hrFormPeopleSearchCall,
  type FrequencyUnit,
} from '@compass/shared';
import { useState } from 'react';
import { callApi } from '../api/client';
import { fieldErrorsOf } from '../api/errors';
import { DateField } from './DateField';
import { InputField, TextAreaField } from './FormField';
import { NO_ACCOUNT_MATCH, PeopleField, PersonField, type Person } from './PersonField';
import type { PickerPage } from './SearchPicker';
import { optionsOf, SelectField } from './SelectField';
import { Segmented } from './Tabs';
import { browserToday } from '../lib/timeZone';

/**
 * What an HR assignment (an HR form, a course) shares: to whom — employees by name, everyone in a
 * position or everyone at a workplace — the reviewer, the day it is due, whether it repeats, and a
 * message. Each dialog adds what it assigns and names its due day's field; a course adds supplier
 * personnel and whether people who join the position later are assigned too (`AssignExtras`).
 */
type Whom = 'employees' | 'position' | 'workplace' | 'personnel';
const WHOM_OPTIONS = [
  { value: 'employees', label: 'Employees' },
  { value: 'position', label: 'A position' },
  { value: 'workplace', label: 'A workplace' },
] as const;
const PERSONNEL_OPTION = { value: 'personnel', label: 'Supplier personnel' } as const;
const FREQUENCY_OPTIONS = FREQUENCY_UNITS.map((unit) => ({ value: unit.key, label: unit.label }));

/** How often an assignment is made again: "Once", "Annual", "Monthly, every 3 periods". */
export function repeatLabel(repeat: { frequency: FrequencyUnit; interval: number } | null): string {
  if (!repeat) return 'Once';
  const unit = frequencyLabel(repeat.frequency);
  return repeat.interval > 1 ? `${unit}, every ${repeat.interval} periods` : unit;
}

/** The messages of the checks, in the words of the call's contract. */
export interface AssignWords {
  whomRequired: string;
  reviewerUnknown: string;
  reviewerIsAssignee: string;
  dueRequired: string;
  dueInPast: string;
}

type PeopleSearch = {
  queryKey: readonly unknown[];
  search: (text: string) => Promise<PickerPage>;
  empty?: string;
};

type PeopleRole = 'assignee' | 'reviewer';

/** What only some assignments offer: supplier personnel found by `personnel`; a position's newcomers too. */
export interface AssignExtras {
  personnel?: PeopleSearch;
  followPosition?: boolean;
}

/** Active employees by name with their position (hrFormPeopleSearch, which serves hrAdmin): whom to assign, who reviews. */
function peopleSearch(role: PeopleRole): PeopleSearch {
  return {
    queryKey: ['assignPeople', role],
    search: async (text) => ({
      options: (await callApi(hrFormPeopleSearchCall, { body: { search: text, role } })).map((person) => ({
        value: person._id,
        label: person.name,
        detail: person.positionName ?? undefined,
      })),
      hasMore: false,
    }),
  };
}
export const ASSIGN_PEOPLE = {
  assignees: peopleSearch('assignee'),
  reviewers: { ...peopleSearch('reviewer'), empty: NO_ACCOUNT_MATCH },
};

/**
 * The shared fields' values, the body parts they make, their checks in the contract's `words` and
 * the errors shown, by the body's fields (`dueField`: the due day's name in the call).
 */
export function useAssignFields(words: AssignWords, dueField: string, extras: AssignExtras = {}) {
  const [values, setValues] = useState({
    whom: 'employees' as Whom,
    employees: [] as Person[],
    personnel: [] as Person[],
    followPosition: true,
    positionId: '',
    workplaceId: '',
    reviewer: null as Person | null,
    due: addDays(browserToday(), 14),
    frequency: '' as FrequencyUnit | '',
    interval: '1',
    message: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (next: Partial<typeof values>) => setValues((current) => ({ ...current, ...next }));
  /** The body's whom, reviewer, message and repeat (the dialog adds the due day under its call's name). */
  const body = () => ({
    employeeIds: values.whom === 'employees' ? values.employees.map((person) => person._id) : null,
    positionId: values.whom === 'position' ? values.positionId : null,
    workplaceId: values.whom === 'workplace' ? values.workplaceId : null,
    reviewerEmployeeId: values.reviewer?._id ?? '',
    message: values.message.trim() || null,
    repeat: values.frequency ? { frequency: values.frequency, interval: Number(values.interval) } : null,
    ...(extras.personnel && {
      personnelIds: values.whom === 'personnel' ? values.personnel.map((person) => person._id) : null,
    }),
    ...(extras.followPosition && { followPosition: values.whom === 'position' && values.followPosition }),
  });
  /**
   * Shows what is missing or wrong — the dialog's own `more` problems (false: none) first — and
   * says whether all is well to send.
   */
  const check = (more: Record<string, string | false> = {}): boolean => {
    const whomField = {
      employees: 'employeeIds',
      position: 'positionId',
      workplace: 'workplaceId',
      personnel: 'personnelIds',
    }[values.whom];
    const whomChosen = {
      employees: values.employees.length > 0,
      position: !!values.positionId,
      workplace: !!values.workplaceId,
      personnel: values.personnel.length > 0,
    }[values.whom];
    const interval = Number(values.interval);
    const found: Record<string, string | false> = {
      ...more,
      [whomField]: !whomChosen && words.whomRequired,
      reviewerEmployeeId:
        (!values.reviewer && words.reviewerUnknown) ||
        (values.whom === 'employees' &&
          values.employees.some((person) => person._id === values.reviewer?._id) &&
          words.reviewerIsAssignee),
      [dueField]: (!values.due && words.dueRequired) || (values.due < browserToday() && words.dueInPast),
      'repeat.interval':
        !!values.frequency &&
        !(Number.isInteger(interval) && interval >= 1 && interval <= 12) &&
        'Repeat every 1 to 12 periods.',
    };
    const problems = Object.fromEntries(
      Object.entries(found).filter((entry): entry is [string, string] => !!entry[1]),
    );
    setErrors(problems);
    return Object.keys(problems).length === 0;
  };
  /** The server's refusal, at its fields. */
  const showFailure = (failure: unknown) => setErrors(fieldErrorsOf(failure));
  return { values, errors, dueField, extras, change, body, check, showFailure };
}

export type AssignFieldsForm = ReturnType<typeof useAssignFields>;

/** The shared fields, from "Assign to" to the message, each with its error. */
export function AssignFields({
  form,
  choices,
  assignees,
  reviewers,
  dueLabel,
  repeatNote,
}: {
  form: AssignFieldsForm;
  /** The organisation's positions and workplaces. */
  choices: { positions: { _id: string; name: string }[]; workplaces: { _id: string; name: string }[] };
  assignees: PeopleSearch;
  reviewers: PeopleSearch;
  dueLabel: string;
  /** What a repeat does, shown when one is chosen. */
  repeatNote: string;
}) {
  const { values, errors, change, extras } = form;
  return (
    <>
      <div className="field">
        <span className="field-label" aria-hidden="true">
          Assign to
        </span>
        <Segmented
          label="Assign to"
          options={extras.personnel ? [...WHOM_OPTIONS, PERSONNEL_OPTION] : WHOM_OPTIONS}
          current={values.whom}
          onChange={(whom) => change({ whom })}
        />
      </div>
      {values.whom === 'employees' && (
        <PeopleField
          label="Employees"
          people={values.employees}
          error={errors.employeeIds}
          onChange={(employees) => change({ employees })}
          {...assignees}
        />
      )}
      {values.whom === 'position' && (
        <SelectField
          label="Position"
          value={values.positionId}
          none="Choose a position"
          options={optionsOf(choices.positions)}
          error={errors.positionId ?? errors.employeeIds}
          onChange={(positionId) => change({ positionId })}
        />
      )}
      {values.whom === 'position' && extras.followPosition && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.followPosition}
            onChange={(event) => change({ followPosition: event.target.checked })}
          />
          Also assign to people who join this position later
        </label>
      )}
      {values.whom === 'workplace' && (
        <SelectField
          label="Workplace"
          value={values.workplaceId}
          none="Choose a workplace"
          options={optionsOf(choices.workplaces)}
          error={errors.workplaceId ?? errors.employeeIds}
          onChange={(workplaceId) => change({ workplaceId })}
        />
      )}
      {values.whom === 'personnel' && extras.personnel && (
        <PeopleField
          label="Find a person"
          people={values.personnel}
          error={errors.personnelIds ?? errors.employeeIds}
          onChange={(personnel) => change({ personnel })}
          {...extras.personnel}
        />
      )}
      <PersonField
        label="Reviewer"
        value={values.reviewer}
        error={errors.reviewerEmployeeId}
        onChange={(reviewer) => change({ reviewer })}
        {...reviewers}
      />
      <DateField
        label={dueLabel}
        value={values.due}
        error={errors[form.dueField]}
        onValueChange={(due) => change({ due })}
      />
      <div className="form-grid">
        <SelectField
          label="Repeats"
          value={values.frequency}
          none="Once"
          options={FREQUENCY_OPTIONS}
          error={errors['repeat.frequency']}
          onChange={(frequency) => change({ frequency: frequency as FrequencyUnit | '' })}
        />
        {values.frequency && (
          <InputField
            label="Every (periods)"
            type="number"
            min={1}
            max={12}
            value={values.interval}
            error={errors['repeat.interval']}
            onValueChange={(interval) => change({ interval })}
          />
        )}
      </div>
      {values.frequency && <p className="text-sm text-secondary">{repeatNote}</p>}
      <TextAreaField
        label="Message (optional)"
        rows={3}
        maxLength={2000}
        value={values.message}
        onValueChange={(message) => change({ message })}
      />
    </>
  );
}
