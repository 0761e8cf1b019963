import {
  assignFormCloseOffCall,
  formSubmissionCloseCall,
  formSubmissionReopenCall,
  hrFormOfSubmissionCall,
  supplierFormCloseOffCall,
  type TFormSubmission,
  type TSubmissionAttachment,
} from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError, sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { submissionKeys } from './api';
import { browserTimeZone } from '../../lib/timeZone';
import { saveRequest, validate, type EditorButton, type EditorState, type FormShape } from './editorState';
import { recordPath } from './paths';
import type { EditorTransport } from './editorTransport';
import type { GuestMode, LinkMode } from './editorModes';

/** Raised inside a save so the caller shows the messages next to the inputs, not only in a toast. */
class ClientValidation extends Error {}

/** "Find assign form for hr": the HR assignment of a form, or null for an hr form assigned to nobody. */
async function hrAssignmentOf(submissionId: string): Promise<string | null> {
  try {
    return (await sendCall(hrFormOfSubmissionCall, { body: { formSumissionId: submissionId } })).data._id;
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) return null;
    throw error;
  }
}

interface EditorCommandsInput {
  shape: FormShape;
  submission: TFormSubmission | null;
  state: EditorState;
  attachments: TSubmissionAttachment[];
  transport: EditorTransport;
  linkMode?: LinkMode;
  guest?: GuestMode;
  /** What the header check needs to know of the places (useInitialDetails). */
  places: { workplaceHasBranches: boolean; givenByOrganisation: boolean };
  unsaved: { allowLeave: () => void };
  setHeaderError: Dispatch<SetStateAction<string | null>>;
  setFieldErrors: Dispatch<SetStateAction<Record<string, string>>>;
}

/**
 * Stores the answers with their uploads. Files go to a stored form, so a new form with files is
 * first saved as a draft (`onCreated` hears of it), then the files are uploaded, then it is saved
 * as chosen.
 */
async function saveWithUploads(
  {
    shape,
    submission,
    state,
    transport,
  }: Pick<EditorCommandsInput, 'shape' | 'submission' | 'state' | 'transport'>,
  asDraft: boolean,
  onCreated: (id: string) => void,
) {
  const timeZone = browserTimeZone();
  let stored = submission ? { _id: submission._id, version: submission.version } : null;
  const uploads = Object.entries(state.pending).filter(([, files]) => files.length > 0);
  if (!stored && uploads.length > 0) {
    // Without its actions: they are created once, by the save below, so each gets one number and
    // one mail (sent again without ids they would be replaced).
    const first = await transport.save(saveRequest(shape, { ...state, tasks: [] }, true, null, timeZone));
    onCreated(first.data._id);
    stored = { _id: first.data._id, version: first.data.version };
  }
  if (stored) {
    for (const [fieldId, files] of uploads) {
      const form = new FormData();
      // The server reads the text fields before the files.
      form.set('_id', stored._id);
      form.set('relatedFormId', fieldId);
      for (const file of files) form.append('files', file, file.name);
      const uploaded = await transport.uploadFiles(form);
      stored = { ...stored, version: uploaded.data.version };
    }
  }
  return transport.save(saveRequest(shape, state, asDraft, stored, timeZone));
}

/**
 * What the buttons of 001 section 4 do: save with the uploads, close, re-open; and the failures
 * shown where they belong (a stale version, open actions, messages next to the inputs).
 */
export function useEditorCommands(input: EditorCommandsInput) {
  const { shape, submission, state, attachments, linkMode, guest, places, unsaved } = input;
  const { setHeaderError, setFieldErrors } = input;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<EditorButton | null>(null);
  const [conflict, setConflict] = useState(false);
  const [openTaskDialog, setOpenTaskDialog] = useState(false);
  // A new form whose first save created it: later failures must not create a second one.
  const createdId = useRef<string | null>(null);
  const isNew = submission === null;

  /** Save Draft / Submit / Save (001 section 4). */
  const persist = async (asDraft: boolean) => {
    const check = validate(shape, state, attachments, asDraft, places);
    setHeaderError(check.header);
    setFieldErrors(check.fields);
    if (check.first) throw new ClientValidation(check.first);
    if (guest) {
      await guest.submit(state);
      return null;
    }
    return saveWithUploads(input, asDraft, (id) => {
      createdId.current = id;
    });
  };

  const isFieldId = (id: string) => shape.fieldList.some((field) => field._id === id);

  const showFailure = (error: unknown) => {
    if (error instanceof ClientValidation) {
      toast.error(error.message);
      return;
    }
    if (error instanceof ApiError) {
      if (error.errorCode === 'stale_version') {
        setConflict(true);
        return;
      }
      if (error.errorCode === 'open_tasks_block_close') {
        setOpenTaskDialog(true);
        return;
      }
      const header = error.validationErrors.find((problem) => problem.field === 'header');
      if (header) setHeaderError(header.message);
      const fields = error.validationErrors.filter((problem) => isFieldId(problem.field));
      if (fields.length > 0)
        setFieldErrors(Object.fromEntries(fields.map((problem) => [problem.field, problem.message])));
    }
    notifyError(error);
  };

  /** After a change on the server: the lists and this form are read again. */
  const reloadStored = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: submissionKeys.lists });
    if (isNew) {
      unsaved.allowLeave();
      navigate(recordPath(id), { replace: true });
    } else await queryClient.invalidateQueries({ queryKey: submissionKeys.details(id) });
  };

  // 001 section 4: supplier forms close through the supplier close-off, assigned hr forms through
  // the assigned-form close-off (their assignment found first, 001 section 7), the others through
  // the submission close.
  const closeForm = async (version: number) => {
    const localTimeZone = browserTimeZone();
    const submissionId = submission!._id;
    const assignment = shape.formType === 'hr' ? await hrAssignmentOf(submissionId) : null;
    const result =
      shape.formType === 'supplier'
        ? await sendCall(supplierFormCloseOffCall, { body: { formSumissionId: submissionId, localTimeZone } })
        : assignment
          ? await sendCall(assignFormCloseOffCall, { body: { _id: assignment, localTimeZone } })
          : await sendCall(formSubmissionCloseCall, {
              body: { _id: submissionId, version, localTimeZone },
            });
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    // 001 section 4: after close the employee goes back to the dashboard.
    unsaved.allowLeave();
    navigate('/dashboard');
  };

  const run = async (button: EditorButton) => {
    if (busy) return;
    const incomplete = state.tasks.some((task) => !task.complete);
    if ((button === 'signOff' || button === 'saveAndClose') && incomplete) {
      setOpenTaskDialog(true);
      return;
    }
    setBusy(button);
    try {
      if (button === 'reopen') {
        const result = await sendCall(formSubmissionReopenCall, {
          body: { _id: submission!._id, version: submission!.version },
        });
        toast.success(result.message);
        await reloadStored(submission!._id);
      } else if (button === 'signOff') {
        await closeForm(submission!.version);
      } else {
        const result = await persist(button === 'saveDraft');
        // A guest's page shows its thank-you instead.
        if (!result) return;
        if (button === 'saveAndClose') {
          await closeForm(result.data.version);
          return;
        }
        toast.success(result.message);
        if (linkMode?.onSaved) {
          // Saved: the screen's navigation rules may leave now (a refusal remounts the editor).
          unsaved.allowLeave();
          await linkMode.onSaved(result.data, button === 'saveDraft');
          return;
        }
        await reloadStored(result.data._id);
      }
    } catch (error) {
      showFailure(error);
      // The first save of a new form with files created it: continue from the stored form.
      if (isNew && createdId.current) {
        unsaved.allowLeave();
        navigate(recordPath(createdId.current), { replace: true });
      }
    } finally {
      setBusy(null);
    }
  };

  const reload = async () => {
    if (!submission) return;
    setConflict(false);
    await queryClient.invalidateQueries({ queryKey: submissionKeys.details(submission._id) });
  };

  return { busy, conflict, openTaskDialog, setOpenTaskDialog, run, reload };
}
