// Hints in the player's language: English word for word what the rules say (the server's words), German for each kind.
import { describe, expect, it } from 'vitest';
import { playerHints, type VillageForHints } from '../../../rules/hints';
import { i18n } from '../../i18n';
import { hintWords } from './hintWords';

const village = (overrides: Partial<VillageForHints> = {}): VillageForHints => ({
  name: 'Kattegat',
  amounts: { timber: 790, stone: 100, iron: 100, mead: 795 },
  capacity: { timber: 800, stone: 800, iron: 800, mead: 800 },
  netMead: -4,
  constructionRunning: false,
  hasBarracks: false,
  trainingRunning: false,
  unitsAtHome: 0,
  ...overrides,
});

/** Every kind of hint the rules give, as the server sends them. */
const HINTS = [
  ...playerHints({ villages: [], tutorial: null, pendingInvitations: 0, inAlliance: false }),
  ...playerHints({ villages: [village()], tutorial: { key: 'tutorial.barracks', title: 'A Place for Warriors', hint: 'On the Village page open Buildings, choose a free slot and build Barracks.' }, pendingInvitations: 2, inAlliance: false }),
  ...playerHints({ villages: [village({ hasBarracks: true })], tutorial: null, pendingInvitations: 1, inAlliance: false }),
  ...playerHints({ villages: [village({ amounts: { timber: 1, stone: 1, iron: 1, mead: 1 }, netMead: 5 })], tutorial: null, pendingInvitations: 0, inAlliance: false }),
];

describe('hintWords', () => {
  it('covers every kind of hint', () => {
    expect(new Set(HINTS.map((h) => h.code))).toEqual(
      new Set(['found_village', 'store_full', 'hungry', 'tutorial', 'builders_idle', 'invitations', 'no_barracks', 'no_warriors', 'stand_together']),
    );
  });

  it('says in English exactly what the server says', () => {
    for (const hint of HINTS) expect(hintWords(hint), hint.code).toEqual({ title: hint.title, message: hint.message });
  });

  it('says every kind in German, and a hint without a code in the server’s words', async () => {
    await i18n.changeLanguage('de');
    for (const hint of HINTS) expect(hintWords(hint).title, hint.code).not.toBe(hint.title);
    const full = HINTS.find((h) => h.code === 'store_full' && h.params.resource === 'mead');
    expect(full && hintWords(full)).toEqual({
      title: 'Speicher für Met fast voll',
      message: 'Kattegat: Met ist zu 99 % gefüllt. Gib es aus oder baue einen Kornspeicher, damit nichts verloren geht.',
    });
    expect(hintWords({ title: 'Old', message: 'Words', priority: 'low' })).toEqual({ title: 'Old', message: 'Words' });
  });
});
