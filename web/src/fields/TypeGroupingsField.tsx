import { answerText, fieldConfig, NO_RECORD_NAMES, type TTypeGrouping } from '@compass/shared';
import { useId } from 'react';
import { FieldView, inputAttrs, useFieldFrame } from './FieldFrame';
import type { FieldProps } from './props';
import type { TemplateField } from './types';
import { MultiSelect, SELECT_ONE } from './widgets/MultiSelect';

/** 001 section 9: the sub-category placeholder. */
export const SUB_CATEGORY = 'Sub Category';

/** The categories of a typeGroupings field (optionVal = [{ category, subCategories }]). */
export function groupingsOf(field: Pick<TemplateField, 'optionVal'>): TTypeGrouping[] {
  return fieldConfig('typeGroupings', field).optionVal;
}

/** A category (single choice, 'Select One') and its sub-categories (multi-select, 'Sub Category'). */
export function TypeGroupingsField({ field, value, onChange, readOnly, error }: FieldProps<'typeGroupings'>) {
  const frame = useFieldFrame({ field, error, readOnly });
  const subLabelId = useId();
  const subId = useId();
  const groups = groupingsOf(field);
  const category = value.category;
  const current = groups.find((group) => group.category === category);

  const subOptions = (current?.subCategories ?? []).map((name) => ({ value: name, label: name }));
  return (
    <FieldView {...frame} read={answerText('typeGroupings', field, value, NO_RECORD_NAMES)}>
      <div className="type-groupings">
        <select
          {...inputAttrs(frame.ids)}
          className="input"
          value={category}
          // A new category starts with no sub-categories: the old ones belong to another.
          onChange={(event) => onChange({ category: event.target.value, subCategories: [] })}
        >
          <option value="">{SELECT_ONE}</option>
          {category && !current && <option value={category}>{category}</option>}
          {groups.map((group) => (
            <option key={group.category} value={group.category}>
              {group.category}
            </option>
          ))}
        </select>
        <div>
          <span className="visually-hidden" id={subLabelId}>
            {`${field.level}: ${SUB_CATEGORY}`}
          </span>
          <MultiSelect
            id={subId}
            labelledBy={subLabelId}
            options={subOptions}
            value={value.subCategories}
            onChange={(subCategories) => onChange({ category, subCategories })}
            nameOf={(name) => name}
            placeholder={SUB_CATEGORY}
            disabled={!category}
            invalid={frame.ids.invalid}
          />
        </div>
      </div>
    </FieldView>
  );
}
