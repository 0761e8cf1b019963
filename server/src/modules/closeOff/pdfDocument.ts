import type { RichBlock } from './richText';

/**
 * The document model of a close-off PDF: everything the PDF shows, resolved to text and images.
 * Loaded in the API process (pdfModel.ts), drawn in the render process (pdfRender.ts).
 */

export interface PdfImage {
  /** PNG or JPEG bytes (pdfkit embeds only these). */
  data: Buffer;
  width: number;
  height: number;
}

export interface PdfAction {
  taskNumber: number;
  instruction: string;
  assignee: string;
  actionType: 'internal' | 'external';
  due: string;
  status: string;
  response: string;
}

export interface PdfFile {
  name: string;
  image: PdfImage | null;
}

export type PdfField =
  | { kind: 'value'; label: string; text: string }
  | { kind: 'heading'; label: string }
  | { kind: 'richText'; label: string; blocks: RichBlock[] }
  | { kind: 'image'; label: string; image: PdfImage | null; maxHeight: number }
  | { kind: 'table'; label: string; columns: string[]; rows: string[][] }
  | { kind: 'files'; label: string; files: PdfFile[] }
  | { kind: 'actions'; label: string; actions: PdfAction[] };

export interface PdfModel {
  organisation: { name: string; logo: PdfImage | null };
  templateName: string;
  formNumber: string;
  description: string;
  date: string;
  workplace: string;
  branch: string;
  coordinator: string;
  recordedBy: string;
  status: 'Draft' | 'Open' | 'Closed';
  /** dd/MM/yyyy of the close, shown on every page; null while the form is open. */
  closedOn: string | null;
  /** dd/MM/yyyy the PDF was made. */
  generatedOn: string;
  sections: { label: string; fields: PdfField[] }[];
  /** Actions not tied to an Action List field of the template. */
  otherActions: PdfAction[];
  /** Files of the submission not tied to a file field. */
  attachments: PdfFile[];
  /** The header's label/value pairs when not a form's (an audit names its auditor and score). */
  details?: [string, string][];
}
