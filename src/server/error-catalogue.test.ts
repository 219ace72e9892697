// The error catalogue against the client's translations and the rules' words: every code has an English and a German text, the English one is the server's message, and every refusal the rules word is recognised.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ERROR_CATALOGUE, GAME_ERRORS, REQUEST_ERRORS, type ErrorTemplate } from './error-catalogue';
import { errorText, isErrorCode, recognise, say, worded, type ErrorCode, type ErrorParams } from './errors';
import { BUILDINGS, BUILDING_MESSAGES, isBuildingType, placementRefusal, upgradeRefusal } from '../rules/buildings';
import { UNITS, isUnitType } from '../rules/units';
import { WONDERS, isWonderType } from '../rules/wonders';
import { VALIDATION_MESSAGES, allianceTagError, announcementError, dismissalReasonError, freeTextError, passwordError, validateAllianceForm, validateRegistration } from '../rules/validation';
import { TRADE_MESSAGES, offerRefusal } from '../rules/trade';
import { CATAPULT_MESSAGES, catapultOrderRefusal } from '../rules/catapults';
import { SMITHY_MESSAGES, researchRefusal } from '../rules/smithy';
import { MAIL_MESSAGES, mailLimitMessage, profileDescriptionError, reportReasonError } from '../rules/mail';
import { SCOUTS_ONLY, scoutingRefusal } from '../rules/scouting';
import { HERO_ONLY_TO_BATTLE, NO_SUCH_HERO_OF_YOURS, heroMarchRefusal } from '../rules/march';
import { NO_SUCH_QUEST, QUEST_NOT_AVAILABLE } from '../rules/quest-book';
import { SUSPEND_BELOW_MODERATOR, SUSPEND_LOWER_ROLES_ONLY, suspensionRefusal } from '../rules/roles';
import { SITTING_LAPSED, namingRefusal, sitterRefusal, sitterRefusalFor } from '../rules/sitters';
import { REGISTRATION_LIMIT, linkNoteError, linkedAttackRefusal, pushingRefusal, registrationLimitRefusal } from '../rules/fair-play';
import { ALLIANCE_RIGHTS, dismissalRefusal, handoverRefusal, rankChangeRefusal, rightRefusal } from '../rules/alliances';
import { foundingRefusal, fullRefusal, joiningRefusal } from '../rules/embassy';
import { acceptanceRefusal, proposalRefusal, NO_RELATIONS } from '../rules/diplomacy';
import { sendRefusal } from '../rules/movements';
import { shortfallRefusal } from '../rules/combat';
import { protectionRefusal } from '../rules/protection';
import { parseTruce, truceRefusal } from '../rules/night-truce';
import { lengthRefusal, onVacationRefusal, targetOnVacationRefusal, vacationEndRefusal, vacationRefusal } from '../rules/vacation';
import { settleRefusal } from '../rules/settlement';
import { farmListNameError } from '../rules/farm-lists';
import { editRefusal } from '../rules/world-events';
import { END_DATE_MAX_AHEAD_MS, endDateRefusal, worldEndedRefusal } from '../rules/world-rounds';
import { endpointRefusal } from './alerts/subscriptions';
import { SITTERS_SEND } from './army/movements';
import { SITTERS_SHIP } from './trade/shipments';
import { SITTERS_AT_OASES } from './oases/oases';

const root = resolve(import.meta.dirname, '../..');
const locales = join(root, 'src/client/i18n/locales');
const readJson = (lang: string): Record<string, string> => JSON.parse(readFileSync(join(locales, lang, 'errors.json'), 'utf8'));
const en = readJson('en');
const de = readJson('de');

/** The catalogue as i18next keys: a plural's forms under `_one` and `_other`. */
function catalogueKeys(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code, template] of Object.entries<ErrorTemplate>(ERROR_CATALOGUE)) {
    if (typeof template === 'string') out[code] = template;
    else Object.assign(out, { [`${code}_one`]: template.one, [`${code}_other`]: template.other });
  }
  return out;
}

const PLACEHOLDER = /\{\{\s*([^,}]+?)\s*(?:,\s*([^}]+?)\s*)?\}\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map(([, name = '', kind]) => ({ name, kind }));

/** Values a template's placeholders could hold, by their formatter (ids of the rules' tables for the named ones). */
function sampleValue(kind: string | undefined, n: number): string | number {
  switch (kind) {
    case 'number':
      return 1234 * n;
    case 'buildingName':
      return n === 1 ? 'longhouse' : 'great_hall';
    case 'unitName':
      return n === 1 ? 'bondi' : 'mounted_jarl';
    case 'wonderName':
      return 'yggdrasil';
    case 'buildingLevels':
      return n === 1 ? 'longhouse:3' : 'barracks:5,academy:1';
    case 'unitShortfall':
      return n === 1 ? 'bondi:5:2' : 'bondi:5:2,battering_ram:3:0';
    default:
      return n === 1 ? 'Hedeby' : 17;
  }
}

/** Sample params of a code: one set with the plural's count 1, one with 2 (and other values). */
function sampleParams(code: ErrorCode): ErrorParams[] {
  const template: ErrorTemplate = ERROR_CATALOGUE[code];
  const texts = typeof template === 'string' ? [template] : [template.one, template.other];
  return [1, 2].map((n) => {
    const params: Record<string, string | number> = {};
    for (const text of texts) for (const { name, kind } of placeholders(text)) params[name] = sampleValue(kind, n);
    if (typeof template !== 'string') params.count = n;
    return params;
  });
}

const codes = Object.keys(ERROR_CATALOGUE).filter(isErrorCode);

/** An i18next like the client's, with the formatters the English templates name, written from the rules' tables. */
async function englishI18n() {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { errors: en } }, ns: ['errors'], defaultNS: 'errors', interpolation: { escapeValue: false } });
  const list = (value: unknown, item: (parts: string[]) => string) =>
    String(value)
      .split(',')
      .map((entry) => item(entry.split(':')))
      .join(', ');
  const formatter = instance.services.formatter;
  if (!formatter) throw new Error('i18next has no formatter');
  const building = (id: string) => (isBuildingType(id) ? BUILDINGS[id].name : id);
  const unit = (id: string) => (isUnitType(id) ? UNITS[id].name : id);
  formatter.add('buildingName', (value) => building(String(value)));
  formatter.add('unitName', (value) => unit(String(value)));
  const wonder = (id: string) => (isWonderType(id) ? WONDERS[id].name : id);
  formatter.add('wonderName', (value) => wonder(String(value)));
  formatter.add('buildingLevels', (value) => list(value, ([type = '', level]) => `${building(type)} level ${level}`));
  formatter.add('unitShortfall', (value) => list(value, ([type = '', wanted, home]) => `${wanted} ${unit(type)} (${home} at home)`));
  return instance;
}

describe('the translations of the error codes', () => {
  it('en/errors.json holds exactly the catalogue: one key per code (a plural under _one and _other)', () => {
    expect(en).toEqual(catalogueKeys());
  });

  it('de/errors.json has the same keys as en, each a German text using only the params the code has', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(de)) {
      expect(text.trim(), key).not.toBe('');
      const known = new Set(placeholders(en[key] ?? '').map((p) => p.name));
      if (/_(one|other)$/.test(key)) known.add('count');
      for (const { name } of placeholders(text)) expect(known.has(name), `${key} uses {{${name}}}`).toBe(true);
    }
  });

  it('every code the server names in its source has a key in en and de', () => {
    // Codes are typed by the catalogue; this reads the source as text, so even a code smuggled past the types is caught.
    const source = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return source(path);
        return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
      });
    const named = new Set<string>();
    const helper = /\b(?:badRequest|unauthorized|forbidden|notFound|conflict|tooManyRequests|say|errorText|readAs)\(\s*'([a-z0-9_]+)'/g;
    const coded = /\bcode: '([a-z0-9_]+)'/g;
    for (const file of source(join(root, 'src/server'))) {
      const text = readFileSync(file, 'utf8');
      for (const [, code = ''] of text.matchAll(helper)) named.add(code);
      for (const [, code = ''] of text.matchAll(coded)) named.add(code);
      // `right_${right}`: one code per right of an alliance rank.
      if (text.includes('`right_${')) for (const right of ALLIANCE_RIGHTS) named.add(`right_${right}`);
    }
    expect(named.size).toBeGreaterThan(150);
    const key = (code: string) => (isErrorCode(code) && typeof ERROR_CATALOGUE[code] === 'object' ? `${code}_other` : code);
    const missing = [...named].filter((code) => !(key(code) in en) || !(key(code) in de));
    expect(missing).toEqual([]);
  });
});

describe('the English template is the server’s message', () => {
  it('i18next makes of every English template, with sample params, the very message the server words', async () => {
    const t = (await englishI18n()).t;
    for (const code of codes) {
      for (const params of sampleParams(code)) {
        const message = errorText(code, params);
        expect(message, code).not.toContain('{{');
        expect(t(code, params), code).toBe(message);
      }
    }
  });

  it('every game error, worded with sample params, is recognised as its own code and params', () => {
    for (const code of Object.keys(GAME_ERRORS).filter(isErrorCode)) {
      for (const params of sampleParams(code)) {
        const message = errorText(code, params);
        const found = recognise(message);
        expect(found?.code, message).toBe(code);
        if (Object.keys(params).length > 0) expect(found?.params, message).toEqual(params);
      }
    }
  });

  it('no two game errors word the same text', () => {
    const texts = Object.values<ErrorTemplate>(GAME_ERRORS).flatMap((template) => (typeof template === 'string' ? [template] : [template.one, template.other]));
    expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([]);
  });

  it('words of the plumbing are never recognised as a game error, and unknown words stay `refused` with their text', () => {
    expect(Object.keys(REQUEST_ERRORS).filter((code) => code in GAME_ERRORS)).toEqual([]);
    expect(recognise('count must be <= 100')).toBeNull();
    expect(worded('Something nobody wrote down')).toEqual({ code: 'refused', params: { reason: 'Something nobody wrote down' }, message: 'Something nobody wrote down' });
  });

  it('ids of the rules’ tables stay ids in params, and lists of them are `id:number` joined by commas', () => {
    expect(say('training_needs_building', { unit: 'berserker', building: 'barracks' }).message).toBe(`Training a ${UNITS.berserker.name} needs a Barracks of level 1 or more`);
    expect(worded(shortfallRefusal({ bondi: 2 }, { bondi: 5, catapult: 3 }) ?? '')).toEqual({
      code: 'not_enough_units_at_home',
      params: { units: 'bondi:5:2,catapult:3:0' },
      message: `Not enough units at home: 5 ${UNITS.bondi.name} (2 at home), 3 ${UNITS.catapult.name} (0 at home)`,
    });
    expect(worded(placementRefusal('stable', 25, [], false) ?? '')).toMatchObject({ code: 'building_requirements', params: { requirements: 'barracks:5,academy:1' } });
    expect(worded(`${WONDERS.yggdrasil.name} is already being raised in this world; each wonder stands once per world`).params).toEqual({ wonder: 'yggdrasil' });
    expect(worded(pushingRefusal(true, { sentToday: 9_000, amount: 5_000 }) ?? '').params).toEqual({ limit: 10_000, left: 1_000 });
    expect(
      worded(worldEndedRefusal({ reason: 'victory', winner: { name: 'Tree Keepers', tag: 'YGG' }, victory: { kind: 'wonder_victory', wonderType: 'yggdrasil', username: 'ragnar' } })),
    ).toMatchObject({ code: 'world_ended_victory', params: { winner: 'Tree Keepers [YGG]', wonder: 'yggdrasil' } });
  });
});

/** Every text the shared rules word as a refusal the server answers with (each branch of each rule it calls). */
function rulesWords(): string[] {
  const messages = [
    ...Object.values(VALIDATION_MESSAGES),
    ...Object.values(BUILDING_MESSAGES),
    ...Object.values(TRADE_MESSAGES),
    ...Object.values(CATAPULT_MESSAGES),
    ...Object.values(MAIL_MESSAGES),
    ...Object.values(SMITHY_MESSAGES).flatMap((m) => (typeof m === 'string' ? [m] : [])),
    SCOUTS_ONLY,
    HERO_ONLY_TO_BATTLE,
    NO_SUCH_HERO_OF_YOURS,
    NO_SUCH_QUEST,
    QUEST_NOT_AVAILABLE,
    SUSPEND_BELOW_MODERATOR,
    SUSPEND_LOWER_ROLES_ONLY,
    SITTING_LAPSED,
    REGISTRATION_LIMIT,
    registrationLimitRefusal(1),
    registrationLimitRefusal(1500),
    linkedAttackRefusal('flagged'),
    pushingRefusal(true, { sentToday: 0, amount: 20_000 }),
    pushingRefusal(true, { sentToday: 12_000, amount: 1, toYou: true }),
    ...ALLIANCE_RIGHTS.map(rightRefusal),
    ...['auth', 'admin', 'gamemaster', 'worlds', 'map', 'army', 'quests', 'tutorial', 'settlement', 'alliances', 'vacation', 'sitters', 'farm-lists', 'alerts', 'heroes', 'wonders', 'trade', 'messages', 'players', 'unknown'].map(sitterRefusalFor),
    sitterRefusalFor(null),
    ...[SITTERS_SEND, SITTERS_SHIP, SITTERS_AT_OASES].map(sitterRefusal),
    namingRefusal({ ownerId: 'a', sitterId: null, sitters: [] }),
    namingRefusal({ ownerId: 'a', sitterId: 'a', sitters: [] }),
    namingRefusal({ ownerId: 'a', sitterId: 'b', sitters: ['b'] }),
    namingRefusal({ ownerId: 'a', sitterId: 'b', sitters: ['c', 'd'] }),
    foundingRefusal(0),
    foundingRefusal(2),
    joiningRefusal(0),
    fullRefusal({ members: 3, leaderEmbassyLevel: 1 }),
    fullRefusal({ members: 7, leaderEmbassyLevel: 2 }),
    rankChangeRefusal('elder', { role: 'member', self: false }, 'officer'),
    rankChangeRefusal('leader', { role: 'leader', self: true }, 'elder'),
    rankChangeRefusal('leader', { role: 'elder', self: false }, 'elder'),
    rankChangeRefusal('leader', { role: 'officer', self: false }, 'officer'),
    rankChangeRefusal('leader', { role: 'member', self: false }, 'member'),
    handoverRefusal('leader', { role: 'leader', self: true }),
    dismissalRefusal('officer', { role: 'member', self: false }),
    dismissalRefusal('elder', { role: 'elder', self: true }),
    dismissalRefusal('elder', { role: 'elder', self: false }),
    proposalRefusal({ kind: 'nap', fromAllianceId: 'a', toAllianceId: 'a', existing: null, counts: NO_RELATIONS }),
    proposalRefusal({ kind: 'nap', fromAllianceId: 'a', toAllianceId: 'b', existing: { kind: 'war', status: 'proposed' }, counts: NO_RELATIONS }),
    ...(['confederation', 'nap', 'war'] as const).map((kind) => proposalRefusal({ kind: 'nap', fromAllianceId: 'a', toAllianceId: 'b', existing: { kind, status: 'active' }, counts: NO_RELATIONS })),
    ...(['confederation', 'nap'] as const).flatMap((kind) => [
      acceptanceRefusal(kind, { mine: { confederation: 3, nap: 3, war: 0 }, theirs: NO_RELATIONS, theirTag: 'WOLF' }),
      acceptanceRefusal(kind, { mine: NO_RELATIONS, theirs: { confederation: 3, nap: 3, war: 0 }, theirTag: 'WOLF' }),
    ]),
    suspensionRefusal('user', 'user'),
    suspensionRefusal('moderator', 'gamemaster'),
    ...(['attack', 'reinforce'] as const).map((type) => sendRefusal(type, { from: { id: 'v', worldId: 'w' }, to: { id: 'v', worldId: 'w' } }, 'own')),
    sendRefusal('attack', { from: { id: 'v', worldId: 'w' }, to: { id: 'u', worldId: 'x' } }, 'other'),
    sendRefusal('reinforce', { from: { id: 'v', worldId: 'w' }, to: { id: 'u', worldId: 'w' } }, 'war'),
    ...(['own', 'ally', 'confederate', 'pact'] as const).flatMap((relation) => [
      sendRefusal('raid', { from: { id: 'v', worldId: 'w' }, to: { id: 'u', worldId: 'w' } }, relation, 'WOLF'),
      sendRefusal('raid', { from: { id: 'v', worldId: 'w' }, to: { id: 'u', worldId: 'w' } }, relation, null),
    ]),
    shortfallRefusal({}, { huscarl: 12 }),
    protectionRefusal(Date.UTC(2026, 2, 12, 14, 5, 30)),
    truceRefusal({ startHour: 0, endHour: 8, timeZone: 'Europe/Oslo', mode: 'refuse', bonusPercent: 0 }, Date.UTC(2026, 2, 12, 1)),
    ...['0-8', '0-25,UTC,refuse', '3-3,UTC,refuse', '0-8,Mars/Olympus,refuse', '0-8,UTC,bonus:0'].map((text) => {
      const parsed = parseTruce(text);
      return 'error' in parsed ? parsed.error : null;
    }),
    vacationRefusal({ armiesAway: 0, troopsStationedAbroad: 0, attacksIncoming: 0, onVacationUntil: 10_000 }, { endsAt: 0, now: 0, worldSpeed: 1 }),
    ...[1, 2].map((armiesAway) => vacationRefusal({ armiesAway, troopsStationedAbroad: 0, attacksIncoming: 0, onVacationUntil: null }, { endsAt: 5 * 86_400_000, now: 0, worldSpeed: 1 })),
    vacationRefusal({ armiesAway: 0, troopsStationedAbroad: 1, attacksIncoming: 0, onVacationUntil: null }, { endsAt: 5 * 86_400_000, now: 0, worldSpeed: 1 }),
    vacationRefusal({ armiesAway: 0, troopsStationedAbroad: 0, attacksIncoming: 1, onVacationUntil: null }, { endsAt: 5 * 86_400_000, now: 0, worldSpeed: 1 }),
    lengthRefusal(1, { min: 86_400_000, max: 2 * 86_400_000 }),
    lengthRefusal(1, { min: 2 * 86_400_000, max: 3 * 86_400_000 }),
    lengthRefusal(1, { min: 3_600_000, max: 7_200_000 }),
    lengthRefusal(1, { min: 17_280_000, max: 7_200_000 }),
    lengthRefusal(10 ** 10, { min: 1, max: 86_400_000 }),
    lengthRefusal(10 ** 10, { min: 1, max: 14 * 86_400_000 }),
    lengthRefusal(10 ** 10, { min: 1, max: 3_600_000 }),
    lengthRefusal(10 ** 10, { min: 1, max: 12_096_000 }),
    onVacationRefusal(Date.UTC(2026, 2, 12, 14, 6)),
    targetOnVacationRefusal(Date.UTC(2026, 2, 12, 14, 6)),
    vacationEndRefusal(null, 0),
    vacationEndRefusal({ startedAt: 0, endsAt: 10 ** 10, earliestEndAt: 10 ** 9 }, 1),
    worldEndedRefusal(null),
    worldEndedRefusal({ reason: 'end_date', winner: null, victory: null }),
    worldEndedRefusal({ reason: 'end_date', winner: { name: 'Tree Keepers', tag: 'YGG' }, victory: null }),
    worldEndedRefusal({ reason: 'victory', winner: { name: 'Tree Keepers', tag: 'YGG' }, victory: { kind: 'wonder_victory', wonderType: 'yggdrasil', username: 'ragnar' } }),
    worldEndedRefusal({ reason: 'victory', winner: null, victory: { kind: 'wonder_victory', wonderType: 'bifrost', username: 'ragnar' } }),
    worldEndedRefusal({ reason: 'victory', winner: null, victory: { kind: 'multiple_wonders_victory', wonderType: 'valhalla', username: 'ragnar' } }),
    endDateRefusal(Number.NaN, 0),
    endDateRefusal(0, 0),
    endDateRefusal(END_DATE_MAX_AHEAD_MS + 1, 0),
    settleRefusal(99, 99, { worldSize: 10, isEmptyLand: () => true, villages: [] }),
    settleRefusal(1, 1, { worldSize: 10, isEmptyLand: () => true, villages: [{ x: 1, y: 1 }] }),
    settleRefusal(1, 1, { worldSize: 10, isEmptyLand: () => false, villages: [] }),
    settleRefusal(1, 1, { worldSize: 10, isEmptyLand: () => true, villages: [{ x: 2, y: 2 }] }),
    upgradeRefusal({ level: 30, isUpgrading: false }, false),
    placementRefusal('barracks', 20, [{ slot: 21, type: 'barracks', level: 1 }], false),
    placementRefusal('barracks', 20, [], false),
    placementRefusal('stable', 20, [{ slot: 21, type: 'barracks', level: 5 }], false),
    ...(['bondi', 'jarl'] as const).map((type) => researchRefusal({ type, track: 'attack', level: 0, blacksmithLevel: 0, busy: false })),
    ...(['attack', 'defense'] as const).flatMap((track) => [
      researchRefusal({ type: 'berserker', track, level: 20, blacksmithLevel: 20, busy: false }),
      researchRefusal({ type: 'huscarl', track, level: 3, blacksmithLevel: 3, busy: false }),
    ]),
    researchRefusal({ type: 'bondi', track: 'attack', level: 0, blacksmithLevel: 3, busy: true }),
    catapultOrderRefusal('raid', { catapult: 1 }, 'barracks'),
    catapultOrderRefusal('attack', { bondi: 1 }, 'barracks'),
    catapultOrderRefusal('attack', { catapult: 1 }, 'wall'),
    scoutingRefusal({ bondi: 1 }),
    ...[null, { villageId: 'other' }, { onMission: true }, { restingUntil: 10 }].map((hero) =>
      heroMarchRefusal(
        { movementType: 'attack', playerId: 'p', fromVillageId: 'v', at: 0 },
        hero === null ? null : { name: 'Ragnar the Bold', ownerId: 'p', villageId: 'v', onMission: false, restingUntil: null, ...hero },
      )?.message,
    ),
    offerRefusal({ resource: 'timber', amount: 10 }, { resource: 'timber', amount: 10 }),
    offerRefusal({ resource: 'timber', amount: 10 }, { resource: 'iron', amount: 100 }),
    editRefusal({ startsAt: 0, endsAt: 10, activations: [], percent: 5 }, { startsAt: 10, endsAt: 5, activations: [], percent: 5 }, 0),
    editRefusal({ startsAt: 0, endsAt: 100, activations: [[0, null]], percent: 5 }, { startsAt: 20, endsAt: 100, activations: [[0, null]], percent: 5 }, 50),
    editRefusal({ startsAt: 0, endsAt: 100, activations: [[0, null]], percent: 5 }, { startsAt: 0, endsAt: 100, activations: [[0, null]], percent: 9 }, 50),
    ...Object.values(validateRegistration({ username: 'ab', email: 'x', password: 'weak' })),
    ...Object.values(validateAllianceForm({ name: 'x'.repeat(51), tag: 'ab', description: 'x'.repeat(501) })),
    allianceTagError('abc'),
    passwordError(''),
    ...['a\u0001', 'a\u202Eb', 'a\u200Bb', 'e\u0301\u0301\u0301'].map((text) => freeTextError(text)),
    announcementError('x'.repeat(501)),
    dismissalReasonError(''),
    dismissalReasonError('x'.repeat(201)),
    farmListNameError(''),
    farmListNameError('x'.repeat(41)),
    linkNoteError(''),
    linkNoteError('x'.repeat(501)),
    reportReasonError('x'.repeat(501)),
    profileDescriptionError('x'.repeat(501)),
    ...[1, 30_000, 60_000, 61_000, 600_000].map(mailLimitMessage),
    endpointRefusal('http://push.example.com/x', false),
    endpointRefusal('https://10.0.0.1/x', false),
  ];
  return messages.filter((m): m is string => typeof m === 'string');
}

describe('the rules’ words', () => {
  it('every refusal the shared rules word is a code of the catalogue, and its params word it again', () => {
    const words = rulesWords();
    expect(words.length).toBeGreaterThan(150);
    const unknown = words.filter((text) => worded(text).code === 'refused');
    expect(unknown).toEqual([]);
    for (const text of words) {
      const { code, params } = worded(text);
      expect(errorText(code, params), text).toBe(text);
    }
  });
});
