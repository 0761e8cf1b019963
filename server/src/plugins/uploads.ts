import multipart from '@fastify/multipart';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@compass/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../errors';
import { checkText } from './textGuard';

export interface UploadedFile {
  name: string;
  mimeType: string;
  content: Buffer;
}

/** The most text fields a form may have; with the files, the most parts. */
const MAX_FIELDS = 20;
const MAX_PARTS = MAX_FIELDS + MAX_FILES_PER_UPLOAD;
const NOT_MULTIPART = 'Send the form as multipart/form-data.';

export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    // A field holds at most a drawn signature (ZSignature: 500 KB) and some room.
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_FILES_PER_UPLOAD,
      fields: MAX_FIELDS,
      parts: MAX_PARTS,
      fieldSize: 600_000,
    },
  });
});

/** A parser's refusal in our words: over a limit 413, anything else it cannot read 400. */
function formError(error: unknown): AppError {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'A file is larger than 10 MB.');
    case 'FST_FILES_LIMIT':
      return new AppError(413, `Send at most ${MAX_FILES_PER_UPLOAD} files at once.`);
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, `Send at most ${MAX_FIELDS} form fields.`);
    case 'FST_PARTS_LIMIT':
      return new AppError(413, `Send at most ${MAX_PARTS} form fields and files together.`);
    default:
      // Cut short, no boundary, a broken header: the body is not a form we can read.
      return badRequest(NOT_MULTIPART);
  }
}

/** Reads a multipart request into its text fields and files; a form it cannot take is a 400 or 413 envelope. */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, `${part.filename} is larger than 10 MB.`);
        if (content.length > 0) files.push({ name: part.filename, mimeType: part.mimetype, content });
      } else {
        // A value cut at the limit would pass on as a different value: refuse it instead.
        if (part.valueTruncated) throw new AppError(413, `The field ${part.fieldname} is too long.`);
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw formError(error);
  }
  checkText(fields, 'body');
  checkText(
    files.map((file) => file.name),
    'files',
  );
  return { fields, files };
}
