import {
  FREQUENCY_KEYS,
  frequencyLabel,
  maintenanceMessages as say,
  maintenancePlanSaveCall,
  ZMaintenancePlanSave,
  type FrequencyUnit,
  type TMaintenancePlan,
  type TMaintenancePlanSave,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { DateField } from '../../components/DateField';
import { InputField, TextAreaField } from '../../components/FormField';
import { PersonField, type Person } from '../../components/PersonField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { browserToday } from '../../lib/timeZone';
import { AssigneeField, assigneesOf, type AssigneeKind } from './AssigneeFields';
import { ASSET_PICKER, pickerSearch, useAssetOptions, useMaintenanceWrite } from './api';
import { ChoiceField, DONE_BY_OPTIONS } from './parts';

type Target = 'asset' | 'category';

const TARGET_OPTIONS = [
  { value: 'asset', label: 'An asset' },
  { value: 'category', label: 'A category' },
] as const;

const FREQUENCY_OPTIONS = FREQUENCY_KEYS.map((value) => ({ value, label: frequencyLabel(value) }));

const FORMS = pickerSearch('formTemplate');

/**
 * Add or edit a maintenance plan. From the register a new plan is for an asset or a category; from
 * an asset's page (`assetId`) it is for that asset. An edited plan keeps its target and first day.
 */
export function PlanDialog({
  plan,
  assetId,
  onClose,
}: {
  /** The plan edited; none for a new one. */
  plan?: TMaintenancePlan;
  /** The asset a new plan is for (the asset's page). */
  assetId?: string;
  onClose: () => void;
}) {
  const editing = Boolean(plan);
  const [target, setTarget] = useState<Target>(plan?.category ? 'category' : 'asset');
  const [chosenAsset, setChosenAsset] = useState<Person | null>(plan?.asset ?? null);
  const [categoryId, setCategoryId] = useState(plan?.category?._id ?? '');
  const [title, setTitle] = useState(plan?.title ?? '');
  const [instructions, setInstructions] = useState(plan?.instructions ?? '');
  const [frequency, setFrequency] = useState<FrequencyUnit | ''>(plan?.frequency ?? '');
  const [doneBy, setDoneBy] = useState<AssigneeKind>(plan?.assignee.kind ?? 'employee');
  const [assignees, setAssignees] = useState(() => assigneesOf(plan?.assignee));
  const [form, setForm] = useState<Person | null>(plan?.formTemplate ?? null);
  const [firstDue, setFirstDue] = useState(plan?.firstDueDate ?? browserToday());
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Categories are offered only where a new plan may be for one.
  const choosesTarget = !editing && !assetId;
  const options = useAssetOptions(choosesTarget);
  const save = useMaintenanceWrite(maintenancePlanSaveCall, say.planSaved, onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const assignee = assignees[doneBy];
    const draft = {
      ...(plan && { _id: plan._id }),
      assetId: editing || target === 'category' ? null : (assetId ?? chosenAsset?._id ?? null),
      categoryId: editing || target === 'asset' ? null : categoryId || null,
      title,
      instructions,
      frequency: frequency as FrequencyUnit,
      assignee: assignee ? { kind: doneBy, _id: assignee._id } : undefined,
      formTemplateId: form?._id ?? null,
      firstDueDate: firstDue,
    };
    const found = schemaProblems(ZMaintenancePlanSave, draft);
    // The schema names a missing target only once the rest passes: the form says it at once.
    if (!editing && draft.assetId === null && draft.categoryId === null) found.assetId = say.targetRequired;
    if (!editing && !found.firstDueDate && firstDue < browserToday()) found.firstDueDate = say.firstDuePast;
    setErrors(onTargetField(found));
    if (Object.keys(found).length > 0) return;
    // The schema passed: the assignee and the frequency are chosen.
    save.mutate(
      { body: draft as TMaintenancePlanSave },
      { onError: (error) => setErrors(onTargetField(fieldErrorsOf(error))) },
    );
  };

  /** A refused target is shown on the field in view: the asset's picker or the category's select. */
  const onTargetField = (problems: Record<string, string>) =>
    target === 'category' && problems.assetId ? { ...problems, categoryId: problems.assetId } : problems;
  return (
    <Dialog title={editing ? 'Edit maintenance plan' : 'Add maintenance plan'} onClose={onClose} wide>
      <form className="stack" onSubmit={submit} noValidate>
        <PlanTargetFields
          plan={plan}
          choosesTarget={choosesTarget}
          target={target}
          onTarget={setTarget}
          asset={chosenAsset}
          onAsset={setChosenAsset}
          categoryId={categoryId}
          onCategory={setCategoryId}
          categories={options.data?.categories}
          errors={errors}
        />
        <InputField
          label="Title"
          value={title}
          maxLength={200}
          error={errors.title}
          onValueChange={setTitle}
        />
        <TextAreaField
          label="Instructions"
          rows={3}
          maxLength={4000}
          value={instructions}
          error={errors.instructions}
          onValueChange={setInstructions}
        />
        <SelectField
          label="Frequency"
          value={frequency}
          none="Choose how often"
          options={FREQUENCY_OPTIONS}
          error={errors.frequency}
          onChange={(value) => setFrequency(value as FrequencyUnit | '')}
        />
        <ChoiceField
          label="Done by"
          name="plan-done-by"
          value={doneBy}
          options={DONE_BY_OPTIONS}
          onChange={setDoneBy}
        />
        <AssigneeField kind={doneBy} people={assignees} errors={errors} onChange={setAssignees} />
        <PersonField
          label="Checklist form (optional)"
          {...FORMS}
          empty="No form matches."
          optional
          value={form}
          error={errors.formTemplateId}
          onChange={setForm}
        />
        {!editing && (
          <DateField
            label="First due"
            value={firstDue}
            error={errors.firstDueDate}
            onValueChange={setFirstDue}
          />
        )}
        <DialogFormActions submitLabel="Save plan" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * What a plan is for: a new plan from the register chooses an asset or a category (`choosesTarget`);
 * otherwise the plan's target (or the page's asset) is only named.
 */
function PlanTargetFields({
  plan,
  choosesTarget,
  target,
  onTarget,
  asset,
  onAsset,
  categoryId,
  onCategory,
  categories,
  errors,
}: {
  plan?: TMaintenancePlan;
  choosesTarget: boolean;
  target: Target;
  onTarget: (target: Target) => void;
  asset: Person | null;
  onAsset: (asset: Person | null) => void;
  categoryId: string;
  onCategory: (categoryId: string) => void;
  categories: Parameters<typeof optionsOf>[0];
  errors: Record<string, string>;
}) {
  return (
    <>
      {choosesTarget && (
        <ChoiceField
          label="For"
          name="plan-target"
          value={target}
          options={TARGET_OPTIONS}
          onChange={onTarget}
        />
      )}
      {choosesTarget && target === 'asset' && (
        <PersonField
          label="Asset"
          {...ASSET_PICKER}
          empty="No asset in service matches."
          value={asset}
          error={errors.assetId}
          searchWhenEmpty
          onChange={onAsset}
        />
      )}
      {choosesTarget && target === 'category' && (
        <SelectField
          label="Category"
          value={categoryId}
          none="Choose a category"
          options={optionsOf(categories)}
          error={errors.categoryId}
          onChange={onCategory}
        />
      )}
      {!choosesTarget && (
        <p>
          For{' '}
          <strong>
            {plan?.category ? `every asset of ${plan.category.name}` : (plan?.asset?.name ?? 'this asset')}
          </strong>
        </p>
      )}
    </>
  );
}
