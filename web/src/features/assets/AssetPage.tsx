import {
  assetMessages as say,
  assetOptionName,
  assetQrLabelCall,
  assetStatusSetCall,
  displayDay,
  type AssetStatus,
  type TAssetDetails,
} from '@compass/shared';
import { Pencil, Printer, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { API_BASE, callUrl, fetchFile, saveBlob } from '../../api/client';
import { notifyError } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { BackLink } from '../../components/PageHeader';
import { ReasonDialog } from '../../components/ReasonDialog';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { MaintenancePlansCard } from '../assetMaintenance';
import { Fact, ItemUnavailable } from '../registerParts';
import { ASSET_MAINTENANCE_WRITES, useAssetDetails } from './api';
import { AssetFilesCards } from './AssetFilesCards';
import { AssetHistoryCard } from './AssetHistoryCard';
import { FaultDialog } from './FaultDialog';
import { AssetStatusBadge, NextMaintenance } from './parts';

const REGISTER = '/asset/register';

/** The status changes a button offers, by the asset's status now; a disposed asset has none. */
const STATUS_ACTIONS: Record<AssetStatus, { label: string; status: AssetStatus; description: string }[]> = {
  inService: [
    {
      label: 'Take out of service',
      status: 'outOfService',
      description: 'Nobody should use the asset until it returns to service.',
    },
  ],
  outOfService: [
    { label: 'Return to service', status: 'inService', description: 'The asset is safe to use again.' },
  ],
  disposed: [],
};
const DISPOSE = {
  label: 'Dispose',
  status: 'disposed' as const,
  description:
    'The asset leaves service for good: its open maintenance is cancelled, its plans stop and it cannot be changed again.',
};

/** /asset/register/:id: one asset, its status, files, maintenance plans and whole history. */
export function AssetPage() {
  const { id = '' } = useParams();
  const details = useAssetDetails(id);
  usePageTitle(details.data ? assetOptionName(details.data) : 'Asset');
  if (details.isError)
    return <ItemUnavailable noun="asset" back={{ to: REGISTER, label: 'Back to the Asset Register' }} />;
  if (!details.data) return <PageSpinner />;
  return <Asset asset={details.data} />;
}

function Asset({ asset }: { asset: TAssetDetails }) {
  const [dialog, setDialog] = useState<'fault' | AssetStatus | null>(null);
  const disposed = asset.status === 'disposed';
  const actions = disposed ? [] : [...STATUS_ACTIONS[asset.status], DISPOSE];
  const chosen = actions.find((action) => action.status === dialog);
  const setStatus = useCall(assetStatusSetCall, {
    invalidate: ASSET_MAINTENANCE_WRITES,
    onSuccess: () => setDialog(null),
  });
  return (
    <div className="admin-page stack-lg">
      <BackLink to={REGISTER} label="Asset Register" />
      <div className="page-header">
        <div>
          <h1>{assetOptionName(asset)}</h1>
          <p className="row wrap">
            <AssetStatusBadge status={asset.status} />
            {asset.openFaults > 0 && (
              <span className="badge badge-danger">
                {asset.openFaults} open fault{asset.openFaults === 1 ? '' : 's'}
              </span>
            )}
          </p>
        </div>
        <div className="row wrap">
          {!disposed && (
            <>
              <Link className="btn btn-secondary" to={`${REGISTER}/${asset._id}/edit`}>
                <Pencil size={16} aria-hidden="true" /> Edit
              </Link>
              <Button
                icon={<TriangleAlert size={16} aria-hidden="true" />}
                onClick={() => setDialog('fault')}
              >
                Report a fault
              </Button>
            </>
          )}
          {actions.map((action) => (
            <Button
              key={action.status}
              variant={action.status === 'disposed' ? 'danger' : 'secondary'}
              onClick={() => setDialog(action.status)}
            >
              {action.label}
            </Button>
          ))}
          <Button icon={<Printer size={16} aria-hidden="true" />} onClick={() => openQrLabel(asset)}>
            Print QR label
          </Button>
        </div>
      </div>
      {disposed && <p className="alert alert-info">{say.disposed}</p>}
      <div className="register-columns">
        <div className="stack-lg">
          <DetailsCard asset={asset} />
          <MaintenancePlansCard
            assetId={asset._id}
            categoryId={asset.category?._id ?? null}
            categoryName={asset.category?.name ?? null}
            disabled={disposed}
          />
          <AssetHistoryCard assetId={asset._id} />
        </div>
        <div className="stack-lg">
          <AssetFilesCards asset={asset} />
        </div>
      </div>
      {dialog === 'fault' && <FaultDialog assetId={asset._id} onClose={() => setDialog(null)} />}
      {chosen && (
        <ReasonDialog
          title={chosen.label}
          description={chosen.description}
          label="Reason"
          requiredMessage={say.reasonRequired}
          submitLabel={chosen.label}
          pending={setStatus.isPending}
          onSubmit={(reason) => setStatus.mutate({ body: { _id: asset._id, status: chosen.status, reason } })}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

function DetailsCard({ asset }: { asset: TAssetDetails }) {
  const or = (value: string | null | undefined) => value || '—';
  return (
    <Card title="Details">
      <dl className="facts">
        <Fact label="Asset number">{asset.number}</Fact>
        <Fact label="Name">{asset.name}</Fact>
        <Fact label="Category">{or(asset.category?.name)}</Fact>
        <Fact label="Make">{or(asset.make)}</Fact>
        <Fact label="Model">{or(asset.model)}</Fact>
        <Fact label="Serial number">{or(asset.serialNumber)}</Fact>
        <Fact label="Workplace">{or(asset.workplace?.name)}</Fact>
        <Fact label="Branch">{or(asset.branch?.name)}</Fact>
        <Fact label="Location">{or(asset.location)}</Fact>
        <Fact label="Owner">{or(asset.owner?.name)}</Fact>
        <Fact label="Supplier">{or(asset.supplier?.name)}</Fact>
        <Fact label="Purchase date">{or(displayDay(asset.purchaseDate))}</Fact>
        <Fact label="Purchase cost">{or(asset.purchaseCost)}</Fact>
        <Fact label="Next maintenance">
          <NextMaintenance day={asset.nextMaintenanceDue} type={asset.taskDueDateType} />
        </Fact>
        <Fact label="Notes" className="pre-line">
          {or(asset.notes)}
        </Fact>
      </dl>
    </Card>
  );
}

/**
 * The QR label poster in a new tab. The call needs the session header, which a plain link cannot
 * send: the tab opens at once (so no pop-up blocker stops it) and shows the file once it is here;
 * where no tab may open, the file is downloaded instead.
 */
function openQrLabel(asset: TAssetDetails) {
  const tab = window.open('', '_blank');
  fetchFile(`${API_BASE}${callUrl(assetQrLabelCall, { params: { assetId: asset._id } })}`)
    .then((file) => {
      const svg = new Blob([file], { type: 'image/svg+xml' });
      if (!tab) return saveBlob(svg, `${asset.number} - QR label.svg`);
      const url = URL.createObjectURL(svg);
      tab.location.href = url;
      // The tab has read the file long before this.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    })
    .catch((error: unknown) => {
      tab?.close();
      notifyError(error);
    });
}
