// How every failure is answered: `{ error, code, params?, details? }` with the right status; a database out of reach is 503, only the server's own faults are 500, and logged.
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/unavailable';
import { GameError, errorBody, readAs, say, type ErrorCode, type ErrorDetail, type ErrorParams } from '../errors';

/** A text parameter of an Ajv error (`missingProperty` of `required`, ...), if it has one. */
function textParam(params: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = params?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The code of each Ajv keyword's message ("count must be <= 100"); its params are read back from the words. */
const KEYWORD_CODES: Readonly<Partial<Record<string, ErrorCode>>> = {
  type: 'field_wrong_type',
  minimum: 'field_limit',
  maximum: 'field_limit',
  exclusiveMinimum: 'field_limit',
  exclusiveMaximum: 'field_limit',
  minLength: 'field_too_short',
  maxLength: 'field_too_long',
  minItems: 'field_too_few_items',
  maxItems: 'field_too_many_items',
  minProperties: 'field_too_few_properties',
  maxProperties: 'field_too_many_properties',
  pattern: 'field_pattern',
  format: 'field_format',
  enum: 'field_not_allowed_value',
  const: 'field_not_constant',
  uniqueItems: 'field_duplicate_items',
  anyOf: 'field_any_of',
};

/** A detail in Ajv's words under the keyword's code, else under `field_invalid` with Ajv's words as the reason. */
function keywordDetail(field: string, keyword: string, reason: string): ErrorDetail {
  const message = `${field} ${reason}`;
  const code = KEYWORD_CODES[keyword];
  const params = code ? readAs(code, message) : null;
  return code && params ? { field, message, code, params } : { field, message, code: 'field_invalid', params: { field, reason } };
}

/** Ajv's validation errors as `{ field, message, code, params }` a person (or a client translating them) can read. */
function validationDetails(error: FastifyError): ErrorDetail[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((v) => {
    const missing = textParam(v.params, 'missingProperty');
    const extra = textParam(v.params, 'additionalProperty');
    if (missing) return { field: missing, message: `${missing} is required`, code: 'field_required', params: { field: missing } };
    if (extra) return { field: extra, message: `${extra} is not allowed`, code: 'field_not_allowed', params: { field: extra } };
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return keywordDetail(path || context, v.keyword, v.message ?? 'is invalid');
  });
}

/** Fastify's own client errors by their Fastify code; their words are Fastify's, read back into params. */
const FASTIFY_CODES: Readonly<Partial<Record<string, ErrorCode>>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body_length_mismatch',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_json_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json_body',
  FST_ERR_BAD_URL: 'bad_url',
  FST_ERR_MAX_PARAM_LENGTH: 'param_too_long',
};

/** A Fastify client error as what it says: its own code when its words are the known ones, else `request_refused`. */
function clientError(error: FastifyError): { code: ErrorCode; params?: ErrorParams; message: string } {
  const code = FASTIFY_CODES[error.code];
  const params = code ? readAs(code, error.message) : null;
  if (code && params) return Object.keys(params).length > 0 ? { code, params, message: error.message } : { code, message: error.message };
  return { code: 'request_refused', params: { reason: error.message }, message: error.message };
}

export const errorReplies = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const details = validationDetails(error);
      const reason = details[0]?.message ?? error.message;
      return reply.code(400).send(errorBody({ code: 'invalid_request', params: { reason }, message: `Invalid request: ${reason}` }, details));
    }
    if (error instanceof GameError) {
      // Words no template of the catalogue matches still reach the player, in English only: the log says which.
      if (error.code === 'refused') request.log.warn({ refusal: error.message }, 'a refusal without a code of the error catalogue');
      return reply.code(error.status).send(errorBody(error, error.details));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.code(status).send(errorBody(clientError(error)));
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or failing over: not our bug and not the player's; the pool connects again by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send(errorBody(say('database_unavailable')));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(say('internal_error')));
  });

});
