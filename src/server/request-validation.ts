// Ajv for requests: path and query values are text and are coerced to the schema's types; JSON bodies already carry types and are not.
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  // The contract carries OpenAPI keywords (description, x-...) that strict mode would refuse.
  strict: false,
  // Infinity and NaN ("?page=Infinity", a body's 1e400) are no numbers a handler could use.
  strictNumbers: true,
};

function requestAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...shared, coerceTypes });
  addFormats(ajv);
  return ajv;
}

/**
 * A path or query value arrives as text ("?page=2"), so it is turned into the number or boolean its schema asks for
 * ('array' also lets a single query value stand for a list). A body is JSON: `{"name": false}` or `{"count": "3"}` is
 * a client's mistake and is refused, never converted.
 */
export function requestValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const coercing = requestAjv('array');
  const exact = requestAjv(false);
  return ({ schema, httpPart }) => {
    // Fastify hands each part's schema over as the route gave it: openapi.ts gives JSON Schema objects only.
    if (typeof schema !== 'object' || schema === null) throw new Error(`The ${httpPart ?? 'request'} schema of a route is not a JSON Schema object`);
    return (httpPart === 'body' ? exact : coercing).compile(schema);
  };
}
