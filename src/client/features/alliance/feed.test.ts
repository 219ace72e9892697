// The activity feed in words: one readable sentence per kind, naming players, alliances and villages, and a group for every kind.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import type { AllianceFeedEntry } from '../../api/alliances';
import type { BattleReport } from '../../api/army';
import { FEED_KINDS } from '../../../rules/alliance-feed';
import { FEED_GROUP_LABELS, FEED_GROUP_OF, battleLosses, feedSentence, sentenceText } from './feed';

const FLOKI = { id: '00000000-0000-4000-8000-0000000000f1', username: 'Floki' };
const BJORN = { id: '00000000-0000-4000-8000-0000000000f2', username: 'Bjorn' };
const WOLF = { id: '00000000-0000-4000-8000-0000000000e1', tag: 'WOLF', name: 'Wolves of the North' };
const HEDEBY = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Hedeby', x: 3, y: -4 };

function entry(kind: AllianceFeedEntry['kind'], extra: Partial<AllianceFeedEntry> = {}): AllianceFeedEntry {
  return { id: `id-${kind}`, kind, occurredAt: '2026-03-01T10:00:00.000Z', actor: FLOKI, subject: BJORN, ...extra };
}

const REPORT: BattleReport = {
  id: '00000000-0000-4000-8000-0000000000c9',
  type: 'raid',
  occurredAt: '2026-03-01T10:00:00.000Z',
  worldId: 'w',
  attacker: { user: FLOKI, village: { id: 'a', name: 'Kattegat', x: 0, y: 0 }, units: { bondi: 100, berserker: 20 }, losses: { bondi: 40, berserker: 2 } },
  defender: { user: BJORN, village: HEDEBY, units: { shieldmaiden: 80 }, losses: { shieldmaiden: 80 } },
  winner: 'attacker',
  perspective: 'attacker',
  loot: { timber: 0, stone: 0, iron: 0, mead: 0 },
  wallDamage: 0,
  loyaltyChange: 0,
  villageConquered: false,
  buildingHit: null,
  intel: null,
  read: true,
};

const text = (e: AllianceFeedEntry) => sentenceText(feedSentence(e));

describe('feed sentences', () => {
  it('tells members coming, going and dismissed with the reason', () => {
    expect(text(entry('founded', { subject: null }))).toBe('Floki founded the alliance');
    expect(text(entry('joined', { subject: null }))).toBe('Floki joined the alliance');
    expect(text(entry('joined'))).toBe('Floki joined the alliance, welcomed by Bjorn');
    expect(text(entry('left', { subject: null }))).toBe('Floki left the alliance');
    expect(text(entry('dismissed', { reason: 'Never logs in' }))).toBe('Floki dismissed Bjorn: “Never logs in”');
  });

  it('tells ranks in the rules’ words', () => {
    expect(text(entry('rank_changed', { fromRole: 'member', toRole: 'officer' }))).toBe('Floki appointed Bjorn officer');
    expect(text(entry('rank_changed', { fromRole: 'member', toRole: 'elder' }))).toBe('Floki appointed Bjorn elder');
    expect(text(entry('rank_changed', { fromRole: 'elder', toRole: 'member' }))).toBe('Floki made Bjorn a regular member');
    expect(text(entry('leader_changed'))).toBe('Bjorn took over the leadership from Floki');
    expect(text(entry('leader_changed', { actor: null }))).toBe('Bjorn now leads the alliance');
  });

  it('tells announcements posted and taken down', () => {
    expect(text(entry('announcement', { subject: null, text: 'Ships at dawn' }))).toBe('Floki posted an announcement');
    expect(text(entry('announcement', { subject: null, text: '' }))).toBe('Floki took down the announcement');
  });

  it('names the other alliance and the kind in diplomacy, told from our side', () => {
    const ours = { alliance: WOLF, byUs: true };
    expect(text(entry('diplomacy_proposed', { relation: 'nap', ...ours }))).toBe('Floki proposed a non-aggression pact to [WOLF] Wolves of the North');
    expect(text(entry('diplomacy_proposed', { relation: 'war', ...ours }))).toBe('Floki proposed war to [WOLF] Wolves of the North');
    expect(text(entry('diplomacy_accepted', { relation: 'confederation', ...ours }))).toBe('Floki accepted the confederation with [WOLF] Wolves of the North');
    expect(text(entry('diplomacy_declined', { relation: 'confederation', ...ours }))).toBe('Floki declined a confederation from [WOLF] Wolves of the North');
    expect(text(entry('diplomacy_ended', { relation: 'war', ...ours }))).toBe('Floki ended the war with [WOLF] Wolves of the North');
    expect(feedSentence(entry('diplomacy_ended', { relation: 'war', ...ours }))).toContainEqual({ alliance: WOLF });
  });

  it('puts the other alliance first when it acted', () => {
    const theirs = { alliance: WOLF, byUs: false };
    expect(text(entry('diplomacy_proposed', { relation: 'war', ...theirs }))).toBe('[WOLF] Wolves of the North proposed war to us (Floki)');
    expect(text(entry('diplomacy_accepted', { relation: 'nap', ...theirs }))).toBe('[WOLF] Wolves of the North accepted the non-aggression pact (Floki)');
    expect(text(entry('diplomacy_declined', { relation: 'nap', ...theirs }))).toBe('[WOLF] Wolves of the North declined our proposal of a non-aggression pact (Floki)');
    expect(text(entry('diplomacy_ended', { relation: 'confederation', ...theirs }))).toBe('[WOLF] Wolves of the North ended the confederation (Floki)');
  });

  it('tells villages conquered, lost and founded with their tiles', () => {
    expect(text(entry('village_conquered', { village: HEDEBY }))).toBe('Floki conquered Hedeby (3|-4) from Bjorn');
    expect(text(entry('village_conquered', { village: HEDEBY, subject: null }))).toBe('Floki conquered Hedeby (3|-4) from Barbarians');
    expect(text(entry('village_lost', { village: HEDEBY, actor: BJORN, subject: FLOKI }))).toBe('Floki lost Hedeby (3|-4) to Bjorn');
    expect(text(entry('village_founded', { village: HEDEBY, subject: null }))).toBe('Floki founded the village Hedeby (3|-4)');
  });

  it('tells wonder levels and big battles', () => {
    const wonder = { id: 'w1', name: 'World Tree', type: 'yggdrasil' as const, level: 12 };
    expect(text(entry('wonder_level', { wonder, village: HEDEBY, subject: null }))).toBe('Floki’s wonder World Tree reached level 12');
    expect(text(entry('battle', { report: REPORT }))).toBe('Floki raided Bjorn at Hedeby (3|-4) and won');
    expect(text(entry('battle', { report: { ...REPORT, type: 'attack', winner: 'defender' } }))).toBe('Floki attacked Bjorn at Hedeby (3|-4) and was beaten off');
    expect(text(entry('battle', { report: null }))).toBe('Floki fought Bjorn');
    expect(text(entry('battle', { report: null, village: HEDEBY, subject: null }))).toBe('Floki fought Barbarians at Hedeby (3|-4)');
    expect(battleLosses(REPORT)).toEqual({ attacker: 42, defender: 80 });
  });

  it('keeps the name of a deleted account and says who when nobody is known', () => {
    const gone = entry('joined', { actor: { id: null, username: 'Ivar' } });
    expect(feedSentence(gone)[0]).toEqual({ person: { id: null, username: 'Ivar' }, fallback: 'Someone' });
    expect(text(entry('joined', { actor: null, subject: null }))).toBe('Someone joined the alliance');
  });

  it('puts every kind in a group with a label', () => {
    for (const kind of FEED_KINDS) expect(FEED_GROUP_LABELS[FEED_GROUP_OF[kind]]).toBeTruthy();
  });
});

describe('feed sentences in German', () => {
  it('puts the players and alliances where German puts them', async () => {
    await act(() => i18n.changeLanguage('de'));
    expect(text(entry('joined'))).toBe('Floki ist der Allianz beigetreten, aufgenommen von Bjorn');
    expect(text(entry('diplomacy_proposed', { relation: 'nap', alliance: WOLF, byUs: true }))).toBe('Floki hat [WOLF] Wolves of the North einen Nichtangriffspakt vorgeschlagen');
    expect(text(entry('diplomacy_ended', { relation: 'war', alliance: WOLF, byUs: false }))).toBe('[WOLF] Wolves of the North hat den Krieg beendet (Floki)');
    expect(text(entry('village_conquered', { village: HEDEBY, subject: null }))).toBe('Floki hat Hedeby (3|-4) von Barbaren erobert');
    expect(text(entry('battle', { report: REPORT }))).toBe('Floki hat einen Raubzug gegen Bjorn bei Hedeby (3|-4) geführt und gesiegt');
    expect(text(entry('rank_changed', { fromRole: 'member', toRole: 'elder' }))).toBe('Floki hat Bjorn zum Ältesten ernannt');
    // The parts stay parts: the players and the alliance are still linked, wherever they stand.
    const parts = feedSentence(entry('diplomacy_accepted', { relation: 'confederation', alliance: WOLF, byUs: true }));
    expect(parts).toEqual([{ person: FLOKI, fallback: 'Jemand' }, ' hat das Bündnis mit ', { alliance: WOLF }, ' angenommen']);
  });

  it('names the group of each kind in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    expect(i18n.t(`alliance:${FEED_GROUP_LABELS.battle}`)).toBe('Kampf');
  });
});
