// Every route factory, one per openapi tag; buildApp merges their handlers by operationId.
import type { AppContext } from './context';
import type { Handlers } from './operations';
import { healthRoutes } from './health/routes';
import { authRoutes } from './accounts/routes';
import { adminRoutes } from './operators/admin-routes';
import { worldRoutes } from './worlds/routes';
import { villageRoutes } from './village/routes';
import { mapRoutes } from './map/routes';
import { questRoutes } from './progress/quests-routes';
import { tutorialRoutes } from './progress/tutorial-routes';
import { allianceRoutes } from './alliance/routes';
import { heroRoutes } from './heroes/routes';
import { wonderRoutes } from './wonders/routes';
import { armyRoutes } from './army/routes';
import { settlementRoutes } from './settlement/routes';
import { gameMasterRoutes } from './operators/gamemaster-routes';
import { messageRoutes } from './messages/routes';
import { messageReportRoutes } from './messages/gamemaster-routes';
import { playerRoutes } from './players/routes';
import { rankingRoutes } from './rankings/routes';
import { tradeRoutes } from './trade/routes';
import { smithyRoutes } from './smithy/routes';
import { alertRoutes } from './alerts/routes';
import { farmListRoutes } from './farm-lists/routes';
import { fairPlayRoutes } from './fair-play/gamemaster-routes';
import { vacationRoutes } from './vacation/routes';
import { sitterRoutes } from './sitters/routes';

const factories: ((ctx: AppContext) => Handlers)[] = [
  healthRoutes,
  authRoutes,
  adminRoutes,
  worldRoutes,
  villageRoutes,
  mapRoutes,
  questRoutes,
  tutorialRoutes,
  allianceRoutes,
  heroRoutes,
  wonderRoutes,
  armyRoutes,
  settlementRoutes,
  gameMasterRoutes,
  messageRoutes,
  messageReportRoutes,
  playerRoutes,
  rankingRoutes,
  tradeRoutes,
  smithyRoutes,
  alertRoutes,
  farmListRoutes,
  fairPlayRoutes,
  vacationRoutes,
  sitterRoutes,
];

export function allHandlers(ctx: AppContext): Handlers {
  const merged: Handlers = {};
  for (const factory of factories) {
    const handlers = factory(ctx);
    for (const operationId of Object.keys(handlers)) {
      if (Object.hasOwn(merged, operationId)) throw new Error(`Two route files handle ${operationId}`);
    }
    Object.assign(merged, handlers);
  }
  return merged;
}
