import type { TAssetRef } from '@compass/shared';
import { useId } from 'react';
import { Card } from '../../components/Card';
import { DateField } from '../../components/DateField';
import { InputField, TextAreaField } from '../../components/FormField';
import { PersonField } from '../../components/PersonField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { assetKeys, assetPickerSearch, useAssetOptions } from './api';

/** The asset form's fields as typed; the save's body is made of them. */
export type AssetText = Record<
  | 'number'
  | 'name'
  | 'categoryId'
  | 'make'
  | 'model'
  | 'serialNumber'
  | 'workplaceId'
  | 'branchId'
  | 'location'
  | 'purchaseDate'
  | 'purchaseCost'
  | 'notes',
  string
>;

/** What every card of the form shows and changes: the texts, their errors and their setter. */
type Fields = {
  text: AssetText;
  errors: Record<string, string>;
  set: (key: keyof AssetText) => (value: string) => void;
};
type Options = ReturnType<typeof useAssetOptions>['data'];

const TEXT_FIELDS = [
  ['make', 'Make'],
  ['model', 'Model'],
  ['serialNumber', 'Serial number'],
] as const;

/** An input of one of the asset's short texts (at most 200 characters). */
function textInput({ text, errors, set }: Fields, key: keyof AssetText, label: string) {
  return (
    <InputField
      key={key}
      label={label}
      value={text[key]}
      maxLength={200}
      error={errors[key]}
      onValueChange={set(key)}
    />
  );
}

/** A select of one of the asset's choices (none chosen: `none`). */
function select(
  { text, errors, set }: Fields,
  key: 'categoryId' | 'workplaceId',
  label: string,
  none: string,
  options: ReturnType<typeof optionsOf>,
) {
  return (
    <SelectField
      label={label}
      value={text[key]}
      none={none}
      options={options}
      error={errors[key]}
      onChange={set(key)}
    />
  );
}

/** "The asset": its number (empty for the next free one), name, category, make, model and serial. */
export function AssetIdentityCard({ options, ...fields }: Fields & { options: Options }) {
  const { text, errors, set } = fields;
  const hintId = useId();
  return (
    <Card title="The asset" bodyClassName="form-grid">
      <div>
        <InputField
          label="Asset number"
          value={text.number}
          maxLength={40}
          error={errors.number}
          describedBy={hintId}
          onValueChange={set('number')}
        />
        <p className="field-hint" id={hintId}>
          Leave empty for the next free number
        </p>
      </div>
      {textInput(fields, 'name', 'Name')}
      {select(fields, 'categoryId', 'Category', 'No category', optionsOf(options?.categories))}
      {TEXT_FIELDS.map(([key, label]) => textInput(fields, key, label))}
    </Card>
  );
}

/** An employee or a supplier company the asset names (its owner, its supplier). */
function PartyField({
  label,
  kind,
  value,
  empty,
  error,
  onChange,
}: {
  label: string;
  kind: 'employee' | 'supplier';
  value: TAssetRef | null;
  empty?: string;
  error?: string;
  onChange: (party: TAssetRef | null) => void;
}) {
  return (
    <PersonField
      label={label}
      value={value}
      optional
      empty={empty}
      error={error}
      queryKey={assetKeys.picker(kind)}
      search={assetPickerSearch(kind)}
      onChange={onChange}
    />
  );
}

/** "Where and who": the workplace and its branch, the location, the owner and the supplier. */
export function AssetPlaceCard({
  options,
  owner,
  supplier,
  onOwner,
  onSupplier,
  ...fields
}: Fields & {
  options: Options;
  owner: TAssetRef | null;
  supplier: TAssetRef | null;
  onOwner: (owner: TAssetRef | null) => void;
  onSupplier: (supplier: TAssetRef | null) => void;
}) {
  const { text, errors, set } = fields;
  const branches = options?.workplaces.find((place) => place._id === text.workplaceId)?.branches ?? [];
  return (
    <Card title="Where and who" bodyClassName="form-grid">
      {select(fields, 'workplaceId', 'Workplace', 'No workplace', optionsOf(options?.workplaces))}
      <SelectField
        label="Branch"
        value={text.branchId}
        none={branches.length > 0 ? 'No branch' : 'The workplace has no branches'}
        options={optionsOf(branches)}
        disabled={branches.length === 0}
        error={errors.branchId}
        onChange={set('branchId')}
      />
      {textInput(fields, 'location', 'Location')}
      <PartyField label="Owner" kind="employee" value={owner} error={errors.ownerId} onChange={onOwner} />
      <PartyField
        label="Supplier"
        kind="supplier"
        value={supplier}
        empty="No active supplier company matches."
        error={errors.supplierId}
        onChange={onSupplier}
      />
    </Card>
  );
}

/** "Purchase and notes": the purchase's date and cost, and the notes. */
export function AssetPurchaseCard({ text, errors, set }: Fields) {
  return (
    <Card title="Purchase and notes" bodyClassName="stack">
      <div className="form-grid">
        <DateField
          label="Purchase date"
          value={text.purchaseDate}
          error={errors.purchaseDate}
          onValueChange={set('purchaseDate')}
        />
        <InputField
          label="Purchase cost"
          inputMode="decimal"
          value={text.purchaseCost}
          error={errors.purchaseCost}
          onValueChange={set('purchaseCost')}
        />
      </div>
      <TextAreaField
        label="Notes"
        rows={4}
        maxLength={10_000}
        value={text.notes}
        error={errors.notes}
        onValueChange={set('notes')}
      />
    </Card>
  );
}
