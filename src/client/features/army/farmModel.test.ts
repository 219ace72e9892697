import { describe, expect, it } from 'vitest';
import { countsFrom, lastRaidText, newSendKey, parseFarmRequest, parseUnits, shortRows, templateFrom, templateTypes, unitsParam } from './farmModel';

describe('what the address asks to add to a farm list', () => {
  it('reads ?farm=x|y with the units when given, and nothing else', () => {
    expect(parseFarmRequest(new URLSearchParams('farm=12|-40'))).toEqual({ x: 12, y: -40, units: {} });
    expect(parseFarmRequest(new URLSearchParams('farm=3%7C4&units=viking_raider%3A20%2Cbondi%3A5'))).toEqual({ x: 3, y: 4, units: { viking_raider: 20, bondi: 5 } });
    expect(parseFarmRequest(new URLSearchParams('x=3&y=4'))).toBeNull();
    expect(parseFarmRequest(new URLSearchParams('farm=3'))).toBeNull();
    expect(parseFarmRequest(new URLSearchParams('farm=201|0'))).toBeNull();
  });

  it('keeps known unit types with whole positive counts, and writes them back the same way', () => {
    expect(parseUnits('bondi:5,dragon:3,huscarl:-1,berserker:0,jarl:x,viking_raider:2')).toEqual({ bondi: 5, viking_raider: 2 });
    expect(parseUnits(null)).toEqual({});
    expect(unitsParam({ viking_raider: 2, bondi: 5, jarl: 0 })).toBe('bondi:5,viking_raider:2');
  });
});

describe('a row’s unit template', () => {
  it('reads the fields as whole positive counts and shows a template in them', () => {
    expect(templateFrom({ bondi: '4.7', viking_raider: '', huscarl: '-3', jarl: 'many' })).toEqual({ bondi: 4 });
    expect(countsFrom({ bondi: 4, jarl: 0 })).toEqual({ bondi: '4' });
  });

  it('offers the types at home and those it names, or every type', () => {
    expect(templateTypes({ bondi: 3 }, { catapult: 1 }, false)).toEqual(['bondi', 'catapult']);
    expect(templateTypes({}, {}, false)).toHaveLength(11);
    expect(templateTypes({ bondi: 3 }, {}, true)).toHaveLength(11);
  });
});

describe('rows short of units before sending', () => {
  const rows = [
    { id: 'a', units: { bondi: 3 } },
    { id: 'b', units: { bondi: 3 } },
    { id: 'c', units: { bondi: 1 } },
  ];

  it('counts what the rows before leave at home, over the chosen rows or all of them', () => {
    expect(shortRows(rows, null, { bondi: 4 })).toEqual(new Map([['b', 'Not enough units at home: 3 Bondi (1 at home)']]));
    expect(shortRows(rows, new Set(['b', 'c']), { bondi: 4 })).toEqual(new Map());
  });
});

describe('a row’s last raid', () => {
  it('says who won and the loot against what the survivors could carry', () => {
    const loot = { timber: 300, stone: 300, iron: 300, mead: 300 };
    expect(lastRaidText({ reportId: 'r', at: '2026-01-01T00:00:00Z', winner: 'attacker', loot, carry: 1600 })).toEqual({ outcome: 'Won', haul: '1,200 / 1,600' });
    expect(lastRaidText({ reportId: 'r', at: '2026-01-01T00:00:00Z', winner: 'defender', loot: { timber: 0, stone: 0, iron: 0, mead: 0 }, carry: 40 })).toEqual({ outcome: 'Lost', haul: '0 / 40' });
  });
});

describe('the key of a send', () => {
  it('is 32 hexadecimal characters, new for every click', () => {
    expect(newSendKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(newSendKey()).not.toBe(newSendKey());
    expect(newSendKey((bytes) => bytes.fill(255))).toBe('f'.repeat(32));
  });
});
