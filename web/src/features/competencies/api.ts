import {
  COMPETENCY_ADMIN_PATH,
  competencyOptionsCall,
  competencyPositionsSetCall,
  competencyRecordFilesAddCall,
  competencyRecordListCall,
  competencyRecordSaveCall,
  competencySaveCall,
  employeeCompetencySummaryCall,
  type TCompetencyRecordSave,
  type TCompetencySave,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { callApi, sendCall } from '../../api/client';

export const competencyKeys = {
  all: ['competencies'] as const,
  catalogue: ['competencies', 'catalogue'] as const,
  options: ['competencies', 'options'] as const,
  matrix: ['competencies', 'matrix'] as const,
  employee: (employeeId: string) => ['competencies', 'employee', employeeId] as const,
  history: (employeeId: string, competencyId: string) =>
    ['competencies', 'employee', employeeId, 'history', competencyId] as const,
};

/** The matrix's own page, beside the catalogue. */
export const COMPETENCY_MATRIX_PATH = `${COMPETENCY_ADMIN_PATH}/matrix`;

/** POST /api/competencyOptions: the active catalogue, the positions and the workplaces to pick from. */
export function useCompetencyOptions() {
  return useQuery({
    queryKey: competencyKeys.options,
    queryFn: () => callApi(competencyOptionsCall, {}),
  });
}

/** POST /api/employeeCompetencySummary: what an employee's position requires and what they hold. */
export function useEmployeeCompetencies(employeeId: string) {
  return useQuery({
    queryKey: competencyKeys.employee(employeeId),
    queryFn: () => callApi(employeeCompetencySummaryCall, { body: { employeeId } }),
    retry: false,
  });
}

/** POST /api/competencyRecordList: every record of one competency of an employee, newest first. */
export function useCompetencyHistory(employeeId: string, competencyId: string) {
  return useQuery({
    queryKey: competencyKeys.history(employeeId, competencyId),
    queryFn: () =>
      callApi(competencyRecordListCall, { body: { employeeId, competencyId, page: 1, pageSize: 100 } }),
  });
}

/**
 * Saves a competency and then the positions that require it (two calls, one message): the
 * catalogue, the pick lists and every employee's standing change with it.
 */
export function useSaveCompetency(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      competency,
      positionIds,
    }: {
      competency: TCompetencySave;
      positionIds: string[];
    }) => {
      const saved = await sendCall(competencySaveCall, { body: competency });
      await sendCall(competencyPositionsSetCall, { body: { _id: saved.data._id, positionIds } });
      return saved.message;
    },
    onSuccess: async (message) => {
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: competencyKeys.all });
      onSaved();
    },
  });
}

/**
 * Saves a record and then uploads the evidence files chosen with it (as the registers' files are
 * sent: one form with the record's id), so that a new record and its evidence are one step.
 * `onRecord` learns the record's id before the upload: when the upload fails, trying again changes
 * that record rather than adding a second one.
 */
export function useSaveRecord(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      record,
      files,
      onRecord,
    }: {
      record: TCompetencyRecordSave;
      files: File[];
      onRecord: (id: string) => void;
    }) => {
      const saved = await sendCall(competencyRecordSaveCall, { body: record });
      onRecord(saved.data._id);
      if (files.length > 0) {
        const form = new FormData();
        form.append('_id', saved.data._id);
        for (const file of files) form.append('files', file, file.name);
        await sendCall(competencyRecordFilesAddCall, { form });
      }
      return saved.message;
    },
    onSuccess: async (message) => {
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: competencyKeys.all });
      onSaved();
    },
  });
}
