import {
  errorCodeOfStatus,
  messages,
  type Envelope,
  type TErrorCode,
  type TValidationError,
} from '@compass/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseErrorOf } from '../db/errors';
import { AppError } from '../errors';

/** A successful envelope; handlers return this and nothing else. */
export function ok<T>(data: T, message: string = messages.common.success): Envelope<T> {
  return { response_code: 200, response_message: message, response_data: data };
}

function fieldOf(instancePath: string | undefined, params: unknown): string {
  const path = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return [path, missing].filter(Boolean).join('.') || 'body';
}

export function errorEnvelope(
  statusCode: number,
  message: string,
  data: unknown = null,
  validationErrors?: TValidationError[],
  code?: TErrorCode,
): Envelope<unknown> {
  const body: Envelope<unknown> = {
    response_code: statusCode,
    response_message: message,
    response_data: data,
  };
  if (validationErrors?.length) body.validation_errors = validationErrors;
  body.error_code = code ?? errorCodeOfStatus(statusCode);
  return body;
}

/**
 * Errors Fastify answers before any route or hook runs (an address that does not decode, a path
 * parameter longer than the router takes): in the envelope too, with their status.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = status === 414 ? 'The address is too long.' : 'The address is not valid.';
  void reply.code(status).send(errorEnvelope(status, message));
}

/**
 * Every error leaves in the envelope with the matching HTTP status: validation failures with
 * `validation_errors`, 4xx with their message, 5xx with a generic message (details only in the log).
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A download that failed while its file was read still carries the file's headers: they go, so
    // that the envelope below leaves as JSON like every other error.
    const downloading = reply.hasHeader('content-disposition');
    if (downloading) {
      reply.removeHeader('content-disposition');
      reply.removeHeader('content-type');
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply
        .code(error.statusCode)
        .send(errorEnvelope(error.statusCode, error.message, error.data, error.validationErrors, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const all = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath, issue.params),
        message: issue.message ?? messages.common.validationFailed,
      }));
      // Zod may report one value twice (a wrong type and a failed length check): say it once.
      const validationErrors = all.filter(
        (entry, index) =>
          all.findIndex((other) => other.field === entry.field && other.message === entry.message) === index,
      );
      const first = validationErrors[0]?.message ?? messages.common.validationFailed;
      return reply.code(400).send(errorEnvelope(400, first, null, validationErrors));
    }
    const fromDatabase = databaseErrorOf(error);
    if (fromDatabase) {
      request.log.warn({ err: error }, 'database refused the request');
      return reply
        .code(fromDatabase.statusCode)
        .send(errorEnvelope(fromDatabase.statusCode, fromDatabase.message));
    }
    if (downloading && (error as NodeJS.ErrnoException).code === 'ENOENT') {
      // A file a row names is gone from the file store (removed by hand, a restore without its
      // files): the user is told it is not there, the log says which file.
      request.log.error({ err: error }, 'a stored file is missing');
      return reply.code(404).send(errorEnvelope(404, messages.common.notFound));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorEnvelope(500, messages.common.serverError));
    }
    const message = status === 429 ? messages.common.tooManyRequests : error.message;
    return reply.code(status).send(errorEnvelope(status, message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorEnvelope(404, `No such call: ${request.method} ${request.url.split('?')[0]}`));
  });
});
