import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS, API_TOKEN_PREFIX } from '@compass/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ANSWERS_KEY, completeDocument, type Answers } from './openapiDocument';

export interface OpenApiOptions {
  productName: string;
  /** Where people get help with the product: the document's contact. */
  helpCentreUrl: string;
  /** The address the API is served at, when known; otherwise the document's own server. */
  publicUrl?: string;
}

/**
 * The OpenAPI document, generated from the routes' zod schemas and the calls' definitions
 * (operationId, credentials, every answer: openapiDocument.ts), at /api/openapi.json and /api/docs.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, options: OpenApiOptions) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.productName} API`,
        description:
          'Every response is the envelope { response_code, response_message, response_data }; an error ' +
          'adds `error_code` and, for invalid input, `validation_errors`. Each operation lists the ' +
          'credentials it accepts (docs/integrations.md): the session token of a person signed in, ' +
          'an API token of an integration, or the scoped link token of a screen opened from an e-mailed link.',
        version: '1.0.0',
        contact: { name: `${options.productName} help centre`, url: options.helpCentreUrl },
      },
      servers: [{ url: options.publicUrl ?? '/', description: 'This server' }],
      components: {
        securitySchemes: {
          authtoken: {
            type: 'apiKey',
            in: 'header',
            name: 'authtoken',
            description: 'The session token `signIn` answers with, for a person signed in.',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_TOKEN_PREFIX}…`,
            description:
              "An organisation's API token for an integration, made by its administrator: it acts as that " +
              'administrator, limited to the access keys chosen for it, until it expires or is revoked.',
          },
          linkToken: {
            type: 'apiKey',
            in: 'query',
            name: 'authtoken',
            description:
              'A scoped link token from an e-mailed link; it grants only the resource it was issued for.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document ? completeDocument(document.openapiObject) : document.swaggerObject,
  });
  // Its page loads its scripts from files, so the product's own policy serves it as it is.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get(
    '/api/openapi.json',
    {
      config: { access: ACCESS.anyone },
      schema: {
        operationId: 'openApiDocument',
        tags: ['documentation'],
        summary: 'This OpenAPI document',
        description: 'The document describing every operation of the API. Anyone may read it.',
        security: [],
        ...{ [ANSWERS_KEY]: { errors: [], kind: 'document' } satisfies Answers },
      },
    },
    async () => app.swagger(),
  );
});
