import {
  competencyMatrixCall,
  competencyMessages as say,
  employeeCompetencySummaryCall,
  type TCompetencyList,
  type TCompetencyMatrix,
  type TCompetencyOptions,
  type TCompetencyRecordList,
  type TCompetencyRecordSaveParsed,
  type TCompetencySaveParsed,
  type TEmployeeCompetencySummary,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZCompetencyListRequest, ZCompetencyMatrixExportQuery } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { badRequest } from '../../errors';
import type { CachedAnswer } from '../../plugins/answerCache';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import { attachItemFiles } from '../registerParts';
import {
  competencyOptions,
  listCompetencies,
  saveCompetency,
  setCompetencyActive,
  setRequiredPositions,
} from './catalogue';
import { competencyMatrix, competencyMatrixCsv } from './matrix';
import { recordFilePolicy, recordForCaller, recordsAnswer, requireRight } from './policy';
import { competencySummary, listRecords } from './reads';
import { deleteRecord, saveRecord } from './records';

type MatrixFilters = z.output<typeof ZCompetencyMatrixExportQuery>;
type Paged = { page: number; pageSize: number };

/**
 * Competencies (issue 42): the catalogue, the positions' requirements, the employees' records
 * with their evidence files, and the matrix. Every read and write is scoped to the caller's
 * organisation; policy.ts says who reaches an employee's records.
 */
export class CompetencyService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
  ) {
    attachments.registerPolicy('competencyRecord', recordFilePolicy(db));
  }

  // ---------- The catalogue ----------

  list(auth: AuthContext, request: z.output<typeof ZCompetencyListRequest>): Promise<TCompetencyList> {
    return listCompetencies(this.reader, auth, request);
  }

  options(auth: AuthContext): Promise<TCompetencyOptions> {
    return competencyOptions(this.db, auth.companyId);
  }

  save(auth: AuthContext, input: TCompetencySaveParsed): Promise<{ _id: string }> {
    return saveCompetency(this.db, auth, input);
  }

  setActive(auth: AuthContext, input: { _id: string; isActive: boolean }): Promise<void> {
    return setCompetencyActive(this.db, auth, input);
  }

  setPositions(auth: AuthContext, input: { _id: string; positionIds: string[] }): Promise<void> {
    return setRequiredPositions(this.db, auth, input);
  }

  // ---------- An employee's records ----------

  /** Named for the answer cache (recordsAnswer). */
  summary(auth: AuthContext, employeeId: string): CachedAnswer<TEmployeeCompetencySummary> {
    return recordsAnswer(employeeCompetencySummaryCall, auth, employeeId, (today) =>
      competencySummary(this.reader, auth, employeeId, today),
    );
  }

  records(
    auth: AuthContext,
    request: { employeeId: string; competencyId?: string | undefined } & Paged,
  ): Promise<TCompetencyRecordList> {
    return listRecords(this.reader, auth, request);
  }

  saveRecord(auth: AuthContext, input: TCompetencyRecordSaveParsed): Promise<{ _id: string }> {
    return saveRecord(this.db, auth, input);
  }

  deleteRecord(auth: AuthContext, recordId: string): Promise<void> {
    return deleteRecord(this.db, auth, recordId);
  }

  async addFiles(auth: AuthContext, recordId: string, files: UploadedFile[]): Promise<void> {
    if (files.length === 0) throw badRequest(say.filesRequired);
    const { rights } = await recordForCaller(this.db, auth, recordId);
    requireRight(rights, 'mayEdit');
    const item = { ownerType: 'competencyRecord' as const, entityType: 'competencyRecord', id: recordId };
    await attachItemFiles(this.attachments, auth, item, files, async (tx) => {
      await recordForCaller(tx, auth, recordId);
    });
  }

  async deleteFile(auth: AuthContext, input: { _id: string; fileId: string }): Promise<void> {
    const { record, rights } = await recordForCaller(this.db, auth, input._id);
    requireRight(rights, 'mayEdit');
    await this.attachments.removeOwned(
      { companyId: auth.companyId, ownerType: 'competencyRecord', ownerId: record.id },
      input.fileId,
      auth.userId,
    );
  }

  // ---------- The matrix ----------

  /** Named for the answer cache (recordsAnswer). */
  matrix(auth: AuthContext, request: MatrixFilters & Paged): CachedAnswer<TCompetencyMatrix> {
    return recordsAnswer(competencyMatrixCall, auth, request, (today) =>
      competencyMatrix(this.reader, auth, request, today),
    );
  }

  matrixCsv(auth: AuthContext, filters: MatrixFilters): Promise<string> {
    return competencyMatrixCsv(this.reader, auth, filters);
  }
}
