import type {
  TMaintenanceDetails,
  TMaintenanceList,
  TMaintenancePlanList,
  TMaintenancePlanSaveParsed,
  TMaintenanceReassign,
  ZMaintenanceComplete,
  ZMaintenanceExportQuery,
  ZMaintenanceListRequest,
  ZMaintenancePlanListRequest,
} from '@compass/shared';
import type { z } from 'zod';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import type { AuthContext } from '../../plugins/auth';
import { csvOf } from '../../plugins/csv';
import { xlsxOf } from '../../plugins/xlsx';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import { recordDetails } from './details';
import { EXPORT_COLUMNS } from './exports';
import { exportRecords, listRecords } from './list';
import { listPlans, savePlan, stopPlan } from './plans';
import { recordFilePolicy } from './policy';
import { addRecordFiles, completeRecord, reassignRecord } from './work';

/** The maintenance of the Asset Register: plans, the records they schedule, their completion. */
export class MaintenanceService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
  ) {
    attachments.registerPolicy('maintenanceRecord', recordFilePolicy(db));
  }

  planList(
    auth: AuthContext,
    request: z.output<typeof ZMaintenancePlanListRequest>,
  ): Promise<TMaintenancePlanList> {
    return listPlans(this.reader, auth, request);
  }

  async planSave(auth: AuthContext, input: TMaintenancePlanSaveParsed): Promise<{ _id: string }> {
    return { _id: await savePlan(this.db, auth, input) };
  }

  planStop(auth: AuthContext, planId: string): Promise<void> {
    return stopPlan(this.db, auth, planId);
  }

  list(auth: AuthContext, request: z.output<typeof ZMaintenanceListRequest>): Promise<TMaintenanceList> {
    return listRecords(this.reader, auth, request);
  }

  /** The filtered register as a CSV or XLSX file; `truncated` past ASSET_EXPORT_LIMIT rows. */
  async exportFile(
    auth: AuthContext,
    format: z.output<typeof ZMaintenanceExportQuery>['format'],
    filters: Omit<z.output<typeof ZMaintenanceExportQuery>, 'format'>,
  ) {
    const { rows, truncated } = await exportRecords(this.reader, auth, filters);
    const body =
      format === 'xlsx' ? xlsxOf(EXPORT_COLUMNS, rows, 'Maintenance') : csvOf(EXPORT_COLUMNS, rows);
    return { body, truncated };
  }

  details(auth: AuthContext, id: string): Promise<TMaintenanceDetails> {
    return recordDetails(this.db, this.reader, this.attachments, auth, id);
  }

  complete(auth: AuthContext, input: z.output<typeof ZMaintenanceComplete>) {
    return completeRecord(this.db, this.reader, auth, input);
  }

  reassign(auth: AuthContext, input: TMaintenanceReassign): Promise<void> {
    return reassignRecord(this.db, auth, input);
  }

  addFiles(auth: AuthContext, id: string, files: UploadedFile[]): Promise<void> {
    return addRecordFiles(this.db, this.attachments, auth, id, files);
  }
}
