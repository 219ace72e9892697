// The sitter log's words: English as the log always wrote it, German for an owner who chose it, fallbacks for what was not found.
import { describe, expect, it } from 'vitest';
import { sitterLogLine, type SitterDeed } from './sitter-log';

const eriksby = 'Eriksby (12|-4)';
const hall = "Harald's Hall (3|4)";

/** Each deed with its English and German line. */
const cases: [SitterDeed, string, string][] = [
  [{ operation: 'constructBuilding', building: 'warehouse', village: eriksby }, 'Began building a Warehouse in Eriksby (12|-4)', 'Bau begonnen: Lagerhaus in Eriksby (12|-4)'],
  [{ operation: 'constructBuilding', building: null, village: null }, 'Began building a building in a village', 'Bau begonnen: ein Gebäude in einem Dorf'],
  [
    { operation: 'upgradeBuilding', building: { type: 'timber_camp', level: 4 }, village: eriksby },
    'Began upgrading the Timber Camp to level 5 in Eriksby (12|-4)',
    'Ausbau begonnen: Holzfällerlager auf Stufe 5 in Eriksby (12|-4)',
  ],
  [{ operation: 'upgradeBuilding', building: null, village: eriksby }, 'Began an upgrade in Eriksby (12|-4)', 'Ausbau begonnen in Eriksby (12|-4)'],
  [{ operation: 'trainUnits', unit: 'bondi', count: 2, village: eriksby }, 'Began training 2 Bondi in Eriksby (12|-4)', 'Ausbildung begonnen: 2 Bonde in Eriksby (12|-4)'],
  [{ operation: 'trainUnits', unit: null, count: null, village: undefined }, 'Began training some units', 'Ausbildung begonnen: einige Einheiten'],
  [
    { operation: 'startResearch', unit: 'huscarl', track: 'defense', village: eriksby },
    'Began researching the defence of the Huscarl in Eriksby (12|-4)',
    'Forschung begonnen: Verteidigung von Huskarl in Eriksby (12|-4)',
  ],
  [{ operation: 'startResearch', unit: 'bondi', track: 'attack', village: eriksby }, 'Began researching the attack of the Bondi in Eriksby (12|-4)', 'Forschung begonnen: Angriff von Bonde in Eriksby (12|-4)'],
  [
    { operation: 'sendTroops', units: [{ type: 'huscarl', count: 1 }, { type: 'bondi', count: 3 }, { type: 'jarl', count: 0 }], from: hall, to: eriksby },
    "Sent 1 Huscarl, 3 Bondi from Harald's Hall (3|4) to reinforce Eriksby (12|-4)",
    "Unterstützung geschickt: 1 Huskarl, 3 Bonde von Harald's Hall (3|4) nach Eriksby (12|-4)",
  ],
  [{ operation: 'sendTroops', units: [], from: null, to: null }, 'Sent troops from a village to reinforce a village', 'Unterstützung geschickt: Truppen von einem Dorf nach einem Dorf'],
  [
    { operation: 'sendResources', resources: { timber: 1500, stone: 50, iron: 0, mead: 2_500_000 }, village: hall, x: 12, y: -4 },
    "Sent 1.5K Timber, 50 Stone, 2.5M Mead from Harald's Hall (3|4) to (12|-4)",
    "Rohstoffe geschickt: 1,5 Tsd. Holz, 50 Stein, 2,5 Mio. Met von Harald's Hall (3|4) nach (12|-4)",
  ],
  [{ operation: 'sendResources', resources: {}, village: undefined, x: null, y: null }, 'Sent nothing to (?|?)', 'Rohstoffe geschickt: nichts nach (?|?)'],
  [
    { operation: 'exchangeResources', amount: 1000, give: 'timber', get: 'iron', village: eriksby },
    'Exchanged 1K Timber for Iron in Eriksby (12|-4)',
    'Getauscht: 1 Tsd. Holz gegen Eisen in Eriksby (12|-4)',
  ],
  [{ operation: 'markBattleRead' }, 'Marked a battle report read', 'Einen Kampfbericht als gelesen markiert'],
  [{ operation: 'logout' }, 'Ended the sitting session', 'Die Vertretungssitzung beendet'],
  [{ operation: 'other', summary: 'Order units to be trained', village: eriksby }, 'Order units to be trained in Eriksby (12|-4)', 'Order units to be trained in Eriksby (12|-4)'],
];

describe('the sitter log', () => {
  it.each(cases)('words %o', (deed, english, german) => {
    expect(sitterLogLine(deed, 'en')).toBe(english);
    expect(sitterLogLine(deed, 'de')).toBe(german);
  });
});
