import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS } from '@compass/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, at /api/openapi.json and /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance, { productName }: { productName: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${productName} API`,
        description:
          'Every response is the envelope { response_code, response_message, response_data }. ' +
          'Signed-in calls carry the session token in the `authtoken` header. Calls of the screens ' +
          'opened from an e-mailed link also accept a scoped link token in the `authtoken` query ' +
          'parameter, which grants only the resource it was issued for.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          authtoken: { type: 'apiKey', in: 'header', name: 'authtoken' },
          linkToken: { type: 'apiKey', in: 'query', name: 'authtoken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Its page loads its scripts from files, so the product's own policy serves it as it is.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: ACCESS.anyone }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
