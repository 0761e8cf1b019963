import { mayRunReport, reportMessages, type ReportId } from '@compass/shared';
import { forbidden } from '../../errors';
import type { ReportViewer } from './source';

/**
 * A report's data, records, options and exports answer only a viewer the catalogue's one rule
 * lets run it (reportChart and one of the report's area keys). The call's declared access has
 * already refused suppliers, personnel, links, guests and employees without reportChart.
 */
export function requireReport(viewer: Pick<ReportViewer, 'accessKeys'>, report: ReportId): void {
  if (!mayRunReport(viewer.accessKeys, report)) throw forbidden(reportMessages.noAccess);
}
