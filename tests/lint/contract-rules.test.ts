// The contract states the rules JSON Schema can state: bounds on every number a client sends, and the free-text rule on text other players read.
import { describe, expect, it } from 'vitest';
import { listOperations } from '../../src/server/openapi';
import { FREE_TEXT_PATTERN, MULTILINE_TEXT_PATTERN, freeTextError } from '../../src/rules/validation';
import { MAX_TRAINING_ORDER } from '../../src/rules/units';

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; minimum?: number; maximum?: number; pattern?: string };

/** Every number of a request schema (path, query, body at any depth) as `where.path`, with its schema. */
function numbers(schema: Schema | undefined, at: string): [string, Schema][] {
  if (!schema) return [];
  if (schema.type === 'integer' || schema.type === 'number') return [[at, schema]];
  if (schema.type === 'array') return numbers(schema.items, `${at}[]`);
  return Object.entries(schema.properties ?? {}).flatMap(([key, inner]) => numbers(inner, `${at}.${key}`));
}

describe('the contract', () => {
  it('bounds every number a request carries, so no page or count can overflow what the server computes with it', () => {
    const unbounded = listOperations().flatMap((op) =>
      (['params', 'querystring', 'body'] as const)
        .flatMap((part) => numbers(op.schema[part] as Schema | undefined, `${op.operationId} ${part}`))
        .filter(([, schema]) => schema.minimum === undefined || schema.maximum === undefined || !Number.isSafeInteger(schema.maximum))
        .map(([where]) => where),
    );
    expect(unbounded).toEqual([]);
  });

  it('marks free text with patterns that refuse exactly the characters the free-text rule refuses', () => {
    const single = new RegExp(FREE_TEXT_PATTERN, 'u');
    const multi = new RegExp(MULTILINE_TEXT_PATTERN, 'u');
    // Every code point of the Basic Multilingual Plane but the surrogates; the combining-mark run is the rule's alone.
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = `a${String.fromCharCode(code)}b`;
      expect(single.test(text), `U+${code.toString(16)} single line`).toBe(freeTextError(text) === undefined);
      expect(multi.test(text), `U+${code.toString(16)} multiline`).toBe(freeTextError(text, { multiline: true }) === undefined);
    }
  });

  it('holds free text of names, descriptions and messages to that rule', () => {
    const marked = listOperations().flatMap((op) => op.freeText.map((field) => `${op.operationId}.${field.path.join('.')}${field.multiline ? ' (multiline)' : ''}`));
    expect(marked.sort()).toEqual([
      'applyToAlliance.message',
      'constructWonder.wonderName',
      'createAlliance.description (multiline)',
      'createAlliance.name',
      'createAnnouncement.message (multiline)',
      'createFarmList.name',
      'createWorldAsGameMaster.name',
      'createWorldEvent.name',
      'decideAccountLink.note',
      'dismissMember.reason',
      'foundSettlement.villageName',
      'invitePlayer.message',
      'postAllianceMessage.body (multiline)',
      'recruitHero.customName',
      'renameFarmList.name',
      'renameVillage.name',
      'reportMessage.reason (multiline)',
      'sendMessage.body (multiline)',
      'sendMessage.subject',
      'sendMessage.to',
      'setAllianceAnnouncement.text (multiline)',
      'suspendUser.reason',
      'updateMyAlliance.description (multiline)',
      'updateMyProfile.description (multiline)',
      'updateWorldEvent.name',
    ]);
  });

  it('bounds a training order where the rules do, so the form and the server refuse the same counts', () => {
    const train = listOperations().find((op) => op.operationId === 'trainUnits');
    const count = (train?.schema.body as Schema | undefined)?.properties?.count;
    expect([count?.minimum, count?.maximum]).toEqual([1, MAX_TRAINING_ORDER]);
  });
});
