import { ZAppConfiguration } from './auth';
import { ACCESS, defineCall } from './call';
import { ZAppConfigurationQuery } from './sso';

/** What the client loads at start-up, before anyone signs in. */
export const configurationCall = defineCall({
  method: 'GET',
  path: '/configuration',
  tags: ['configuration'],
  summary: 'Product name, external addresses and the sign-in methods on offer',
  description:
    'sso.<provider> is true when the organisation named by companyId (or, without it, any ' +
    'organisation) has that provider enabled.',
  access: ACCESS.anyone,
  query: ZAppConfigurationQuery,
  response: ZAppConfiguration,
});
