import type { TFormSubmissionSaveResult } from '@compass/shared';
import type { EditorState } from './editorState';

/**
 * The editor opened for one errand, whose screen decides where to go next: through an e-mailed
 * link (View and Update Form Submission, 001 sections 2.1 and 2.3; its transport carries the
 * link's token), or by the employee an HR form is assigned to (SubmissionEditorPage). No History,
 * Sign Off, Save and Close or Re-Open.
 */
export interface LinkMode {
  /** View Form Submission: read-only, with Back as the only button. */
  viewOnly: boolean;
  /** The initial-details card is left out (a supplier assessment on the View screen). */
  hideInitialDetails: boolean;
  /** Cancel / Back: leaves for the product's home site. */
  onLeave: () => void;
  /** After a successful save, instead of reading the form again (the screen's navigation rules). */
  onSaved?: (saved: TFormSubmissionSaveResult, asDraft: boolean) => Promise<void>;
}

/** A guest of a template's QR poster (features/qrSubmissions): Submit only, the coordinator fixed. */
export interface GuestMode {
  coordinatorName: string;
  /** Sends the checked form; the page then shows its thank-you. */
  submit: (state: EditorState) => Promise<void>;
}
