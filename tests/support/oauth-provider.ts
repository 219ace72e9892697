// A small OAuth2 provider on 127.0.0.1 that speaks Discord's three endpoints, so the whole login flow runs locally.
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface ProviderUser {
  id: string;
  username: string;
  avatar: string | null;
  email: string | null;
  verified: boolean;
}

export interface OAuthProvider {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorize call signs in as. */
  user: ProviderUser;
  close(): Promise<void>;
}

export async function startOAuthProvider(
  user: ProviderUser,
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<OAuthProvider> {
  const clientId = options.clientId ?? 'test-client';
  const clientSecret = options.clientSecret ?? randomBytes(8).toString('hex');
  const codes = new Map<string, { redirectUri: string; user: ProviderUser }>();
  const tokens = new Map<string, ProviderUser>();
  const provider = { clientId, clientSecret, user } as OAuthProvider;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/health') return send(200, { status: 'ok' });
    if (req.method === 'PUT' && url.pathname === '/test/user') {
      // Browser tests choose who the next sign-in is (the provider runs as its own process there).
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        provider.user = JSON.parse(raw) as ProviderUser;
        send(200, provider.user);
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || !redirectUri) return send(400, { error: 'invalid_client' });
      const code = randomBytes(8).toString('hex');
      codes.set(code, { redirectUri, user: provider.user });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/api/oauth2/token') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = codes.get(form.get('code') ?? '');
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return send(401, { error: 'invalid_client' });
        if (!grant || grant.redirectUri !== form.get('redirect_uri')) return send(400, { error: 'invalid_grant' });
        codes.delete(form.get('code') ?? '');
        const accessToken = randomBytes(12).toString('hex');
        tokens.set(accessToken, grant.user);
        send(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 604800, scope: 'identify email' });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/users/@me') {
      const who = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return who ? send(200, who) : send(401, { message: '401: Unauthorized' });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  provider.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () => new Promise((resolve) => server.close(() => resolve()));
  return provider;
}
