import {
  displayDay,
  MAINTENANCE_STATUS_LABELS,
  maintenanceRecordPath,
  type AssetHistoryKind,
  type TAssetHistoryEntry,
} from '@compass/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ListState } from '../../components/ListParts';
import { TabPanel, Tabs } from '../../components/Tabs';
import { recordPath } from '../submissions';
import { useAssetHistory } from './api';

type Tab = 'all' | AssetHistoryKind;
const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'maintenance', label: 'Maintenance' },
  { value: 'fault', label: 'Faults' },
  { value: 'submission', label: 'Form submissions' },
  { value: 'change', label: 'Changes' },
];
const KIND_LABELS: Record<AssetHistoryKind, string> = {
  maintenance: 'Maintenance',
  fault: 'Fault',
  submission: 'Form submission',
  change: 'Change',
};

/** The asset's whole history, newest first, by kind: maintenance, faults, submissions that chose it, changes. */
export function AssetHistoryCard({ assetId }: { assetId: string }) {
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('all');
  return (
    <Card title="History" bodyClassName="stack">
      <Tabs label="History" idBase={idBase} options={TABS} current={tab} onChange={setTab} />
      {/* Only the chosen tab's panel asks for its entries. */}
      <TabPanel idBase={idBase} value={tab} current={tab}>
        <HistoryEntries key={tab} assetId={assetId} kind={tab === 'all' ? undefined : tab} />
      </TabPanel>
    </Card>
  );
}

function HistoryEntries({ assetId, kind }: { assetId: string; kind: AssetHistoryKind | undefined }) {
  const history = useAssetHistory(assetId, kind);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="stack">
      <ListState query={history} count={entries.length} empty="Nothing recorded yet." />
      {entries.length > 0 && (
        <ol className="change-log-list">
          {entries.map((entry) => (
            <li key={`${entry.kind}:${entry._id}`} className="change-log-entry">
              <HistoryEntry entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {history.hasNextPage && (
        <div>
          <Button size="sm" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            Show more
          </Button>
        </div>
      )}
    </div>
  );
}

/** Where an entry opens: a maintenance record (a fault's corrective one), or the submission. */
function targetOf(entry: TAssetHistoryEntry): string | null {
  if (entry.kind === 'maintenance') return maintenanceRecordPath(entry._id);
  if (entry.kind === 'fault' && entry.recordId) return maintenanceRecordPath(entry.recordId);
  if (entry.kind === 'submission') return recordPath(entry._id);
  return null;
}

function HistoryEntry({ entry }: { entry: TAssetHistoryEntry }) {
  const target = targetOf(entry);
  return (
    <div>
      <div className="change-log-head">
        <span className="text-sm text-secondary">{KIND_LABELS[entry.kind]}</span>{' '}
        {target ? <Link to={target}>{entry.title}</Link> : <strong>{entry.title}</strong>}{' '}
        {entry.status && (
          <span className="badge badge-neutral">{MAINTENANCE_STATUS_LABELS[entry.status]}</span>
        )}
      </div>
      <div className="text-sm text-secondary">
        {displayDay(entry.at)}
        {entry.by && ` · ${entry.by}`}
      </div>
      {entry.detail && <p className="pre-line">{entry.detail}</p>}
    </div>
  );
}
