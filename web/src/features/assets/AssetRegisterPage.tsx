import {
  ASSET_EXPORT_FORMATS,
  ASSET_SORTS,
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  assetExportCall,
  assetListCall,
  assetPath,
  type TAssetRow,
} from '@compass/shared';
import { FolderTree, Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { Button } from '../../components/Button';
import { ExportButton } from '../../components/ExportButton';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { optionsOf, SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { assetKeys, useAssetOptions } from './api';
import { CategoriesDialog } from './CategoriesDialog';
import { ImportDialog } from './ImportDialog';
import { AssetStatusBadge, NextMaintenance, placeOf } from './parts';

type AssetSort = (typeof ASSET_SORTS)[number];

const ASSET_FILTERS = {
  status: '' as (typeof ASSET_STATUSES)[number] | '',
  categoryId: '',
  workplaceId: '',
  attention: '' as 'overdue' | 'fault' | '',
  // '' is the server's default order (number, ascending), so sorting does not count as a filter.
  sort: '' as AssetSort | '',
  sortDirection: '' as 'asc' | 'desc' | '',
};

/** The filters chosen in a select. */
type SelectFilter = 'status' | 'categoryId' | 'workplaceId' | 'attention';
type FilterSelect = { key: SelectFilter; label: string; none: string; options: ReturnType<typeof optionsOf> };
const STATUS_OPTIONS = ASSET_STATUSES.map((value) => ({ value, label: ASSET_STATUS_LABELS[value] }));
const ATTENTION_OPTIONS = [
  { value: 'overdue', label: 'Overdue maintenance' },
  { value: 'fault', label: 'Open fault' },
];

/** The columns whose headings order the list. */
const HEADING_SORTS: Partial<Record<string, AssetSort>> = {
  Number: 'number',
  Name: 'name',
  'Next maintenance': 'nextMaintenanceDue',
};

/** /asset/register: the organisation's plant and equipment, searched, filtered, sorted and exported. */
export function AssetRegisterPage() {
  usePageTitle('Asset Register');
  const [dialog, setDialog] = useState<'import' | 'categories' | null>(null);
  const options = useAssetOptions();
  const list = usePagedList({
    queryKey: assetKeys.all,
    filters: ASSET_FILTERS,
    fetch: (request) => callApi(assetListCall, { body: request }),
    inAddress: true,
    order: ['sort', 'sortDirection'],
  });
  const { filters } = list;
  const sort = filters.sort || 'number';
  const direction = filters.sortDirection || 'asc';
  const selects: FilterSelect[] = [
    { key: 'status', label: 'Status', none: 'Any status', options: STATUS_OPTIONS },
    {
      key: 'categoryId',
      label: 'Category',
      none: 'Any category',
      options: optionsOf(options.data?.categories),
    },
    {
      key: 'workplaceId',
      label: 'Workplace',
      none: 'Any workplace',
      options: optionsOf(options.data?.workplaces),
    },
    { key: 'attention', label: 'Attention', none: 'Any', options: ATTENTION_OPTIONS },
  ];
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Asset Register"
        intro="Plant and equipment: where each is, who looks after it, its maintenance and its faults."
      >
        <div className="row wrap">
          {ASSET_EXPORT_FORMATS.map((format) => (
            <ExportButton
              key={format}
              label={`Export ${format.toUpperCase()}`}
              url={`${API_BASE}${callUrl(assetExportCall, { query: { ...list.exportQuery, format } })}`}
              fileName={`asset-register.${format}`}
            />
          ))}
          <Button icon={<Upload size={16} aria-hidden="true" />} onClick={() => setDialog('import')}>
            Import
          </Button>
          <Button icon={<FolderTree size={16} aria-hidden="true" />} onClick={() => setDialog('categories')}>
            Categories
          </Button>
          <Link className="btn btn-primary" to="/asset/register/new">
            <Plus size={16} aria-hidden="true" /> New asset
          </Link>
        </div>
      </PageHeader>
      <ListFilters placeholder="Search assets" searchLabel="Search assets" list={list}>
        {selects.map((filter) => (
          <SelectField
            key={filter.key}
            label={filter.label}
            value={filters[filter.key]}
            none={filter.none}
            options={filter.options}
            onChange={(value) => list.setFilter(filter.key, value as (typeof filters)[SelectFilter])}
          />
        ))}
      </ListFilters>
      <PagedTable
        label="Assets"
        list={list}
        columns={['Number', 'Name', 'Category', 'Location', 'Status', 'Next maintenance', 'Faults']}
        actions={false}
        sort={{
          sorts: HEADING_SORTS,
          sort,
          direction,
          onSort: (by) =>
            list.setFilters({
              sort: by,
              // A second click on the same heading turns the order round.
              sortDirection: by === sort && direction === 'asc' ? 'desc' : 'asc',
            }),
        }}
        empty="No assets yet"
        narrowedEmpty="No assets match the filters"
      >
        {list.rows.map((row) => (
          <AssetRow key={row._id} row={row} />
        ))}
      </PagedTable>
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {dialog === 'categories' && (
        <CategoriesDialog categories={options.data?.categories ?? []} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

function AssetRow({ row }: { row: TAssetRow }) {
  return (
    <tr>
      <td>
        <Link to={assetPath(row._id)}>{row.number}</Link>
      </td>
      <td>
        {row.name}
        {(row.make || row.model) && (
          <div className="text-sm text-secondary">{[row.make, row.model].filter(Boolean).join(' ')}</div>
        )}
      </td>
      <td>{row.category ?? '—'}</td>
      <td>{placeOf(row)}</td>
      <td>
        <AssetStatusBadge status={row.status} />
      </td>
      <td>
        <NextMaintenance day={row.nextMaintenanceDue} type={row.taskDueDateType} />
      </td>
      <td>{row.openFaults > 0 ? `${row.openFaults} open` : '—'}</td>
    </tr>
  );
}
