import {
  FREQUENCY_KEYS,
  frequencyLabel,
  registerMessages as say,
  type FrequencyUnit,
  type TPersonRef,
} from '@compass/shared';
import { InputField } from '../../components/FormField';
import type { ComponentProps } from 'react';
import { PersonField } from '../../components/PersonField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { peopleSearch, useWorkplaces, type ItemParts, type RegisterCalls } from './api';
import { browserToday } from '../../lib/timeZone';

/** Owner, workplace and the review schedule as an edit form holds them. */
export interface Stewardship {
  owner: TPersonRef | null;
  workplaceId: string;
  reviewFrequency: FrequencyUnit | '';
  reviewer: TPersonRef | null;
  coReviewer: TPersonRef | null;
  nextReviewDate: string;
}

export function stewardshipOf(item: ItemParts | null): Stewardship {
  return {
    owner: item?.owner ?? null,
    workplaceId: item?.workplace?._id ?? '',
    reviewFrequency: item?.reviewFrequency ?? '',
    reviewer: item?.reviewer ?? null,
    coReviewer: item?.coReviewer ?? null,
    nextReviewDate: item?.nextReviewDate ?? '',
  };
}

/** The part of a save's body that stewardship fills (the server checks it again). */
export function stewardshipBody(value: Stewardship) {
  return {
    ownerId: value.owner?._id ?? '',
    workplaceId: value.workplaceId || null,
    reviewFrequency: value.reviewFrequency as FrequencyUnit,
    reviewerId: value.reviewer?._id ?? '',
    coReviewerId: value.coReviewer?._id ?? null,
    nextReviewDate: value.nextReviewDate,
  };
}

/** The checks the browser makes before sending (the same messages the server gives). */
export function stewardshipErrors(value: Stewardship): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!value.owner) errors.ownerId = say.ownerRequired;
  if (!value.reviewFrequency) errors.reviewFrequency = say.frequencyUnknown;
  if (!value.reviewer) errors.reviewerId = say.reviewerRequired;
  if (value.coReviewer && value.coReviewer._id === value.reviewer?._id)
    errors.coReviewerId = say.coReviewerSame;
  if (!value.nextReviewDate) errors.nextReviewDate = say.nextReviewRequired;
  else if (value.nextReviewDate < browserToday()) errors.nextReviewDate = say.nextReviewPast;
  return errors;
}

export function StewardshipFields({
  value,
  onChange,
  errors,
  calls,
  queryKey,
  workplaceLabel = 'Workplace',
}: {
  value: Stewardship;
  onChange: (value: Stewardship) => void;
  errors: Record<string, string>;
  calls: RegisterCalls;
  queryKey: readonly unknown[];
  workplaceLabel?: string;
}) {
  const workplaces = useWorkplaces(calls, queryKey);
  const set = <K extends keyof Stewardship>(key: K, next: Stewardship[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <div className="form-grid">
      <PersonField
        label="Owner"
        value={value.owner}
        onChange={(person) => set('owner', person)}
        search={peopleSearch(calls)}
        queryKey={[...queryKey, 'people']}
        error={errors.ownerId}
      />
      <SelectField
        label={workplaceLabel}
        value={value.workplaceId}
        none="No workplace"
        options={optionsOf(workplaces.data?.workplaces)}
        error={errors.workplaceId}
        onChange={(next) => set('workplaceId', next)}
      />
      <ReviewScheduleFields
        value={value}
        onChange={set}
        errors={errors}
        reviewers={{ search: peopleSearch(calls, 'reviewer'), queryKey: [...queryKey, 'reviewers'] }}
      />
    </div>
  );
}

/** The error keys of the owner and review fields (cleared together when any of them changes). */
export const STEWARDSHIP_FIELDS = [
  'ownerId',
  'workplaceId',
  'reviewFrequency',
  'reviewerId',
  'coReviewerId',
  'nextReviewDate',
];

/** The review schedule as an edit form holds it. */
export type ReviewSchedule = Pick<
  Stewardship,
  'reviewFrequency' | 'nextReviewDate' | 'reviewer' | 'coReviewer'
>;

/** How often the item is reviewed, when next, by whom and with whom (in the form's grid). */
export function ReviewScheduleFields({
  value,
  onChange,
  errors,
  reviewers,
  frequencyNone = 'Choose',
  coReviewerLabel = 'Co-reviewer (optional)',
}: {
  value: ReviewSchedule;
  onChange: (key: keyof ReviewSchedule, next: ReviewSchedule[keyof ReviewSchedule]) => void;
  errors: Record<string, string>;
  /** The register's people search for the reviewer and co-reviewer. */
  reviewers: Pick<ComponentProps<typeof PersonField>, 'search' | 'queryKey' | 'empty'>;
  frequencyNone?: string;
  coReviewerLabel?: string;
}) {
  return (
    <>
      <SelectField
        label="Review frequency"
        value={value.reviewFrequency}
        none={frequencyNone}
        options={FREQUENCY_KEYS.map((key) => ({ value: key, label: frequencyLabel(key) }))}
        error={errors.reviewFrequency}
        onChange={(next) => onChange('reviewFrequency', next as FrequencyUnit | '')}
      />
      <InputField
        label="Next review"
        type="date"
        value={value.nextReviewDate}
        min={browserToday()}
        error={errors.nextReviewDate}
        onValueChange={(next) => onChange('nextReviewDate', next)}
      />
      <PersonField
        {...reviewers}
        label="Reviewer"
        value={value.reviewer}
        onChange={(person) => onChange('reviewer', person)}
        error={errors.reviewerId}
      />
      <PersonField
        {...reviewers}
        label={coReviewerLabel}
        value={value.coReviewer}
        onChange={(person) => onChange('coReviewer', person)}
        error={errors.coReviewerId}
        optional
      />
    </>
  );
}
