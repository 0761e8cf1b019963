import { messages, ssoCallbackCall, ssoConfigurationCall, ssoMessages, ZSsoProvider } from '@compass/shared';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { addressLimit, type AbuseLimits } from '../../plugins/rateLimit';
import { SSO_STATE_TTL_SECONDS, SsoFailure, type SsoService, type SsoState } from './service';

export const SSO_STATE_COOKIE = 'sso_state';
export const MESSAGE_COOKIE = 'message';
/** The login page reads the message at once; a minute covers a slow page load. */
const MESSAGE_TTL_SECONDS = 60;

const ZSavedState = z.object({
  provider: ZSsoProvider,
  companyId: z.uuid(),
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  returnUrl: z.string().nullable(),
  expiresAt: z.number(),
});

/** The state cookie's value: only one this server signed, still well-formed, else null. */
function readState(request: FastifyRequest): SsoState | null {
  const raw = request.cookies[SSO_STATE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = ZSavedState.safeParse(
      JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Microsoft and Google sign-in (docs/sso.md). The configuration call answers the provider's
 * authorization URL and sets the signed state cookie; the provider sends the browser back to the
 * callback, which always answers a redirect: to /login/task with a session token, or to /login
 * with a `message` cookie the login page shows.
 */
export const ssoRoutes: FastifyPluginAsync<{
  sso: SsoService;
  publicUrl: string;
  abuseLimits: AbuseLimits;
}> = async (app, { sso, publicUrl, abuseLimits }) => {
  const secure = new URL(publicUrl).protocol === 'https:';
  // Each start and each callback costs a round trip to the provider: limited per address like sign-in.
  const startLimit = addressLimit(app, 'sso-start', abuseLimits);
  const callbackLimit = addressLimit(app, 'sso-callback', abuseLimits);
  const stateCookie: CookieSerializeOptions = { path: '/api/sso', httpOnly: true, sameSite: 'lax', secure };

  registerCall(app, ssoConfigurationCall, {
    preHandler: async (request) => {
      const seconds = await startLimit(request);
      if (seconds !== null) {
        throw new AppError(429, messages.common.tooManyRequests, { retryAfterSeconds: seconds });
      }
    },
    handler: async (request, reply) => {
      const { redirectUrl, state } = await sso.start(request.params.provider, request.query);
      const value = Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
      reply
        .header('cache-control', 'no-store')
        .setCookie(SSO_STATE_COOKIE, value, { ...stateCookie, signed: true, maxAge: SSO_STATE_TTL_SECONDS });
      return ok({ redirectUrl });
    },
  });

  registerCall(app, ssoCallbackCall, {
    handler: async (request, reply) => {
      const { provider } = request.params;
      const saved = readState(request);
      reply.header('cache-control', 'no-store').clearCookie(SSO_STATE_COOKIE, stateCookie);
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      try {
        if ((await callbackLimit(request)) !== null) throw new SsoFailure(messages.common.tooManyRequests);
        const result = await sso.finish(provider, saved, query, {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
        });
        const target = new URL('/login/task', publicUrl);
        target.searchParams.set('token', result.authToken);
        if (result.hasAssociatedAccounts) target.searchParams.set('hasAssociatedAccounts', 'yes');
        if (result.returnUrl) target.searchParams.set('returnUrl', result.returnUrl);
        return reply.redirect(target.toString(), 302);
      } catch (error) {
        const known = error instanceof SsoFailure;
        request.log.warn(
          { provider, reason: known ? error.message : undefined, err: known ? error.detail : error },
          'SSO sign-in refused',
        );
        reply.setCookie(MESSAGE_COOKIE, known ? error.message : ssoMessages.failed(provider), {
          path: '/',
          httpOnly: false,
          sameSite: 'lax',
          secure,
          maxAge: MESSAGE_TTL_SECONDS,
        });
        return reply.redirect(new URL('/login', publicUrl).toString(), 302);
      }
    },
  });
};
