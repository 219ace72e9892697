// A scouting mission landing at a village: its scouts meet the defender's scouts only, and the survivors carry what they saw home in a report.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { battleReports, stationedTroops, type MovementRow } from '../db/schema';
import { UNIT_TYPES } from '../../rules/units';
import { cleanUnits } from '../../rules/combat';
import { planScouting } from '../../rules/scouting';
import { buildingLevels } from '../../rules/buildings';
import { wholeAmounts, type VillageEnv } from '../../rules/village-timeline';
import { summedEffects } from '../wonders/effects';
import { notifyPlayers } from '../live/notify';
import { recordCombatPoints } from '../rankings/combat-points';
import type { StoredVillageState } from '../village/store';
import { reportParties, sendHome } from './arrivals';
import type { Place } from './battle-field';
import { battleAlerts } from '../../rules/alerts';
import { recordAlerts } from '../alerts/outbox';

const NOTHING = { timber: 0, stone: 0, iron: 0, mead: 0 };

/**
 * The scouts of `movement` at the (locked, settled) village at their arrival instant: the clash (scoutingPlan), the
 * defending scouts' losses, the survivors' way home, and the report. The defender gets the report only when scouts of
 * theirs or their guests met the mission; nothing else in the village changes.
 */
export async function scoutVillage(tx: Db, movement: MovementRow, state: StoredVillageState, env: VillageEnv): Promise<void> {
  const at = movement.arrivesAt;
  const stationed = await tx.select().from(stationedTroops).where(eq(stationedTroops.villageId, state.id)).for('update');
  const plan = planScouting(cleanUnits(movement.units), {
    units: state.units,
    stationed: stationed.map((group) => ({ id: group.id, units: cleanUnits(group.units) })),
    wallLevel: buildingLevels(state.buildings).wall ?? 0,
    stock: wholeAmounts(state.amounts),
    buildings: [...state.buildings].sort((a, b) => a.slot - b.slot),
  });

  for (const type of UNIT_TYPES) state.units[type] = plan.homeSurvivors[type] ?? 0;
  for (const group of plan.stationed) {
    if (group.gone) await tx.delete(stationedTroops).where(eq(stationedTroops.id, group.id));
    else await tx.update(stationedTroops).set({ units: group.survivors }).where(eq(stationedTroops.id, group.id));
  }

  const effects = await summedEffects(tx, movement.ownerId, movement.worldId, at);
  const here: Place = { id: state.id, name: state.name, x: state.x, y: state.y, ownerId: state.ownerId };
  await sendHome(tx, movement, { from: here, units: plan.scoutsHome, loot: null, at: at.getTime() }, { worldSpeed: env.worldSpeed, speedBonusPercent: effects.movementSpeedBonus });
  const defenderId = state.ownerId;
  const parties = await reportParties(tx, movement, { here, defenderId });
  await tx.insert(battleReports).values({
    ...parties,
    type: 'scout',
    attackerUnits: cleanUnits(movement.units),
    attackerLosses: plan.scoutLosses,
    defenderUnits: plan.defenderScouts,
    defenderLosses: plan.defenderLosses,
    winner: plan.winner,
    loot: NOTHING,
    intel: plan.intel,
    detected: plan.detected,
  });
  await recordCombatPoints(tx, { worldId: movement.worldId, attackerId: movement.ownerId, defenderId, attackerLosses: plan.scoutLosses, defenderLosses: plan.defenderLosses, at });
  await notifyPlayers(tx, plan.detected ? [movement.ownerId, defenderId] : [movement.ownerId], { kind: 'report_arrived', villageId: state.id });
  const sides = { attacker: { id: movement.ownerId, name: parties.attackerName }, defender: { id: defenderId, name: parties.defenderName } };
  await recordAlerts(tx, battleAlerts({ type: 'scout', village: parties.defenderVillage, ...sides, winner: plan.winner, conquered: false, defenderNoticed: plan.detected }), at);
}
