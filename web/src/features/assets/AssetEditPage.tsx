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
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { BackLink } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { ItemUnavailable } from '../registerParts';
import { AssetIdentityCard, AssetPlaceCard, AssetPurchaseCard, type AssetText } from './AssetFields';
import { ASSET_MAINTENANCE_WRITES, useAssetDetails, useAssetOptions } from './api';

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

function textOf(asset: TAssetDetails | null): AssetText {
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
  text: AssetText,
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

function AssetForm({ asset }: { asset: TAssetDetails | null }) {
  const navigate = useNavigate();
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
  const forget = (key: string) => setErrors(({ [key]: _changed, ...rest }) => rest);
  const set = (key: keyof AssetText) => (value: string) => {
    setText((current) => ({
      ...current,
      [key]: value,
      // Another workplace has other branches.
      ...(key === 'workplaceId' && { branchId: '' }),
    }));
    forget(key);
  };
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
      <AssetIdentityCard text={text} errors={errors} set={set} options={options.data} />
      <AssetPlaceCard
        text={text}
        errors={errors}
        set={set}
        options={options.data}
        owner={owner}
        supplier={supplier}
        onOwner={(person) => {
          setOwner(person);
          forget('ownerId');
        }}
        onSupplier={(company) => {
          setSupplier(company);
          forget('supplierId');
        }}
      />
      <AssetPurchaseCard text={text} errors={errors} set={set} />
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
