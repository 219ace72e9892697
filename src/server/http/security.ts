// Security and transport headers of every reply: helmet's policies, compression, and no caching of API replies unless an operation says so.
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import type { AppConfig } from '../config';

export const securityHeaders = fp<{ config: AppConfig }>(async (app, { config }) => {
  await app.register(helmet, {
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
  await app.register(compress, { threshold: 1024 });
  // A player's village, messages and the admin lists must never sit in a shared or browser cache: every API reply is
  // no-store unless its operation says what it may be cached for (the map area's ETag replies do).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
