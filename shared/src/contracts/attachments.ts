import { z } from 'zod';
import { ACCESS, defineCall } from './call';

/** An attachment as the wire shows it: `path` is the download call, never a storage location. */
export const ZAttachment = z.object({
  _id: z.uuid(),
  name: z.string(),
  path: z.string(),
  fileType: z.string().nullable(),
  size: z.number().int(),
});
export type TAttachment = z.infer<typeof ZAttachment>;

export const ATTACHMENT_OWNER_TYPES = [
  'auditTask',
  'audit',
  'obligationTask',
  'action',
  'submission',
  'notice',
  'document',
  'obligation',
  'risk',
  'hazardousSubstance',
  'safetyDataSheet',
  'asset',
  'maintenanceRecord',
] as const;

export const ZDeleteAttachmentRequest = z.object({
  fileType: z.enum(ATTACHMENT_OWNER_TYPES),
  fileId: z.uuid(),
  _id: z.uuid(),
});
export type TDeleteAttachmentRequest = z.infer<typeof ZDeleteAttachmentRequest>;

/** Upload limits shared by the browser (checked before sending) and the server. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;

/** A file field's own limit (the template's maxFiles), checked by the form and by the server. */
export function fieldFileLimitProblem(maxFiles: number | null | undefined, total: number): string | null {
  if (!maxFiles || total <= maxFiles) return null;
  return `This field takes at most ${maxFiles} file${maxFiles === 1 ? '' : 's'}.`;
}
export const ALLOWED_UPLOAD_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'tiff',
  'avif',
  'svg',
  'jfif',
  'apng',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'csv',
  'rtf',
  'odt',
  'ods',
] as const;

export function uploadProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    return `This file type is not allowed: ${file.name}`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is larger than 10 MB.`;
  return null;
}

export const fileCall = defineCall({
  method: 'GET',
  path: '/files/:id',
  tags: ['attachments'],
  summary:
    'Download an attachment the caller may read (the file itself, not the envelope); with ' +
    '?authtoken= a link token reads the files of its own resource only',
  access: ACCESS.signedInOrLink,
  params: z.object({ id: z.uuid() }),
  query: z.object({ authtoken: z.string().optional() }),
  response: 'file',
});

export const deleteAttachmentCall = defineCall({
  method: 'POST',
  path: '/deleteAttachment',
  tags: ['attachments'],
  summary: 'Delete an attachment of an item the caller may change',
  access: ACCESS.signedIn,
  body: ZDeleteAttachmentRequest,
  response: z.null(),
});
