import {
  HAZARD_CLASSES,
  hazardousCalls,
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
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { RatingPicker, sidesOf } from '../../components/RiskRating';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import {
  ItemState,
  ratingErrors,
  stewardshipBody,
  stewardshipErrors,
  stewardshipOf,
  STEWARDSHIP_FIELDS,
  StewardshipFields,
  useItemDetails,
  withoutErrors,
} from '../registerParts';
import { hazardousKeys } from './HazardousRegisterPage';

/** /hazardous/register/new and /hazardous/register/:id/edit: the product, where it is kept, its hazards. */
export function HazardousEditPage() {
  const { id } = useParams();
  const details = useItemDetails(hazardousKeys.all, id, (_id) =>
    callApi(hazardousDetailsCall, { body: { _id } }),
  );
  usePageTitle(id ? 'Edit substance' : 'New substance');
  if (id && !details.data) {
    return (
      <ItemState
        query={details}
        noun="substance"
        back={{ to: HAZARDOUS_REGISTER_PATH, label: 'Back to the register' }}
      />
    );
  }
  return <SubstanceForm key={id ?? 'new'} substance={details.data ?? null} />;
}

function SubstanceForm({ substance }: { substance: THazardousDetails | null }) {
  const navigate = useNavigate();
  const [text, setText] = useState({
    name: substance?.name ?? '',
    supplierName: substance?.supplierName ?? '',
    storageLocation: substance?.storageLocation ?? '',
    quantity: substance?.quantity === null || !substance ? '' : String(substance.quantity),
  });
  const [quantityUnit, setUnit] = useState<QuantityUnit | ''>(substance?.quantityUnit ?? '');
  const [classes, setClasses] = useState<string[]>(substance?.hazardClasses ?? []);
  const [rating, setRating] = useState(sidesOf(substance?.rating));
  const [stewardship, setStewardship] = useState(stewardshipOf(substance));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCall(hazardousSaveCall, {
    invalidate: [hazardousKeys.all, dashboardKeys.all, ['changeLog']],
    onSuccess: (saved) => void navigate(hazardousPath(saved._id)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
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
  const cancel = substance ? hazardousPath(substance._id) : HAZARDOUS_REGISTER_PATH;
  const set = (key: keyof typeof text) => (value: string) => {
    setText((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutErrors(current, key));
  };
  /** A changed value's own error goes: the rest stay until the next save. */
  const edited =
    <T,>(setValue: (value: T) => void, ...fields: string[]) =>
    (value: T) => {
      setValue(value);
      setErrors((current) => withoutErrors(current, ...fields));
    };
  return (
    <form className="admin-page stack-lg" onSubmit={submit} noValidate>
      <Link to={cancel} className="back-link">
        <ArrowLeft size={16} aria-hidden="true" /> {substance ? substance.name : 'Hazardous Substances'}
      </Link>
      <div className="page-header">
        <div>
          <h1>{substance ? 'Edit substance' : 'New substance'}</h1>
          <p>
            The product, where and how much of it is kept, its GHS hazard classes, its rating and its review.
          </p>
        </div>
      </div>
      <section className="card" aria-labelledby="product-title">
        <div className="card-header">
          <h2 id="product-title">Product details</h2>
        </div>
        <div className="card-body stack">
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
            <FieldError
              id="hazard-classes-error"
              message={errors.hazardClasses ?? errors['hazardClasses.0']}
            />
          </fieldset>
          <RatingPicker
            legend="Risk rating"
            value={rating}
            onChange={edited(setRating, 'rating')}
            error={errors['rating.likelihood'] ?? errors['rating.consequence'] ?? errors.rating}
          />
        </div>
      </section>
      <section className="card" aria-labelledby="schedule-title">
        <div className="card-header">
          <h2 id="schedule-title">Owner and review</h2>
        </div>
        <div className="card-body">
          <StewardshipFields
            value={stewardship}
            onChange={edited(setStewardship, ...STEWARDSHIP_FIELDS)}
            errors={errors}
            calls={hazardousCalls}
            queryKey={hazardousKeys.all}
            workplaceLabel="Location (workplace)"
          />
        </div>
      </section>
      <p className="text-sm text-secondary">
        The safety data sheet is uploaded on the substance’s page, with its dates.
      </p>
      <div className="row">
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save substance
        </Button>
        <Link className="btn btn-ghost" to={cancel}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
