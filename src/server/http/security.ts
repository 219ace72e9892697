// Security and transport headers of every reply: helmet's policies, compression, and no caching of API replies unless an operation says so.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import compress from '@fastify/compress';
import type { AppConfig } from '../config';

/**
 * The headers helmet's middleware sets, read once by running it against a response that is never sent. Every
 * policy here is the same for every request (no nonces, no per-route options), and @fastify/helmet built the whole
 * middleware again for each request, parsing the policy's directives each time: 2% of a loaded server's main thread
 * (bench/README.md, "Request logs and security headers").
 */
export function helmetHeaders(options: HelmetOptions): [name: string, value: string][] {
  // A real response that is never sent: helmet's middleware only sets (and removes) its headers.
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let error: unknown = null;
  helmet(options)(request, response, (failure?: unknown) => void (error = failure ?? null));
  if (error) throw error;
  return response.getHeaderNames().map((name) => [name, String(response.getHeader(name))]);
}

export const securityHeaders = fp<{ config: AppConfig }>(async (app, { config }) => {
  const headers = helmetHeaders({
    // HSTS only when the server knows it is reached over HTTPS: on a plain-http LAN it would lock players out.
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://cdn.discordapp.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // The game may be served over plain http on a LAN; forcing https there would break every asset.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // On the raw response, as helmet's middleware would: also a reply written past Fastify (the live event stream) has them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(compress, { threshold: 1024 });
  // A player's village, messages and the admin lists must never sit in a shared or browser cache: every API reply is
  // no-store unless its operation says what it may be cached for (the map area's ETag replies do).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
