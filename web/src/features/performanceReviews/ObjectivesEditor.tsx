import { PERFORMANCE_REVIEW_MAX_OBJECTIVES, ZPerformanceObjectives } from '@compass/shared';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import { schemaProblems } from '../../api/errors';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { InputField, TextAreaField } from '../../components/FormField';
import { IconButton } from '../../components/IconButton';

/** One objective as typed: the weight as its text, `key` for React, `_id` once the server has it. */
export interface ObjectiveDraft {
  key: string;
  _id?: string;
  title: string;
  description: string;
  weight: string;
}

let drafted = 0;
/** A new, empty objective row. */
export const emptyObjective = (weight = ''): ObjectiveDraft => ({
  key: `new-${(drafted += 1)}`,
  title: '',
  description: '',
  weight,
});

/** The weights typed so far, added up (a weight that is not a number counts as 0). */
export const weightTotal = (objectives: readonly ObjectiveDraft[]) =>
  objectives.reduce((sum, objective) => sum + (Number(objective.weight) || 0), 0);

/** The objectives as the calls take them. */
export const objectivesRequest = (objectives: readonly ObjectiveDraft[]) =>
  objectives.map((objective) => ({
    ...(objective._id && { _id: objective._id }),
    title: objective.title.trim(),
    description: objective.description.trim() || null,
    weight: Number(objective.weight),
  }));

const ZObjectivesBody = z.object({ objectives: ZPerformanceObjectives });

/** What is wrong with the objectives, by field (`objectives.0.title`, `objectives`), in the server's words. */
export const objectiveProblems = (objectives: readonly ObjectiveDraft[]) =>
  schemaProblems(ZObjectivesBody, { objectives: objectivesRequest(objectives) });

/**
 * A review's objectives: each named, described and weighted, added, removed and moved up or down,
 * with the weights' total kept in view (it must come to 100%).
 */
export function ObjectivesEditor({
  objectives,
  onChange,
  errors,
}: {
  objectives: ObjectiveDraft[];
  onChange: (objectives: ObjectiveDraft[]) => void;
  errors: Record<string, string>;
}) {
  const totalId = useId();
  const errorId = useId();
  const total = weightTotal(objectives);
  const change = (index: number, next: Partial<ObjectiveDraft>) =>
    onChange(objectives.map((objective, at) => (at === index ? { ...objective, ...next } : objective)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...objectives];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  return (
    <fieldset className="objective-editor stack" aria-describedby={errors.objectives ? errorId : totalId}>
      <legend className="field-label">Objectives</legend>
      <ol className="objective-drafts">
        {objectives.map((objective, index) => {
          const name = objective.title.trim() || `objective ${index + 1}`;
          return (
            <li key={objective.key} className="objective-draft">
              <div className="objective-draft-fields">
                <InputField
                  label={`Objective ${index + 1}`}
                  value={objective.title}
                  maxLength={200}
                  error={errors[`objectives.${index}.title`]}
                  onValueChange={(title) => change(index, { title })}
                />
                <InputField
                  label="Weight (%)"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  value={objective.weight}
                  error={errors[`objectives.${index}.weight`]}
                  onValueChange={(weight) => change(index, { weight })}
                />
                <TextAreaField
                  label="Description (optional)"
                  rows={2}
                  maxLength={2000}
                  value={objective.description}
                  onValueChange={(description) => change(index, { description })}
                />
              </div>
              <div className="objective-draft-moves">
                <IconButton
                  label={`Move ${name} up`}
                  icon={<ArrowUp size={16} aria-hidden="true" />}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                />
                <IconButton
                  label={`Move ${name} down`}
                  icon={<ArrowDown size={16} aria-hidden="true" />}
                  disabled={index === objectives.length - 1}
                  onClick={() => move(index, 1)}
                />
                <IconButton
                  label={`Remove ${name}`}
                  icon={<Trash2 size={16} aria-hidden="true" />}
                  disabled={objectives.length === 1}
                  onClick={() => onChange(objectives.filter((_, at) => at !== index))}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <div className="row wrap objective-editor-foot">
        <Button
          size="sm"
          icon={<Plus size={16} aria-hidden="true" />}
          disabled={objectives.length >= PERFORMANCE_REVIEW_MAX_OBJECTIVES}
          onClick={() => onChange([...objectives, emptyObjective(total < 100 ? String(100 - total) : '')])}
        >
          Add objective
        </Button>
        <output id={totalId} className={total === 100 ? 'weight-total' : 'weight-total weight-total-off'}>
          Total {total}% of 100%
        </output>
      </div>
      <FieldError id={errorId} message={errors.objectives} />
    </fieldset>
  );
}
