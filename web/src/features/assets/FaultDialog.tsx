import { assetFaultReportCall, assetMessages as say } from '@compass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { sendCall } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { ASSET_MAINTENANCE_WRITES } from './api';
import { FaultPhotosField, useFaultFields } from './FaultFields';

/**
 * "Report a fault" on the asset's page: the fault becomes corrective maintenance (for the asset's
 * owner) and, when unsafe, takes the asset out of service; photos go with it in one form.
 */
export function FaultDialog({ assetId, onClose }: { assetId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { fault, fields, check, setError } = useFaultFields();
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('assetId', assetId);
      form.append('description', fault.description.trim());
      form.append('takeOutOfService', fault.takeOutOfService ? 'yes' : 'no');
      for (const photo of photos) form.append('files', photo, photo.name);
      return sendCall(assetFaultReportCall, { form });
    },
    onSuccess: async () => {
      toast.success(say.faultReported);
      await Promise.all(
        ASSET_MAINTENANCE_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      onClose();
    },
    onError: (error) => setError(fieldErrorsOf(error).description ?? null),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check() && !photoProblem) report.mutate();
  };
  return (
    <Dialog title="Report a fault" onClose={onClose} dismissable={!report.isPending}>
      <form className="stack" onSubmit={submit} noValidate>
        {fields}
        <FaultPhotosField
          error={photoProblem}
          onChange={(chosen, problem) => {
            setPhotos(chosen);
            setPhotoProblem(problem);
          }}
        />
        <DialogFormActions submitLabel="Report fault" pending={report.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
