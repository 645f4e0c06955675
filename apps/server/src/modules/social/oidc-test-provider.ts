/// <reference path="./oidc-provider.d.ts" />
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from '../../platform/net.js';

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface LocalOidcProvider {
  /** The issuer, e.g. http://127.0.0.1:40123 (what SOCIAL_<P>_ISSUER is set to). */
  issuer: string;
  close(): Promise<void>;
}

/** The account of a login at the local provider: its login name is the subject. */
export const testAccountClaims = (sub: string) => ({
  sub,
  email: `${sub}@example.test`,
  email_verified: true,
  name: `Tester ${sub}`,
});

/**
 * A real OpenID Provider (the `oidc-provider` package) on a free local port, for tests and local trials
 * of social login: discovery, authorization with PKCE, ID tokens signed with its own keys. Its
 * development login form accepts any login name (that becomes the subject, `sub`) and any password;
 * the consent screen is skipped as for a first-party client.
 */
export async function startLocalOidcProvider(clients: TestClient[], port?: number): Promise<LocalOidcProvider> {
  const listenPort = port ?? (await freePort());
  const issuer = `http://127.0.0.1:${listenPort}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: () => testAccountClaims(sub) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    // Like Google and Apple, the ID token carries the e-mail and name the scopes asked for.
    conformIdTokenClaims: false,
    cookies: { keys: ['byeol-local-oidc-provider'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async loadExistingGrant(ctx) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile name');
      await grant.save();
      return grant;
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
