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

export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    // A field holds at most a drawn signature (ZSignature: 500 KB) and some room.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 20, fieldSize: 600_000 },
  });
});

/** Reads a multipart request into its text fields and files; over a limit is a 413 envelope. */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
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
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'A file is larger than 10 MB.');
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(413, `Send at most ${MAX_FILES_PER_UPLOAD} files at once.`);
    throw error;
  }
  checkText(fields, 'body');
  checkText(
    files.map((file) => file.name),
    'files',
  );
  return { fields, files };
}
