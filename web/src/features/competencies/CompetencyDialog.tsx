import {
  COMPETENCY_KIND_LABELS,
  COMPETENCY_KINDS,
  competencyMessages,
  ZCompetencySave,
  type CompetencyKind,
  type TCompetencyRow,
  type TCompetencySave,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { CheckboxList } from '../../components/CheckboxList';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField, TextAreaField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { useCompetencyOptions, useSaveCompetency } from './api';

const KIND_OPTIONS = COMPETENCY_KINDS.map((kind) => ({ value: kind, label: COMPETENCY_KIND_LABELS[kind] }));

/** The typed months as the call takes them: a whole number, or null while empty (the schema says why). */
function monthsOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/**
 * Add a competency to the catalogue or change one: its name, kind, description, whether and how
 * long it lasts, and the positions that require it.
 */
export function CompetencyDialog({ row, onClose }: { row: TCompetencyRow | null; onClose: () => void }) {
  const options = useCompetencyOptions();
  const [name, setName] = useState(row?.name ?? '');
  const [kind, setKind] = useState<CompetencyKind | ''>(row?.kind ?? '');
  const [description, setDescription] = useState(row?.description ?? '');
  const [expires, setExpires] = useState(row?.expires ?? true);
  const [months, setMonths] = useState(row?.validForMonths ? String(row.validForMonths) : '');
  const [positionIds, setPositionIds] = useState(row?.positions.map((position) => position._id) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCompetency(onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const competency: TCompetencySave = {
      ...(row && { _id: row._id }),
      name,
      kind: kind as CompetencyKind,
      description,
      expires,
      validForMonths: expires ? monthsOf(months) : null,
    };
    const problems = schemaProblems(ZCompetencySave, competency);
    // The schema's own checks of the whole form wait for its fields: say everything at once.
    if (!kind) problems.kind = competencyMessages.kindUnknown;
    if (expires && !months.trim()) problems.validForMonths ??= competencyMessages.validForRequired;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate({ competency, positionIds }, { onError: (failure) => setErrors(fieldErrorsOf(failure)) });
  };

  return (
    <Dialog title={row ? `Edit ${row.name}` : 'Add competency'} onClose={onClose} wide>
      <form className="stack" onSubmit={submit} noValidate>
        <InputField
          label="Name"
          value={name}
          error={errors.name}
          autoFocus
          maxLength={200}
          onValueChange={setName}
        />
        <SelectField
          label="Kind"
          value={kind}
          none="Choose…"
          options={KIND_OPTIONS}
          error={errors.kind}
          onChange={(value) => setKind(value as CompetencyKind | '')}
        />
        <TextAreaField
          label="Description (optional)"
          value={description}
          rows={3}
          maxLength={2000}
          error={errors.description}
          onValueChange={setDescription}
        />
        <label className="checkbox">
          <input type="checkbox" checked={expires} onChange={(event) => setExpires(event.target.checked)} />
          Expires (has to be renewed)
        </label>
        {expires && (
          <InputField
            label="Valid for (months)"
            type="number"
            inputMode="numeric"
            min={1}
            max={600}
            value={months}
            error={errors.validForMonths}
            onValueChange={setMonths}
          />
        )}
        <fieldset className="competency-positions">
          <legend className="field-label">Required for positions</legend>
          {options.data && options.data.positions.length === 0 && (
            <p className="text-sm text-secondary">
              No positions yet: add them under Human Resources &gt; Roles &amp; Responsibilities.
            </p>
          )}
          <CheckboxList
            choices={options.data?.positions ?? []}
            chosen={positionIds}
            onChange={setPositionIds}
          />
        </fieldset>
        <DialogFormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
