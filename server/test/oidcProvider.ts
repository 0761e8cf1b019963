import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import Provider from 'oidc-provider';

/** A port free right now on 127.0.0.1 (the app's PUBLIC_URL must be known before it listens). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts it knows, by subject; the login interaction signs in as `nextLogin`. */
  accounts: Map<string, TestAccount>;
  /** Who the next login interaction signs in as, or 'deny' for the user refusing. */
  setNextLogin(subject: string | 'deny'): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (oidc-provider) on a random localhost port: one confidential client with
 * PKCE required, and a minimal interaction endpoint standing in for the login and consent screens
 * (it signs in as the account the test chose and grants what was asked).
 */
export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'compass-test';
  const clientSecret = 'compass-test-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccount>();
  let nextLogin = '';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    // Microsoft and Google put the scope's claims in the ID token; so does this provider.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, subject) => {
      const account = accounts.get(subject);
      if (!account) return undefined;
      return { accountId: subject, claims: async () => ({ sub: subject, ...account }) };
    },
  });

  async function interact(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (nextLogin === 'deny') {
      const result = { error: 'access_denied', error_description: 'The user declined.' };
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === 'login') {
      const result = { login: { accountId: nextLogin } };
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    const accountId = details.session?.accountId ?? nextLogin;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  const callback = provider.callback();
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    setNextLogin: (subject) => {
      nextLogin = subject;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
