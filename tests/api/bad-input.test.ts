// Property test: every operation of openapi.yaml, sent requests wrong in one way its schemas tell of, answers 4xx with a readable error and changes nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listOperations, type Operation } from '../../src/server/openapi';
import { startTestApp, type TestApp } from './harness';
import { buildProofWorld, type ProofWorld } from './proof-world';
import { atMaximumDrafts, badRequestSites, toRequest, type IdBook } from './bad-requests';
import { changedTables, snapshot, type Snapshot } from './db-snapshot';
import { eq } from 'drizzle-orm';
import { villages } from '../../src/server/db/schema';

let t: TestApp;
let w: ProofWorld;
let tried = 0;
/** The fingerprint the last operation left unchanged: the next one's "before" (half the snapshots, each about 70 ms). */
let unchanged: Snapshot | null = null;
const kinds = new Set<string>();

/** Which kind of thing a field or parameter of this name names. */
const KIND_OF: Record<string, string> = {
  villageId: 'village',
  fromVillageId: 'village',
  toVillageId: 'village',
  buildingId: 'building',
  heroId: 'hero',
  wonderId: 'wonder',
  invitationId: 'invitation',
  questId: 'quest',
  reportId: 'report',
  stationedId: 'stationed',
  worldId: 'world',
  userId: 'user',
  eventId: 'event',
  before: 'message',
  messageId: 'mail',
  messageReportId: 'mail report',
  playerId: 'user',
  offerId: 'offer',
  memberId: 'member',
  relationId: 'relation',
  allianceId: 'alliance',
  applicationId: 'application',
  listId: 'farm list',
  targetId: 'farm target',
  targetIds: 'farm target',
  linkId: 'account link',
};

function idBook(world: ProofWorld): IdBook {
  const { mine } = world;
  const byKind: Record<string, string[]> = {
    village: [mine.village.id, world.theirs.village.id, world.host.village.id],
    building: [mine.building],
    hero: [mine.hero],
    wonder: [mine.wonder],
    invitation: [mine.invitation],
    quest: [mine.quest],
    report: [mine.report],
    stationed: [mine.stationed],
    world: [world.world],
    user: [world.target.user.id, mine.player.user.id],
    event: [world.event],
    alliance: [world.host.alliance],
    member: [world.host.membership],
    relation: [world.host.relation],
    application: [world.host.application],
    mail: [mine.message],
    'mail report': [mine.messageReport],
    offer: [mine.offer],
    'farm list': [mine.farmList],
    'farm target': [mine.farmTarget],
    'account link': [world.accountLink],
  };
  return {
    idFor(name) {
      if (name === 'toVillageId') return world.host.village.id;
      if (name === 'userId') return world.target.user.id;
      const kind = KIND_OF[name];
      if (!kind) throw new Error(`bad-input: which id goes into "${name}"? Add it to KIND_OF`);
      return kind === 'message' ? '00000000-0000-4000-8000-000000000001' : byKind[kind][0];
    },
    otherKinds(name) {
      const kind = KIND_OF[name];
      return Object.entries(byKind)
        .filter(([k]) => k !== kind)
        .flatMap(([, ids]) => ids);
    },
    fixed: {
      'register.username': 'newcomer_1',
      'register.email': 'newcomer1@example.com',
      'register.password': 'Valhalla#2026',
      'login.email': mine.player.body.email,
      'login.password': mine.player.body.password,
      'changePassword.currentPassword': mine.player.body.password,
      'changePassword.newPassword': 'Valhalla#2027',
      'setTemporaryPassword.password': 'Temporary#2026',
      'deleteUser.confirmUsername': world.target.user.username,
      'invitePlayer.username': world.theirs.player.user.username,
      'distributeRewards.username': mine.player.user.username,
      'distributeRewards.idempotencyKey': 'proof-key-0001',
    },
  };
}

/** A message a person can read: a sentence, not a stack, a code or an object's spelling. */
function readable(error: unknown): boolean {
  return typeof error === 'string' && /^[A-Z]/.test(error) && error.length <= 400 && !/undefined|\[object|FST_ERR|\n\s+at /.test(error);
}

beforeAll(async () => {
  // The sign-in limits are proved in security.test.ts; here they would answer 429 before validation is reached.
  t = await startTestApp({ authRateLimit: 100_000 });
  w = await buildProofWorld(t);
});
afterAll(async () => {
  console.log(`bad input: ${tried} invalid requests over ${listOperations().length} operations, ${kinds.size} kinds of mistake`);
  await t.close();
});

function headersFor(op: Operation): Record<string, string> {
  if (!op.secured) return {};
  return op.requiredRole ? w.admin.auth : w.mine.player.auth;
}

describe('every operation refuses bad input with a 4xx, a readable error and no change', () => {
  for (const op of listOperations()) {
    it(`${op.operationId}: ${op.method} ${op.path}`, async () => {
      const sites = badRequestSites(op, idBook(w));
      if (sites.length === 0) {
        // Nothing to get wrong: no parameters, no query, no body (a GET reads no body).
        expect([op.method, op.schema]).toEqual(['GET', {}]);
        return;
      }
      const before = unchanged ?? (await snapshot(t.database.db));
      unchanged = null;
      for (const site of sites) {
        kinds.add(site.what.replace(/^(body|path|query) [\w.]+ /, ''));
        await fc.assert(
          fc.asyncProperty(site.arb, async (draft) => {
            const request = toRequest(op, draft, headersFor(op));
            const res = await t.app.inject(request);
            tried += 1;
            const what = `${op.operationId}, ${site.what}: ${request.method} ${request.url.slice(0, 160)} ${String(request.payload ?? '').slice(0, 160)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            // A redirect-only operation (the Discord callback) tells the browser of a refusal by sending it back to the sign-in page.
            if (op.successStatus === 302 && res.statusCode === 302) return;
            expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, what).toBeLessThan(500);
            expect(readable((res.json() as { error?: unknown }).error), what).toBe(true);
          }),
          { numRuns: site.runs },
        );
      }
      const after = await snapshot(t.database.db);
      expect(changedTables(before, after), `${op.operationId} changed the database`).toEqual([]);
      unchanged = after;
    });
  }
});

describe('every integer at the largest value its schema admits is answered without a 5xx', () => {
  // After the sweep above, since a valid request may change the world (a game master's world of the largest size).
  for (const op of listOperations()) {
    it(`${op.operationId}: ${op.method} ${op.path}`, async () => {
      const drafts = atMaximumDrafts(op, idBook(w));
      for (const { what, draft } of drafts) {
        const request = toRequest(op, draft, headersFor(op));
        const res = await t.app.inject(request);
        tried += 1;
        expect(res.statusCode, `${op.operationId}, ${what}: ${request.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    });
  }
});

describe('the database fingerprint', () => {
  // Last, as it changes the world: the instrument the test above relies on does see one field of one row change.
  it('sees a change of one field in one row', async () => {
    const before = await snapshot(t.database.db);
    // Loyalty, not the name: a rename also bumps the map's chunk counter (a trigger), which is a second table.
    await t.database.db.update(villages).set({ loyalty: 99.5 }).where(eq(villages.id, w.mine.village.id));
    expect(changedTables(before, await snapshot(t.database.db)).map((line) => line.split(' ')[0])).toEqual(['villages']);
  });
});
