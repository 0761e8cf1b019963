import {
  HAZARD_CLASSES,
  hazardousDetailsCall,
  hazardousMessages as say,
  hazardousPath,
  hazardousSaveCall,
  HAZARDOUS_REGISTER_PATH,
  QUANTITY_UNITS,
  type QuantityUnit,
  type THazardousDetails,
  type TRating,
} from '@compass/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { changeLogKeys, dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { RatingPicker, sidesOf } from '../../components/RiskRating';
import { SelectField } from '../../components/SelectField';
import { Card } from '../../components/Card';
import {
  ItemEditForm,
  ItemEditRoute,
  ratingError,
  ratingErrors,
  stewardshipBody,
  stewardshipErrors,
  useEditFields,
} from '../registerParts';
import { HAZARDOUS_REGISTER, hazardousKeys } from './api';

/** /hazardous/register/new and /hazardous/register/:id/edit: the product, where it is kept, its hazards. */
export function HazardousEditPage() {
  return (
    <ItemEditRoute
      register={HAZARDOUS_REGISTER}
      fetch={(_id) => callApi(hazardousDetailsCall, { body: { _id } })}
      titles={{ edit: 'Edit substance', new: 'New substance' }}
    >
      {(substance) => <SubstanceForm substance={substance} />}
    </ItemEditRoute>
  );
}

function SubstanceForm({ substance }: { substance: THazardousDetails | null }) {
  const navigate = useNavigate();
  const { text, set, stewardship, stewardshipFields, errors, setErrors, edited } = useEditFields(
    {
      name: substance?.name ?? '',
      supplierName: substance?.supplierName ?? '',
      storageLocation: substance?.storageLocation ?? '',
      quantity: substance?.quantity === null || !substance ? '' : String(substance.quantity),
    },
    substance,
  );
  const [quantityUnit, setUnit] = useState<QuantityUnit | ''>(substance?.quantityUnit ?? '');
  const [classes, setClasses] = useState<string[]>(substance?.hazardClasses ?? []);
  const [rating, setRating] = useState(sidesOf(substance?.rating));
  const save = useCall(hazardousSaveCall, {
    invalidate: [hazardousKeys.all, dashboardKeys.all, changeLogKeys.all],
    onSuccess: (saved) => void navigate(hazardousPath(saved._id)),
  });
  const submit = () => {
    const quantity = text.quantity.trim() === '' ? null : Number(text.quantity);
    const found: Record<string, string> = {
      ...stewardshipErrors(stewardship),
      ...ratingErrors('rating', rating),
    };
    if (!text.name.trim()) found.name = say.nameRequired;
    if (quantity !== null && (!Number.isFinite(quantity) || quantity < 0))
      found.quantity = say.quantityInvalid;
    if (quantity !== null && !quantityUnit) found.quantityUnit = say.unitRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        body: {
          ...(substance && { _id: substance._id }),
          name: text.name,
          supplierName: text.supplierName,
          storageLocation: text.storageLocation,
          quantity,
          quantityUnit: quantity === null ? null : (quantityUnit as QuantityUnit),
          hazardClasses: classes,
          rating: rating as TRating,
          ...stewardshipBody(stewardship),
        },
      },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  return (
    <ItemEditForm
      register={HAZARDOUS_REGISTER}
      itemName={substance?.name}
      cancel={substance ? hazardousPath(substance._id) : HAZARDOUS_REGISTER_PATH}
      heading={substance ? 'Edit substance' : 'New substance'}
      intro="The product, where and how much of it is kept, its GHS hazard classes, its rating and its review."
      stewardship={stewardshipFields}
      workplaceLabel="Location (workplace)"
      note={
        <p className="text-sm text-secondary">
          The safety data sheet is uploaded on the substance’s page, with its dates.
        </p>
      }
      submitLabel="Save substance"
      pending={save.isPending}
      onSubmit={submit}
    >
      <Card title="Product details" bodyClassName="stack">
        <div className="form-grid">
          <InputField
            label="Product"
            value={text.name}
            maxLength={200}
            error={errors.name}
            onValueChange={set('name')}
          />
          <InputField
            label="Supplier"
            value={text.supplierName}
            maxLength={200}
            error={errors.supplierName}
            onValueChange={set('supplierName')}
          />
          <InputField
            label="Storage location"
            value={text.storageLocation}
            maxLength={200}
            placeholder="Flammables cabinet, store room B"
            error={errors.storageLocation}
            onValueChange={set('storageLocation')}
          />
          <InputField
            label="Quantity"
            type="number"
            min={0}
            step="any"
            value={text.quantity}
            error={errors.quantity}
            onValueChange={set('quantity')}
          />
          <SelectField
            label="Unit"
            value={quantityUnit}
            none="Choose"
            options={QUANTITY_UNITS.map((unit) => ({ value: unit, label: unit }))}
            error={errors.quantityUnit}
            onChange={(value) => edited(setUnit, 'quantityUnit')(value as QuantityUnit | '')}
          />
        </div>
        <fieldset className="field">
          <legend className="field-label">Hazard classes (GHS)</legend>
          <div className="form-grid">
            {HAZARD_CLASSES.map((entry) => (
              <label key={entry.key} className="checkbox">
                <input
                  type="checkbox"
                  checked={classes.includes(entry.key)}
                  onChange={(event) =>
                    setClasses((current) =>
                      event.target.checked
                        ? [...current, entry.key]
                        : current.filter((key) => key !== entry.key),
                    )
                  }
                />
                {entry.label}
              </label>
            ))}
          </div>
          <FieldError id="hazard-classes-error" message={errors.hazardClasses ?? errors['hazardClasses.0']} />
        </fieldset>
        <RatingPicker
          legend="Risk rating"
          value={rating}
          onChange={edited(setRating, 'rating')}
          error={ratingError(errors, 'rating')}
        />
      </Card>
    </ItemEditForm>
  );
}
