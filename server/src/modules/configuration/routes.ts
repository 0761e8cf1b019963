import { configurationCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { SsoService } from '../sso';

/** What the client loads at start-up, before anyone signs in. */
export const configurationRoutes: FastifyPluginAsync<{ config: Config; sso: SsoService }> = async (
  app,
  { config, sso },
) => {
  registerCall(app, configurationCall, {
    handler: async (request) =>
      ok({
        productName: config.PRODUCT_NAME,
        homeSiteUrl: config.HOME_SITE_URL,
        helpCentreUrl: config.HELP_CENTRE_URL,
        sso: await sso.enabledProviders(request.query.companyId),
      }),
  });
};
