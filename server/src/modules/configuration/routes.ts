import { envelopeOf, ZAppConfiguration, ZAppConfigurationQuery } from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok } from '../../plugins/envelope';
import type { SsoService } from '../sso/service';
import { ACCESS } from '../../plugins/callers';

/** What the client loads at start-up, before anyone signs in. */
export const configurationRoutes: FastifyPluginAsyncZod<{ config: Config; sso: SsoService }> = async (
  app,
  { config, sso },
) => {
  app.get('/configuration', {
    config: { access: ACCESS.anyone },
    schema: {
      tags: ['configuration'],
      summary: 'Product name, external addresses and the sign-in methods on offer',
      description:
        'sso.<provider> is true when the organisation named by companyId (or, without it, any ' +
        'organisation) has that provider enabled.',
      querystring: ZAppConfigurationQuery,
      response: { 200: envelopeOf(ZAppConfiguration) },
    },
    handler: async (request) =>
      ok({
        productName: config.PRODUCT_NAME,
        homeSiteUrl: config.HOME_SITE_URL,
        helpCentreUrl: config.HELP_CENTRE_URL,
        sso: await sso.enabledProviders(request.query.companyId),
      }),
  });
};
