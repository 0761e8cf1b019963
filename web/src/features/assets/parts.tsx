import { ASSET_STATUS_LABELS, displayDay, type AssetStatus, type TaskDueType } from '@compass/shared';
import { DueMarker } from '../../components/DueMarker';

const STATUS_BADGES: Record<AssetStatus, string> = {
  inService: 'badge-success',
  outOfService: 'badge-warning',
  disposed: 'badge-neutral',
};

/** In service, out of service or disposed, as a badge. */
export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  return <span className={`badge ${STATUS_BADGES[status]}`}>{ASSET_STATUS_LABELS[status]}</span>;
}

/** The due day of an asset's next maintenance with its due marker; a dash when none is open. */
export function NextMaintenance({ day, type }: { day: string | null; type: TaskDueType | null }) {
  if (!day) return <>—</>;
  return (
    <span className="row">
      {displayDay(day)}
      {type && <DueMarker type={type} />}
    </span>
  );
}

/** Where an asset is: workplace, branch and location, the ones known. */
export function placeOf(asset: {
  workplace: string | null;
  branch: string | null;
  location: string;
}): string {
  return [asset.workplace, asset.branch, asset.location].filter(Boolean).join(' · ') || '—';
}
