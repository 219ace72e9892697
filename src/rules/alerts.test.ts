// The words of alerts while away: what each event says, the arrival time in UTC, and the page each opens.
import { describe, expect, it } from 'vitest';
import {
  ALERT_KINDS,
  ALERT_NAMES,
  DEFAULT_ALERTS,
  alertPayload,
  alertTime,
  battleAlerts,
  battleReportAlert,
  constructionAlert,
  constructionNews,
  incomingAttackAlert,
  messageAlert,
  villageLostAlert,
} from './alerts';

const eriksby = { name: 'Eriksby', x: 12, y: -4 };
const hall = { name: "Harald's Hall", x: 3, y: 4 };

describe('alert words', () => {
  it('names every kind, and the defaults are the ones that cost a village', () => {
    expect(Object.keys(ALERT_NAMES)).toEqual([...ALERT_KINDS]);
    expect(DEFAULT_ALERTS).toEqual(['incoming_attack', 'village_lost']);
  });

  it('prints instants in UTC to the second', () => {
    expect(alertTime(Date.UTC(2026, 4, 1, 14, 5, 30, 900))).toEqual({ date: '2026-05-01', time: '14:05:30' });
  });

  it('puts the arrival time of an incoming attack in its title, the date and both villages in its line', () => {
    const alert = incomingAttackAlert({ type: 'attack', target: eriksby, from: hall, arrivesAt: Date.UTC(2026, 4, 1, 14, 5, 30) }, 'en');
    expect(alert).toEqual({
      kind: 'incoming_attack',
      title: 'Incoming attack on Eriksby — arrives 14:05:30 UTC',
      body: "An attack from Harald's Hall (3|4) reaches Eriksby (12|-4) on 2026-05-01 at 14:05:30 UTC.",
      url: '/game/army',
    });
  });

  it('tells a raid and a scouting party from an attack', () => {
    const when = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(incomingAttackAlert({ type: 'raid', target: eriksby, from: hall, arrivesAt: when }, 'en').title).toBe('Incoming raid on Eriksby — arrives 03:04:05 UTC');
    expect(incomingAttackAlert({ type: 'scout', target: eriksby, from: hall, arrivesAt: when }, 'en').body).toMatch(/^A scouting party from/);
  });

  it('tells the loser of a conquest who took the village', () => {
    expect(villageLostAlert({ village: eriksby, conqueror: 'Ivar' }, 'en')).toEqual({
      kind: 'village_lost',
      title: 'Village lost: Eriksby',
      body: 'Ivar conquered Eriksby (12|-4).',
      url: '/game/reports',
    });
  });

  it('names one finished level in the title, several in the line', () => {
    const one = constructionAlert({ village: eriksby, levels: [{ building: 'Barracks', level: 3 }] }, 'en');
    expect(one.title).toBe('Barracks finished in Eriksby');
    expect(one.body).toBe('Eriksby (12|-4): Barracks level 3.');
    expect(one.url).toBe('/game/village?tab=buildings');
    const two = constructionAlert({ village: eriksby, levels: [{ building: 'Barracks', level: 3 }, { building: 'Wall', level: 2 }] }, 'en');
    expect(two.title).toBe('Construction finished in Eriksby');
    expect(two.body).toBe('Eriksby (12|-4): Barracks level 3, Wall level 2.');
  });

  it('gives a message its sender and subject, never the letter, and opens it', () => {
    expect(messageAlert({ from: 'Astrid', subject: 'Trade?', messageId: 'm-1' }, 'en')).toEqual({
      kind: 'message_received',
      title: 'Message from Astrid',
      body: 'Trade?',
      url: '/game/messages/m-1',
    });
  });

  it('words a battle report from each side', () => {
    const base = { type: 'raid', village: eriksby, winner: 'attacker' } as const;
    expect(battleReportAlert({ ...base, side: 'attacker', opponent: 'Astrid' }, 'en')).toMatchObject({
      title: 'Battle report: your raid on Eriksby',
      body: 'Victory at Eriksby (12|-4) against Astrid.',
    });
    expect(battleReportAlert({ ...base, side: 'defender', opponent: 'Ivar' }, 'en')).toMatchObject({
      title: 'Battle report: Eriksby was raided',
      body: 'Your defenders fell against Ivar at Eriksby (12|-4).',
    });
    expect(battleReportAlert({ ...base, type: 'attack', winner: 'defender', side: 'defender', opponent: 'Ivar' }, 'en').body).toMatch(/^Your defenders held/);
    expect(battleReportAlert({ ...base, type: 'scout', winner: 'defender', side: 'defender', opponent: 'Ivar' }, 'en')).toMatchObject({
      title: 'Battle report: Eriksby was scouted',
      body: 'Your guards drove the scouts off against Ivar at Eriksby (12|-4).',
    });
    expect(battleReportAlert({ ...base, type: 'scout', side: 'attacker', opponent: 'Ivar' }, 'en').url).toBe('/game/reports');
  });

  it('pushes the words and the page only', () => {
    const alert = messageAlert({ from: 'Astrid', subject: 'Hi', messageId: 'm-2' }, 'en');
    expect(JSON.parse(alertPayload(alert))).toEqual({ title: 'Message from Astrid', body: 'Hi', url: '/game/messages/m-2' });
  });
});

describe('the alerts of a battle', () => {
  const news = {
    type: 'attack',
    village: eriksby,
    attacker: { id: 'ivar', name: 'Ivar' },
    defender: { id: 'astrid', name: 'Astrid' },
    winner: 'attacker',
    conquered: false,
    defenderNoticed: true,
  } as const;

  it('tells both sides of a battle', () => {
    const made = battleAlerts(news);
    expect(made.map((m) => [m.userId, m.alert('en').kind, m.alert('en').title])).toEqual([
      ['ivar', 'battle_report', 'Battle report: your attack on Eriksby'],
      ['astrid', 'battle_report', 'Battle report: Eriksby was attacked'],
    ]);
  });

  it('tells the loser of a conquest that the village is lost, and the conqueror only of the battle', () => {
    const made = battleAlerts({ ...news, conquered: true });
    expect(made.filter((m) => m.userId === 'astrid').map((m) => m.alert('en').kind)).toEqual(['battle_report', 'village_lost']);
    expect(made.filter((m) => m.userId === 'ivar').map((m) => m.alert('en').kind)).toEqual(['battle_report']);
  });

  it('tells nobody for barbarians, and the defender nothing of scouts nobody met', () => {
    expect(battleAlerts({ ...news, defender: { id: null, name: 'Barbarians' } }).map((m) => m.userId)).toEqual(['ivar']);
    expect(battleAlerts({ ...news, type: 'scout', defenderNoticed: false }).map((m) => m.userId)).toEqual(['ivar']);
  });
});

describe('construction news', () => {
  it('lists the levels a settle finished, and nothing for one that finished none', () => {
    const news = constructionNews(eriksby, [
      { kind: 'unit_trained', type: 'berserker', at: 1 },
      { kind: 'building_upgraded', type: 'barracks', level: 2, at: 2 },
      { kind: 'building_upgraded', type: 'wall', level: 1, at: 3 },
    ]);
    expect(news?.('en').body).toBe('Eriksby (12|-4): Barracks level 2, Wall level 1.');
    expect(constructionNews(eriksby, [{ kind: 'unit_trained', type: 'berserker', at: 1 }])).toBeNull();
  });
});

describe('alerts in German', () => {
  it('prints German dates, the time unchanged', () => {
    expect(alertTime(Date.UTC(2026, 10, 27, 14, 5, 30, 900), 'de')).toEqual({ date: '27.11.2026', time: '14:05:30' });
  });

  it('words an incoming attack, raid and scouting party', () => {
    const arrivesAt = Date.UTC(2026, 10, 27, 14, 5, 30);
    expect(incomingAttackAlert({ type: 'attack', target: eriksby, from: hall, arrivesAt }, 'de')).toEqual({
      kind: 'incoming_attack',
      title: 'Eintreffender Angriff auf Eriksby — Ankunft 14:05:30 UTC',
      body: "Ein Angriff aus Harald's Hall (3|4) erreicht Eriksby (12|-4) am 27.11.2026 um 14:05:30 UTC.",
      url: '/game/army',
    });
    expect(incomingAttackAlert({ type: 'raid', target: eriksby, from: hall, arrivesAt }, 'de').title).toBe('Eintreffender Raubzug auf Eriksby — Ankunft 14:05:30 UTC');
    expect(incomingAttackAlert({ type: 'scout', target: eriksby, from: hall, arrivesAt }, 'de')).toMatchObject({
      title: 'Eintreffende Späher auf Eriksby — Ankunft 14:05:30 UTC',
      body: "Ein Spähtrupp aus Harald's Hall (3|4) erreicht Eriksby (12|-4) am 27.11.2026 um 14:05:30 UTC.",
    });
  });

  it('words a lost village', () => {
    expect(villageLostAlert({ village: eriksby, conqueror: 'Ivar' }, 'de')).toEqual({
      kind: 'village_lost',
      title: 'Dorf verloren: Eriksby',
      body: 'Ivar hat Eriksby (12|-4) erobert.',
      url: '/game/reports',
    });
  });

  it('words finished construction with the buildings’ German names', () => {
    const one = constructionNews(eriksby, [{ kind: 'building_upgraded', type: 'barracks', level: 3, at: 1 }]);
    expect(one?.('de')).toEqual({ kind: 'construction_finished', title: 'Kaserne in Eriksby fertiggestellt', body: 'Eriksby (12|-4): Kaserne Stufe 3.', url: '/game/village?tab=buildings' });
    const two = constructionNews(eriksby, [
      { kind: 'building_upgraded', type: 'barracks', level: 3, at: 1 },
      { kind: 'building_upgraded', type: 'great_hall', level: 2, at: 2 },
    ]);
    expect(two?.('de')).toMatchObject({ title: 'Bau in Eriksby abgeschlossen', body: 'Eriksby (12|-4): Kaserne Stufe 3, Große Halle Stufe 2.' });
    // The same news in English is the English words, names included.
    expect(two?.('en').body).toBe('Eriksby (12|-4): Barracks level 3, Great Hall level 2.');
  });

  it('words a message: the sender in the title, the subject as written', () => {
    expect(messageAlert({ from: 'Astrid', subject: 'Trade?', messageId: 'm-1' }, 'de')).toEqual({
      kind: 'message_received',
      title: 'Nachricht von Astrid',
      body: 'Trade?',
      url: '/game/messages/m-1',
    });
  });

  it('words battle reports from each side, for every kind of army and outcome', () => {
    const base = { village: eriksby, opponent: 'Astrid' } as const;
    const report = (side: 'attacker' | 'defender', type: 'attack' | 'raid' | 'scout', winner: 'attacker' | 'defender') =>
      battleReportAlert({ ...base, side, type, winner }, 'de');
    expect(report('attacker', 'raid', 'attacker')).toEqual({
      kind: 'battle_report',
      title: 'Kampfbericht: dein Raubzug auf Eriksby',
      body: 'Sieg bei Eriksby (12|-4) gegen Astrid.',
      url: '/game/reports',
    });
    expect(report('attacker', 'attack', 'defender')).toMatchObject({ title: 'Kampfbericht: dein Angriff auf Eriksby', body: 'Niederlage bei Eriksby (12|-4) gegen Astrid.' });
    expect(report('attacker', 'scout', 'attacker')).toMatchObject({
      title: 'Kampfbericht: dein Spähtrupp auf Eriksby',
      body: 'Deine Späher kamen mit ihren Erkenntnissen zurück bei Eriksby (12|-4) gegen Astrid.',
    });
    expect(report('attacker', 'scout', 'defender').body).toBe('Deine Späher wurden aufgehalten bei Eriksby (12|-4) gegen Astrid.');
    expect(report('defender', 'attack', 'attacker')).toMatchObject({ title: 'Kampfbericht: Eriksby wurde angegriffen', body: 'Deine Verteidiger fielen gegen Astrid bei Eriksby (12|-4).' });
    expect(report('defender', 'raid', 'defender')).toMatchObject({ title: 'Kampfbericht: Eriksby wurde überfallen', body: 'Deine Verteidiger hielten stand gegen Astrid bei Eriksby (12|-4).' });
    expect(report('defender', 'scout', 'defender')).toMatchObject({ title: 'Kampfbericht: Eriksby wurde ausgespäht', body: 'Deine Wachen haben die Späher vertrieben gegen Astrid bei Eriksby (12|-4).' });
    expect(report('defender', 'scout', 'attacker').body).toBe('Die Späher kamen durch gegen Astrid bei Eriksby (12|-4).');
  });

  it('names the barbarians in German, a player by their own name, and words a conquest for its loser', () => {
    const news = { type: 'attack', village: eriksby, winner: 'attacker', conquered: true, defenderNoticed: true } as const;
    const barbarians = battleAlerts({ ...news, conquered: false, attacker: { id: 'ivar', name: 'Ivar' }, defender: { id: null, name: 'Barbarians' } });
    expect(barbarians.map((m) => m.alert('de').body)).toEqual(['Sieg bei Eriksby (12|-4) gegen Barbaren.']);
    expect(barbarians.map((m) => m.alert('en').body)).toEqual(['Victory at Eriksby (12|-4) against Barbarians.']);
    const conquest = battleAlerts({ ...news, attacker: { id: 'ivar', name: 'Ivar' }, defender: { id: 'astrid', name: 'Astrid' } });
    expect(conquest.map((m) => [m.userId, m.alert('de').title, m.alert('de').body])).toEqual([
      ['ivar', 'Kampfbericht: dein Angriff auf Eriksby', 'Sieg bei Eriksby (12|-4) gegen Astrid.'],
      ['astrid', 'Kampfbericht: Eriksby wurde angegriffen', 'Deine Verteidiger fielen gegen Ivar bei Eriksby (12|-4).'],
      ['astrid', 'Dorf verloren: Eriksby', 'Ivar hat Eriksby (12|-4) erobert.'],
    ]);
  });
});
