import {
  branchesByWorkplaceCall,
  deleteAttachmentCall,
  formSubmissionLinkFileDeleteCall,
  formSubmissionSaveCall,
  formSubmissionUploadFilesCall,
  type TFormSubmissionSaveRequest,
} from '@compass/shared';
import { callApi, sendCall, type CallOptions } from '../../api/client';
import { submissionKeys, type BranchSource } from './api';

/**
 * How the submission editor reaches the server: the calls it makes, bound to the caller it makes
 * them for (a signed-in user, or an e-mailed link). The editor itself knows no paths and no tokens.
 */
export interface EditorTransport {
  save: (body: TFormSubmissionSaveRequest) => ReturnType<typeof sendCall<typeof formSubmissionSaveCall>>;
  uploadFiles: (form: FormData) => ReturnType<typeof sendCall<typeof formSubmissionUploadFilesCall>>;
  /** Deletes a file of the stored submission; resolves with the message to show. */
  deleteFile: (submissionId: string, fileId: string) => Promise<string>;
  branches: BranchSource;
}

/** The signed-in user's own calls. */
export const sessionTransport: EditorTransport = {
  save: (body) => sendCall(formSubmissionSaveCall, { body }),
  uploadFiles: (form) => sendCall(formSubmissionUploadFilesCall, { form }),
  deleteFile: async (submissionId, fileId) =>
    (
      await sendCall(deleteAttachmentCall, {
        body: { fileType: 'submission', fileId, _id: submissionId },
      })
    ).message,
  branches: {
    key: submissionKeys.branches,
    load: (workplace) => callApi(branchesByWorkplaceCall, { body: { workplace } }),
  },
};

/**
 * The calls of a supplier screen opened from a link (001 section 7): each carries the link's
 * token, and a refused link must not sign out whoever else uses this browser (authRedirect off).
 */
export function linkTransport(authtoken: string): EditorTransport {
  const options: CallOptions = { link: authtoken, authRedirect: false };
  return {
    save: (body) => sendCall(formSubmissionSaveCall, { body }, options),
    uploadFiles: (form) => sendCall(formSubmissionUploadFilesCall, { form }, options),
    deleteFile: async (submissionId, fileId) =>
      (
        await sendCall(
          formSubmissionLinkFileDeleteCall,
          { body: { fileType: 'submission', _id: submissionId, fileId } },
          options,
        )
      ).message,
    branches: {
      key: [...submissionKeys.all, 'linkBranches'],
      load: (workplace) => callApi(branchesByWorkplaceCall, { body: { workplace } }, options),
    },
  };
}

/**
 * A QR poster's guest (features/qrSubmissions): branches through the guest call; the form is sent
 * by the page's own submit (GuestMode), never saved, uploaded to or changed through the editor.
 */
export function guestTransport(branches: BranchSource): EditorTransport {
  const notForGuests = () => Promise.reject(new Error('A guest form is sent by its page, not saved.'));
  return { save: notForGuests, uploadFiles: notForGuests, deleteFile: notForGuests, branches };
}
