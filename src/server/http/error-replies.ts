// How every failure is answered: `{ error, details? }` with the right status; a database out of reach is 503, only the server's own faults are 500, and logged.
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { GameError, type ErrorDetail } from '../errors';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/unavailable';

/** A text parameter of an Ajv error (`missingProperty` of `required`, ...), if it has one. */
function textParam(params: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = params?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** Ajv's validation errors as `{ field, message }` a person can read. */
function validationDetails(error: FastifyError): ErrorDetail[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((v) => {
    const missing = textParam(v.params, 'missingProperty');
    const extra = textParam(v.params, 'additionalProperty');
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field = missing ?? extra ?? (path || context);
    const message = missing
      ? `${missing} is required`
      : extra
        ? `${extra} is not allowed`
        : `${field} ${v.message ?? 'is invalid'}`;
    return { field, message };
  });
}

export const errorReplies = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const details = validationDetails(error);
      return reply.code(400).send({ error: `Invalid request: ${details[0]?.message ?? error.message}`, details });
    }
    if (error instanceof GameError) {
      return reply.code(error.status).send(error.details ? { error: error.message, details: error.details } : { error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.code(status).send({ error: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or failing over: not our bug and not the player's; the pool connects again by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ error: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
});
