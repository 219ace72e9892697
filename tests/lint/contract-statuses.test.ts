// The contract lists every error status an operation can answer: those its handler's code can throw, and those of the guards in front of it.
import { describe, expect, it } from 'vitest';
import { listOperations, type Operation } from '../../src/server/openapi';
import { OPEN_WITH_TEMPORARY_PASSWORD } from '../../src/server/accounts/accounts';
import { handlerStatuses } from './handler-statuses';

/**
 * What answers before the handler runs: validation (400) wherever the operation takes a parameter or a body; the
 * session guard (401) and the temporary-password and role guards (403) on signed-in operations; the sign-in limits (429).
 * Framework answers that any operation may give alike (405, 413, 415) are stated once, in the contract's description.
 */
function guardStatuses(op: Operation): number[] {
  const out: number[] = [];
  if (op.schema.params || op.schema.querystring || op.schema.body) out.push(400);
  if (op.secured) out.push(401);
  if (op.requiredRole || (op.secured && !OPEN_WITH_TEMPORARY_PASSWORD.has(op.operationId))) out.push(403);
  if (op.rateLimited) out.push(429);
  return out;
}

describe('the contract lists every status an operation can answer', () => {
  const operations = listOperations();
  const thrown = handlerStatuses(new Set(operations.map((op) => op.operationId)));

  it('finds a handler for every operation', () => {
    expect(operations.filter((op) => !thrown.has(op.operationId)).map((op) => op.operationId)).toEqual([]);
  });

  it('declares each status the guards or the handler can answer', () => {
    const missing: string[] = [];
    for (const op of operations) {
      const declared = new Set(Object.keys(op.responses).map(Number));
      // A redirect-only operation tells the browser of every refusal by a redirect, never an error body.
      if (op.successStatus === 302) continue;
      for (const status of new Set([...guardStatuses(op), ...(thrown.get(op.operationId) ?? [])])) {
        if (!declared.has(status)) missing.push(`${op.operationId} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
