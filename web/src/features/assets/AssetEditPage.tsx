import {
  assetMessages as say,
  assetOptionName,
  assetPath,
  assetSaveCall,
  ZAssetSave,
  type TAssetDetails,
  type TAssetRef,
  type TAssetSave,
} from '@compass/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { DateField, InputField, TextAreaField } from '../../components/FormField';
import { BackLink } from '../../components/PageHeader';
import { PersonField } from '../../components/PersonField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { ItemUnavailable } from '../registerParts';
import {
  ASSET_MAINTENANCE_WRITES,
  assetKeys,
  assetPickerSearch,
  useAssetDetails,
  useAssetOptions,
} from './api';

const REGISTER = '/asset/register';
const BACK = { to: REGISTER, label: 'Back to the Asset Register' };

/** /asset/register/new and /asset/register/:id/edit: an asset's details (a disposed one cannot change). */
export function AssetEditPage() {
  const { id } = useParams();
  usePageTitle(id ? 'Edit asset' : 'New asset');
  return id ? <EditExisting key={id} id={id} /> : <AssetForm asset={null} />;
}

function EditExisting({ id }: { id: string }) {
  const details = useAssetDetails(id);
  if (details.isError) return <ItemUnavailable noun="asset" back={BACK} />;
  if (!details.data) return <PageSpinner />;
  return <AssetForm asset={details.data} />;
}

/** The form's fields as typed; the save's body is made of them (bodyOf). */
type Text = Record<
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

function textOf(asset: TAssetDetails | null): Text {
  return {
    number: asset?.number ?? '',
    name: asset?.name ?? '',
    categoryId: asset?.category?._id ?? '',
    make: asset?.make ?? '',
    model: asset?.model ?? '',
    serialNumber: asset?.serialNumber ?? '',
    workplaceId: asset?.workplace?._id ?? '',
    branchId: asset?.branch?._id ?? '',
    location: asset?.location ?? '',
    purchaseDate: asset?.purchaseDate ?? '',
    purchaseCost: asset?.purchaseCost ?? '',
    notes: asset?.notes ?? '',
  };
}

/** The body the save call takes: empty choices as null, the cost as a number (checked by the schema). */
function bodyOf(
  asset: TAssetDetails | null,
  text: Text,
  owner: TAssetRef | null,
  supplier: TAssetRef | null,
) {
  const orNull = (value: string) => value || null;
  return {
    ...(asset && { _id: asset._id }),
    number: text.number,
    name: text.name,
    categoryId: orNull(text.categoryId),
    make: text.make,
    model: text.model,
    serialNumber: text.serialNumber,
    workplaceId: orNull(text.workplaceId),
    branchId: orNull(text.branchId),
    location: text.location,
    ownerId: owner?._id ?? null,
    supplierId: supplier?._id ?? null,
    purchaseDate: orNull(text.purchaseDate),
    purchaseCost: text.purchaseCost.trim() === '' ? null : Number(text.purchaseCost.replaceAll(',', '')),
    notes: text.notes,
  } satisfies TAssetSave;
}

const TEXT_FIELDS = [
  ['make', 'Make'],
  ['model', 'Model'],
  ['serialNumber', 'Serial number'],
] as const;

function AssetForm({ asset }: { asset: TAssetDetails | null }) {
  const navigate = useNavigate();
  const hintId = useId();
  const options = useAssetOptions();
  const [text, setText] = useState(() => textOf(asset));
  const [owner, setOwner] = useState<TAssetRef | null>(asset?.owner ?? null);
  const [supplier, setSupplier] = useState<TAssetRef | null>(asset?.supplier ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCall(assetSaveCall, {
    // A new category schedules (or cancels) the category's maintenance.
    invalidate: ASSET_MAINTENANCE_WRITES,
    onSuccess: (saved) => void navigate(assetPath(saved._id)),
  });
  const set = (key: keyof Text) => (value: string) => {
    setText((current) => ({
      ...current,
      [key]: value,
      // Another workplace has other branches.
      ...(key === 'workplaceId' && { branchId: '' }),
    }));
    setErrors(({ [key]: _changed, ...rest }) => rest);
  };
  const branches = options.data?.workplaces.find((place) => place._id === text.workplaceId)?.branches ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(asset, text, owner, supplier);
    const problems = schemaProblems(ZAssetSave, body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate({ body }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  const cancel = asset ? assetPath(asset._id) : REGISTER;
  const heading = asset ? 'Edit asset' : 'New asset';
  return (
    <form className="admin-page stack-lg" onSubmit={submit} noValidate>
      <BackLink to={cancel} label={asset ? assetOptionName(asset) : 'Asset Register'} />
      <div className="page-header">
        <div>
          <h1>{heading}</h1>
          <p>What the asset is, where it is and who looks after it.</p>
        </div>
      </div>
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
        <InputField
          label="Name"
          value={text.name}
          maxLength={200}
          error={errors.name}
          onValueChange={set('name')}
        />
        <SelectField
          label="Category"
          value={text.categoryId}
          none="No category"
          options={optionsOf(options.data?.categories)}
          error={errors.categoryId}
          onChange={set('categoryId')}
        />
        {TEXT_FIELDS.map(([key, label]) => (
          <InputField
            key={key}
            label={label}
            value={text[key]}
            maxLength={200}
            error={errors[key]}
            onValueChange={set(key)}
          />
        ))}
      </Card>
      <Card title="Where and who" bodyClassName="form-grid">
        <SelectField
          label="Workplace"
          value={text.workplaceId}
          none="No workplace"
          options={optionsOf(options.data?.workplaces)}
          error={errors.workplaceId}
          onChange={set('workplaceId')}
        />
        <SelectField
          label="Branch"
          value={text.branchId}
          none={branches.length > 0 ? 'No branch' : 'The workplace has no branches'}
          options={optionsOf(branches)}
          disabled={branches.length === 0}
          error={errors.branchId}
          onChange={set('branchId')}
        />
        <InputField
          label="Location"
          value={text.location}
          maxLength={200}
          error={errors.location}
          onValueChange={set('location')}
        />
        <PersonField
          label="Owner"
          value={owner}
          optional
          error={errors.ownerId}
          queryKey={assetKeys.picker('employee')}
          search={assetPickerSearch('employee')}
          onChange={(person) => {
            setOwner(person);
            setErrors(({ ownerId: _changed, ...rest }) => rest);
          }}
        />
        <PersonField
          label="Supplier"
          value={supplier}
          optional
          empty="No active supplier company matches."
          error={errors.supplierId}
          queryKey={assetKeys.picker('supplier')}
          search={assetPickerSearch('supplier')}
          onChange={(company) => {
            setSupplier(company);
            setErrors(({ supplierId: _changed, ...rest }) => rest);
          }}
        />
      </Card>
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
      {asset?.status === 'disposed' && (
        <p className="alert alert-danger" role="alert">
          {say.disposed}
        </p>
      )}
      <div className="row">
        <Button
          type="submit"
          variant="primary"
          loading={save.isPending}
          disabled={asset?.status === 'disposed'}
        >
          Save asset
        </Button>
        <Link className="btn btn-ghost" to={cancel}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
