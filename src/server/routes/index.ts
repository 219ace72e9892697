// Every route factory, one per openapi tag; buildApp merges their handlers by operationId.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import { healthRoutes } from './health';
import { authRoutes } from './auth';
import { adminRoutes } from './admin';
import { worldRoutes } from './worlds';
import { villageRoutes } from './villages';
import { mapRoutes } from './map';
import { questRoutes } from './quests';
import { tutorialRoutes } from './tutorial';
import { allianceRoutes } from './alliances';
import { heroRoutes } from './heroes';
import { wonderRoutes } from './wonders';
import { gameRoutes } from './game';
import { settlementRoutes } from './settlement';
import { gameMasterRoutes } from './gamemaster';

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
  gameRoutes,
  settlementRoutes,
  gameMasterRoutes,
];

export function allHandlers(ctx: AppContext): Handlers {
  const merged: Handlers = {};
  for (const factory of factories) {
    const handlers = factory(ctx);
    for (const operationId of Object.keys(handlers) as (keyof Handlers)[]) {
      if (merged[operationId]) throw new Error(`Two route files handle ${operationId}`);
    }
    Object.assign(merged, handlers);
  }
  return merged;
}
