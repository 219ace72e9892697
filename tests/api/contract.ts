// Replies checked against their schema in openapi.yaml, so API tests also prove the contract the client is built on.
import { expect } from 'vitest';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { loadSpec } from '../../src/server/openapi';

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(loadSpec(), 'openapi');

/** Fails with Ajv's own words when a reply does not match its schema in openapi.yaml. */
export function expectSchema(name: string, value: unknown): void {
  const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
  if (!validate) throw new Error(`No schema ${name}`);
  const valid = validate(value);
  expect(valid ? [] : validate.errors).toEqual([]);
}
