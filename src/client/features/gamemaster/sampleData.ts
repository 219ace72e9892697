// Placeholder worlds and events for the game master dashboard: local sample data, no server call.

export type WorldStatus = 'online' | 'maintenance';

export interface SampleWorld {
  id: number;
  name: string;
  status: WorldStatus;
  players: number;
  maxPlayers: number;
}

export interface SampleEvent {
  id: number;
  name: string;
  startTime: Date;
  endTime: Date;
  active: boolean;
}

/** Capacity of the sample worlds (the default player limit of a world). */
export const SAMPLE_WORLD_CAPACITY = 500;

export function sampleWorlds(): SampleWorld[] {
  return [
    { id: 1, name: 'Midgard', status: 'online', players: 342, maxPlayers: SAMPLE_WORLD_CAPACITY },
    { id: 2, name: 'Asgard', status: 'online', players: 487, maxPlayers: SAMPLE_WORLD_CAPACITY },
    { id: 3, name: 'Vanaheim', status: 'online', players: 156, maxPlayers: SAMPLE_WORLD_CAPACITY },
    { id: 4, name: 'Jotunheim', status: 'maintenance', players: 0, maxPlayers: SAMPLE_WORLD_CAPACITY },
  ];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function sampleEvents(now = Date.now()): SampleEvent[] {
  return [
    { id: 1, name: 'Raiding Season', startTime: new Date(now - 2 * DAY_MS), endTime: new Date(now + 5 * DAY_MS), active: true },
    { id: 2, name: 'Midsummer Blót', startTime: new Date(now + 7 * DAY_MS), endTime: new Date(now + 10 * DAY_MS), active: true },
    { id: 3, name: 'Winter Feast', startTime: new Date(now - 30 * DAY_MS), endTime: new Date(now - 20 * DAY_MS), active: false },
  ];
}

/** Going to maintenance empties the world; coming back online starts from nobody. */
export function toggleWorld(world: SampleWorld): SampleWorld {
  return world.status === 'online' ? { ...world, status: 'maintenance', players: 0 } : { ...world, status: 'online' };
}

export type EventDisplay = 'Active' | 'Upcoming' | 'Inactive';

/** An inactive event shows Inactive; an active one that has not started yet, Upcoming. */
export function eventDisplay(event: SampleEvent, now = Date.now()): EventDisplay {
  if (!event.active) return 'Inactive';
  if (event.startTime.getTime() > now) return 'Upcoming';
  return 'Active';
}
