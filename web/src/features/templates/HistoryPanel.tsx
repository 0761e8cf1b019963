import type { TTemplateVersionRow } from '@compass/shared';
import { useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TableWrap } from '../../components/DataTable';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { Dialog } from '../../components/Dialog';
import { ListState } from '../../components/ListParts';
import { useTemplateVersion } from './api';
import { toBuilder } from './model';
import { PreviewPane } from './PreviewPane';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The published versions (each can be looked at as it was) and every change, who and when. */
export function HistoryPanel({
  templateId,
  versions,
}: {
  templateId: string;
  versions: TTemplateVersionRow[];
}) {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <div className="builder-history">
      <Card title="Published versions" titleClassName="card-title" bare>
        {versions.length === 0 ? (
          <p className="card-body text-secondary">Not published yet: publish the draft to make version 1.</p>
        ) : (
          <TableWrap>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Version</th>
                  <th scope="col">Published</th>
                  <th scope="col">By</th>
                  <th scope="col">Fields</th>
                  <th scope="col">Submissions</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {versions.map((row, index) => (
                  <tr key={row.version}>
                    <td>
                      Version {row.version}
                      {index === 0 && <span className="badge badge-success">Current</span>}
                    </td>
                    <td>{when.format(new Date(row.publishedAt))}</td>
                    <td>{row.publishedBy ?? 'Organisation file'}</td>
                    <td>{row.fieldCount}</td>
                    <td>{row.submissionCount}</td>
                    <td className="row-actions">
                      <Button size="sm" variant="ghost" onClick={() => setViewing(row.version)}>
                        View
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </Card>
      <Card title="Changes" titleClassName="card-title">
        <ChangeLogPanel entityType="formTemplate" entityId={templateId} />
      </Card>
      {viewing !== null && (
        <VersionDialog templateId={templateId} version={viewing} onClose={() => setViewing(null)} />
      )}
    </div>
  );
}

function VersionDialog({
  templateId,
  version,
  onClose,
}: {
  templateId: string;
  version: number;
  onClose: () => void;
}) {
  const query = useTemplateVersion(templateId, version);
  const template = useMemo(() => (query.data ? toBuilder(query.data) : null), [query.data]);
  return (
    <Dialog
      title={`Version ${version}`}
      description="As it was published; submissions made on it show it so."
      onClose={onClose}
      wide
    >
      <ListState query={query} count={template ? 1 : 0} empty="" />
      {template && <PreviewPane template={template} />}
    </Dialog>
  );
}
