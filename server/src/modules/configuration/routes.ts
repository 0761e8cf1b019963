import { envelopeOf, ZAppConfiguration } from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok } from '../../plugins/envelope';

/** What the client loads at start-up, before anyone signs in. */
export const configurationRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get('/configuration', {
    config: { auth: 'public' },
    schema: {
      tags: ['configuration'],
      summary: 'Product name, external addresses and the sign-in methods on offer',
      response: { 200: envelopeOf(ZAppConfiguration) },
    },
    handler: async () =>
      ok({
        productName: config.PRODUCT_NAME,
        homeSiteUrl: config.HOME_SITE_URL,
        helpCentreUrl: config.HELP_CENTRE_URL,
        sso: { microsoft: false, google: false },
      }),
  });
};
