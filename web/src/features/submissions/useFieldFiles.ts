import type { TFormSubmission, TSubmissionAttachment } from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { toast } from 'sonner';
import { notifyError } from '../../api/errors';
import type { FileFieldState } from '../../fields';
import { submissionKeys } from './api';
import type { EditorState } from './editorState';
import type { EditorTransport } from './editorTransport';

interface FieldFilesInput {
  submission: TFormSubmission | null;
  attachments: TSubmissionAttachment[];
  state: EditorState;
  setState: Dispatch<SetStateAction<EditorState>>;
  canEdit: boolean;
  transport: EditorTransport;
}

/** The files of the file fields: the stored ones, the ones chosen to upload with the next save. */
export function useFieldFiles({
  submission,
  attachments,
  state,
  setState,
  canEdit,
  transport,
}: FieldFilesInput) {
  const queryClient = useQueryClient();

  const deleteAttachment = async (file: TSubmissionAttachment) => {
    try {
      toast.success(await transport.deleteFile(submission!._id, file._id));
      await queryClient.invalidateQueries({ queryKey: submissionKeys.details(submission!._id) });
    } catch (error) {
      notifyError(error);
    }
  };

  const files: FileFieldState = {
    existing: attachments,
    pending: state.pending,
    ...(canEdit
      ? {
          onAdd: (fieldId: string, chosen: File[]) =>
            setState((previous) => ({
              ...previous,
              pending: { ...previous.pending, [fieldId]: [...(previous.pending[fieldId] ?? []), ...chosen] },
            })),
          onRemovePending: (fieldId: string, file: File) =>
            setState((previous) => ({
              ...previous,
              pending: {
                ...previous.pending,
                [fieldId]: (previous.pending[fieldId] ?? []).filter((item) => item !== file),
              },
            })),
          ...(submission ? { onDelete: (file: TSubmissionAttachment) => deleteAttachment(file) } : {}),
        }
      : {}),
  };

  return { files, deleteAttachment };
}
