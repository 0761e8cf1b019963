import {
  frequencyLabel,
  MAINTENANCE_KIND_LABELS,
  MAINTENANCE_STATUS_LABELS,
  type TMaintenanceRow,
} from '@compass/shared';
import type { CsvColumn } from '../../plugins/csv';

/** The register's columns, the same in the CSV and the XLSX export. */
export const EXPORT_COLUMNS: CsvColumn<TMaintenanceRow>[] = [
  { header: 'Asset number', value: (row) => row.asset.number },
  { header: 'Asset', value: (row) => row.asset.name },
  { header: 'Workplace', value: (row) => row.workplace },
  { header: 'Maintenance', value: (row) => row.title },
  { header: 'Kind', value: (row) => MAINTENANCE_KIND_LABELS[row.kind] },
  { header: 'Frequency', value: (row) => (row.frequency ? frequencyLabel(row.frequency) : '') },
  { header: 'Done by', value: (row) => row.assignee?.name ?? '' },
  { header: 'Due', value: (row) => row.dueDate },
  { header: 'Status', value: (row) => MAINTENANCE_STATUS_LABELS[row.status] },
  { header: 'Completed on', value: (row) => row.completedOn },
  { header: 'Cost', value: (row) => row.cost },
];
