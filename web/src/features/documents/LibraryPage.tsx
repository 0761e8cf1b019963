import {
  displayDay,
  DOCUMENT_REVIEW_FILTER_LABELS,
  DOCUMENT_REVIEW_FILTERS,
  DOCUMENT_SORT_LABELS,
  DOCUMENT_SORTS,
  DOCUMENT_VERSION_STATUS_LABELS,
  DOCUMENT_VERSION_STATUSES,
  documentFolderSaveCall,
  documentFoldersCall,
  documentListCall,
  documentListCsvCall,
  documentMessages as say,
  frequencyLabel,
  type DocumentSort,
  type TDocumentListRequest,
  type TDocumentRow,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { FolderPlus, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../api/auth';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField } from '../../components/FormField';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { RegisterListHeader } from '../registerParts';
import { DocumentFormDialog } from './DocumentFormDialog';
import { documentKeys } from './api';
import { StatusBadge } from './parts';

type Filters = { folderId: string; status: string; review: string; sort: string };

/**
 * Documents > Library: the organisation's controlled documents by folder, searched, filtered and
 * sorted on the server a page at a time; the filtered list as CSV; upload (documentEdit).
 */
export function LibraryPage() {
  usePageTitle('Library');
  const navigate = useNavigate();
  const permissions = usePermissions();
  const canEdit = permissions.data?.access.documentEdit === 'yes';
  const [uploading, setUploading] = useState(false);
  const [addingFolder, setAddingFolder] = useState(false);
  const folders = useQuery({
    queryKey: [...documentKeys.all, 'folders'],
    queryFn: () => callApi(documentFoldersCall, {}),
  });
  const list = usePagedList({
    queryKey: [...documentKeys.all, 'list'],
    filters: { folderId: '', status: '', review: '', sort: '' } as Filters,
    // The selects offer only the contract's values.
    fetch: (request) => callApi(documentListCall, { body: request as TDocumentListRequest }),
  });
  return (
    <div className="admin-page stack-lg">
      <RegisterListHeader
        title="Library"
        intro="Policies, procedures and plans: the current version of each, who owns it and when it is reviewed."
        exportUrl={`${API_BASE}${callUrl(documentListCsvCall, { query: list.exportQuery })}`}
        exportName="documents.csv"
      >
        {canEdit && (
          <>
            <Button icon={<FolderPlus size={16} aria-hidden="true" />} onClick={() => setAddingFolder(true)}>
              New folder
            </Button>
            <Button
              variant="primary"
              icon={<Upload size={16} aria-hidden="true" />}
              onClick={() => setUploading(true)}
            >
              Upload document
            </Button>
          </>
        )}
      </RegisterListHeader>
      <ListFilters placeholder="Document name" active={list.activeFilters} onSearch={list.search}>
        <SelectField
          label="Folder"
          value={list.filters.folderId}
          none="All folders"
          options={(folders.data ?? []).map((folder) => ({
            value: folder._id,
            label: `${folder.name} (${folder.documentCount})`,
          }))}
          onChange={(value) => list.setFilter('folderId', value)}
        />
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={DOCUMENT_VERSION_STATUSES.map((value) => ({
            value,
            label: DOCUMENT_VERSION_STATUS_LABELS[value],
          }))}
          onChange={(value) => list.setFilter('status', value)}
        />
        <SelectField
          label="Review"
          value={list.filters.review}
          none="Any review date"
          options={DOCUMENT_REVIEW_FILTERS.map((value) => ({
            value,
            label: DOCUMENT_REVIEW_FILTER_LABELS[value],
          }))}
          onChange={(value) => list.setFilter('review', value)}
        />
        <SelectField
          label="Sort by"
          value={list.filters.sort}
          options={DOCUMENT_SORTS.map((value: DocumentSort) => ({
            value,
            label: DOCUMENT_SORT_LABELS[value],
          }))}
          onChange={(value) => list.setFilter('sort', value)}
        />
      </ListFilters>
      <PagedTable
        label="Documents"
        list={list}
        columns={['Document', 'Folder', 'Owner', 'Version', 'Status', 'Review', 'Next review']}
        empty={canEdit ? 'The library is empty: upload the first document.' : 'The library is empty.'}
        narrowedEmpty="No document matches."
      >
        {list.rows.map((row) => (
          <DocumentRow key={row._id} row={row} />
        ))}
      </PagedTable>
      {uploading && (
        <DocumentFormDialog
          onClose={() => setUploading(false)}
          onSaved={(id) => void navigate(`/document/library/${id}`)}
        />
      )}
      {addingFolder && <FolderDialog onClose={() => setAddingFolder(false)} />}
    </div>
  );
}

function DocumentRow({ row }: { row: TDocumentRow }) {
  return (
    <tr>
      <td>
        <Link to={`/document/library/${row._id}`}>{row.name}</Link>
      </td>
      <td>{row.folderName ?? '—'}</td>
      <td>{row.ownerName ?? '—'}</td>
      <td>{row.currentVersion ? `v${row.currentVersion}` : '—'}</td>
      <td>
        <StatusBadge status={row.status} />
      </td>
      <td>{frequencyLabel(row.reviewFrequency)}</td>
      <td>{row.nextReviewDate ? displayDay(row.nextReviewDate) : '—'}</td>
      <td className="row-actions">
        <Link
          className="btn btn-ghost btn-sm"
          to={`/document/library/${row._id}`}
          aria-label={`Open ${row.name}`}
        >
          Open
        </Link>
      </td>
    </tr>
  );
}

function FolderDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useCall(documentFolderSaveCall, { invalidate: [documentKeys.all], onSuccess: onClose });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(say.folderNameRequired);
    save.mutate(
      { body: { name: name.trim() } },
      { onError: (failure) => setError(fieldErrorsOf(failure).name) },
    );
  };
  return (
    <Dialog title="New folder" onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <InputField
          label="Name"
          value={name}
          error={error}
          maxLength={120}
          onValueChange={setName}
          autoFocus
        />
        <DialogFormActions submitLabel="Create folder" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
