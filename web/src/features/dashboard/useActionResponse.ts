import {
  messages,
  uploadProblem,
  ZAssignedActionSaveRequest,
  type TAssignedActionKind,
} from '@compass/shared';
import { useState } from 'react';
import { browserTimeZone } from '../../lib/timeZone';
import { useSaveAction } from './actionApi';

/**
 * The assignee's answer to an action being written: the response (the stored one until it is
 * changed), the files to send with it, the problem to show, and Save Draft / Complete.
 */
export function useActionResponse(
  kind: TAssignedActionKind,
  taskId: string,
  key: readonly unknown[],
  storedResponse: string | undefined,
  onSaved: () => Promise<void>,
) {
  const [response, setResponse] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const currentResponse = response ?? storedResponse ?? '';
  const save = useSaveAction(key, onSaved);

  const submit = (completeStatus: 'yes' | 'no') => {
    const parsed = ZAssignedActionSaveRequest.safeParse({
      sectionType: kind,
      taskId,
      response: currentResponse,
      completeStatus,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.action.responseRequired);
      return;
    }
    setError(null);
    const form = new FormData();
    form.set('sectionType', kind);
    form.set('taskId', taskId);
    form.set('response', currentResponse);
    form.set('completeStatus', completeStatus);
    form.set('localTimeZone', browserTimeZone());
    for (const file of files) form.append('files', file, file.name);
    save.mutate({ completeStatus, form });
  };

  const addFiles = (chosen: FileList | null) => {
    const list = Array.from(chosen ?? []);
    const problem = list.map((file) => uploadProblem(file)).find(Boolean);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFiles((previous) => [...previous, ...list]);
  };

  const removeFile = (index: number) => setFiles((previous) => previous.filter((_, at) => at !== index));

  return { response: currentResponse, setResponse, files, addFiles, removeFile, error, submit, save };
}
