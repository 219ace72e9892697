// A simulated player over plain HTTP for the process tests and the load benchmark: acts like a person (reads, builds, trains, raids) and records every write the server acknowledged.
import { UNITS } from '../../src/rules/units';
import { buildingCost } from '../../src/rules/buildings';
import type { BuildingType } from '../../src/rules/buildings';
import { httpCall, type HttpReply } from './http-call';

/** What one simulated step is called in the figures. */
export type StepName = 'register' | 'join' | 'skip-tutorial' | 'read-village' | 'read-map' | 'upgrade' | 'construct' | 'train' | 'send-troops';

/** A write the server answered with 2xx, with the instants its reply named. */
export type Ack =
  | { kind: 'register'; player: string; userId: string }
  | { kind: 'join'; player: string; villageId: string }
  | { kind: 'upgrade'; player: string; villageId: string; buildingId: string; type: BuildingType; toLevel: number; at: number; finishesAt: number }
  | { kind: 'construct'; player: string; villageId: string; buildingId: string; type: BuildingType; slot: number; at: number; finishesAt: number }
  | { kind: 'train'; player: string; villageId: string; unitType: 'bondi'; count: number; firstUnitAt: number }
  | { kind: 'send'; player: string; villageId: string; movementId: string; toVillageId: string; units: Record<string, number>; departedAt: number; arrivesAt: number };

/** A write that got no answer (connection cut, server killed) or a 503 (the database went away under it): it may or may not have happened. */
export interface Unanswered {
  player: string;
  step: StepName;
  villageId: string | null;
  /** 503 when the server answered that its database was unavailable; absent when nothing answered. */
  status?: number;
}

export interface StepTiming {
  step: StepName;
  ms: number;
  status: number;
}

/** Shared by all players of a run: the audit, the timings, and where the others live. */
export class LoadLog {
  readonly acks: Ack[] = [];
  readonly unanswered: Unanswered[] = [];
  readonly timings: StepTiming[] = [];
  /** Replies with a status of 500 or more, which no game action may produce. */
  readonly serverErrors: { step: StepName; status: number; body: string; headers: { retryAfter: string | null }; at: number }[] = [];
  recordTimings = true;
}

interface Overview {
  village: { id: string; x: number; y: number; worldId: string };
  resources: { type: 'timber' | 'stone' | 'iron' | 'mead'; amount: number; capacity: number }[];
  buildings: { id: string; type: BuildingType; level: number; slot: number; isUpgrading: boolean; upgradeFinishesAt: string | null; updatedAt: string }[];
  units: { type: string; count: number; isTraining: boolean; trainingQueue?: { count: number; nextUnitFinishesAt: string; finishesAt: string }[] }[];
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body.slice(0, 200)}`);
  }
}

/** Picks one of several base addresses per request, so a player may be served by either of two processes. */
export type BasePicker = () => string;

export interface SimOptions {
  /** Most units a village keeps (at home, queued and away): keeps unit upkeep below the starting mead production. */
  maxUnits: number;
  /** Radius of the map area read (the map page asks for 8). */
  mapRadius: number;
}

const DEFAULT_OPTIONS: SimOptions = { maxUnits: 6, mapRadius: 8 };

export class SimPlayer {
  token = '';
  userId = '';
  villageId = '';
  worldId = '';
  x = 0;
  y = 0;
  private last: Overview | null = null;
  private readonly options: SimOptions;

  constructor(
    readonly name: string,
    private readonly base: BasePicker,
    private readonly log: LoadLog,
    options: Partial<SimOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** One request; 2xx returns the JSON, anything else throws HttpError; a refused or cut connection throws the socket's error. */
  private async call<T>(step: StepName, method: string, path: string, body?: unknown): Promise<T> {
    const started = performance.now();
    let reply: HttpReply;
    try {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (this.token) headers.authorization = `Bearer ${this.token}`;
      reply = await httpCall(`${this.base()}${path}`, method, headers, body !== undefined ? JSON.stringify(body) : undefined);
    } catch (error) {
      if (method !== 'GET') this.log.unanswered.push({ player: this.name, step, villageId: this.villageId || null });
      throw error;
    }
    const { status, text } = reply;
    if (this.log.recordTimings) this.log.timings.push({ step, ms: performance.now() - started, status });
    if (status >= 500) this.log.serverErrors.push({ step, status, body: text.slice(0, 300), headers: { retryAfter: reply.retryAfter }, at: Date.now() });
    // A transaction cut by the database going away may have committed just before: the write's outcome is unknown.
    if (status === 503 && method !== 'GET') this.log.unanswered.push({ player: this.name, step, villageId: this.villageId || null, status });
    if (status >= 300) throw new HttpError(status, text);
    return JSON.parse(text) as T;
  }

  async register(password = 'Valhalla#2026'): Promise<void> {
    const reply = await this.call<{ token: string; user: { id: string } }>('register', 'POST', '/api/auth/register', {
      username: this.name,
      email: `${this.name}@example.com`,
      password,
    });
    this.token = reply.token;
    this.userId = reply.user.id;
    this.log.acks.push({ kind: 'register', player: this.name, userId: this.userId });
  }

  /** Signs in with a session made elsewhere (the benchmark seeds players without hashing passwords). */
  useSession(token: string, userId: string): void {
    this.token = token;
    this.userId = userId;
  }

  async join(worldId: string): Promise<void> {
    const reply = await this.call<{ village: { id: string; x: number; y: number } }>('join', 'POST', `/api/worlds/${worldId}/join`);
    this.worldId = worldId;
    this.villageId = reply.village.id;
    this.x = reply.village.x;
    this.y = reply.village.y;
    this.log.acks.push({ kind: 'join', player: this.name, villageId: this.villageId });
  }

  useVillage(worldId: string, villageId: string, x: number, y: number): void {
    Object.assign(this, { worldId, villageId, x, y });
  }

  /** Tutorial rewards would be income outside the players' own actions; the tests' accounting wants none. */
  async skipTutorial(): Promise<void> {
    await this.call('skip-tutorial', 'POST', '/api/tutorial/skip');
  }

  async readVillage(): Promise<Overview> {
    this.last = await this.call<Overview>('read-village', 'GET', `/api/map/village/${this.villageId}/overview`);
    return this.last;
  }

  async readMap(): Promise<void> {
    await this.call('read-map', 'GET', `/api/map/area/${this.worldId}/${this.x}/${this.y}/${this.options.mapRadius}`);
  }

  private stock(): Record<string, number> {
    return Object.fromEntries((this.last?.resources ?? []).map((r) => [r.type, r.amount]));
  }

  private canPay(cost: Record<string, number>, margin = 0): boolean {
    const stock = this.stock();
    return Object.entries(cost).every(([r, n]) => (stock[r] ?? 0) >= n + margin);
  }

  /** Builds barracks when the village has none, else raises its lowest resource field; nothing while work is running. */
  async build(): Promise<boolean> {
    const village = this.last ?? (await this.readVillage());
    if (village.buildings.some((b) => b.isUpgrading)) return false;
    const barracks = village.buildings.find((b) => b.type === 'barracks');
    if (!barracks) {
      if (!this.canPay(buildingCost('barracks', 1))) return false;
      const used = new Set(village.buildings.map((b) => b.slot));
      const slot = [20, 21, 22, 23].find((s) => !used.has(s));
      if (slot === undefined) return false;
      const reply = await this.call<{ building: Overview['buildings'][number] }>('construct', 'POST', `/api/villages/${this.villageId}/buildings`, { buildingType: 'barracks', slot });
      this.noteBuilding(reply.building);
      this.log.acks.push({
        kind: 'construct',
        player: this.name,
        villageId: this.villageId,
        buildingId: reply.building.id,
        type: 'barracks',
        slot,
        at: Date.parse(reply.building.updatedAt),
        finishesAt: Date.parse(reply.building.upgradeFinishesAt!),
      });
      return true;
    }
    const fields = village.buildings.filter((b) => b.slot <= 18).sort((a, b) => a.level - b.level || a.slot - b.slot);
    const field = fields[0];
    // Keep a reserve so the village can still train and never drains a store to nothing.
    if (!field || !this.canPay(buildingCost(field.type, field.level + 1), 150)) return false;
    const reply = await this.call<{ building: Overview['buildings'][number] }>('upgrade', 'PUT', `/api/villages/${this.villageId}/buildings/${field.id}/upgrade`);
    this.noteBuilding(reply.building);
    this.log.acks.push({
      kind: 'upgrade',
      player: this.name,
      villageId: this.villageId,
      buildingId: field.id,
      type: field.type,
      toLevel: field.level + 1,
      at: Date.parse(reply.building.updatedAt),
      finishesAt: Date.parse(reply.building.upgradeFinishesAt!),
    });
    return true;
  }

  private noteBuilding(building: Overview['buildings'][number]): void {
    if (!this.last) return;
    this.last.buildings = [...this.last.buildings.filter((b) => b.id !== building.id), building];
  }

  /** Units this player ever had acknowledged; capped, so upkeep never outgrows the mead and nobody starves. */
  private trained = 0;

  /** Trains one or two bondi when the barracks stand and the village has room under its unit cap. */
  async train(): Promise<boolean> {
    const village = this.last ?? (await this.readVillage());
    const barracks = village.buildings.find((b) => b.type === 'barracks');
    if (!barracks || barracks.level < 1) return false;
    const count = Math.min(2, this.options.maxUnits - this.trained);
    if (count < 1) return false;
    const cost = Object.fromEntries(Object.entries(UNITS.bondi.cost).map(([r, n]) => [r, n * count]));
    if (!this.canPay(cost, 100)) return false;
    const reply = await this.call<{ unit: Overview['units'][number] }>('train', 'POST', `/api/villages/${this.villageId}/units`, { unitType: 'bondi', count });
    this.trained += count;
    const queue = reply.unit.trainingQueue ?? [];
    const order = queue[queue.length - 1];
    this.log.acks.push({ kind: 'train', player: this.name, villageId: this.villageId, unitType: 'bondi', count, firstUnitAt: order ? Date.parse(order.nextUnitFinishesAt) : 0 });
    if (this.last) this.last.units = [...this.last.units.filter((u) => u.type !== 'bondi'), reply.unit];
    return true;
  }

  /** Raids a neighbour with the bondi at home (two or more). */
  async raid(target: { villageId: string } | undefined): Promise<boolean> {
    const village = this.last ?? (await this.readVillage());
    const bondi = village.units.find((u) => u.type === 'bondi')?.count ?? 0;
    if (!target || bondi < 2) return false;
    const units = { bondi };
    const reply = await this.call<{ movement: { id: string; departedAt: string; arrivesAt: string } }>('send-troops', 'POST', '/api/game/send-troops', {
      fromVillageId: this.villageId,
      toVillageId: target.villageId,
      units,
      movementType: 'raid',
    });
    this.log.acks.push({
      kind: 'send',
      player: this.name,
      villageId: this.villageId,
      movementId: reply.movement.id,
      toVillageId: target.villageId,
      units,
      departedAt: Date.parse(reply.movement.departedAt),
      arrivesAt: Date.parse(reply.movement.arrivesAt),
    });
    if (this.last) this.last.units = this.last.units.map((u) => (u.type === 'bondi' ? { ...u, count: 0 } : u));
    return true;
  }

  /**
   * One turn as a person takes it: look at the village, then do what it allows (build, train, raid a
   * neighbour) or look at the map. Refusals (409: busy, not enough) are part of playing and are ignored.
   */
  async turn(neighbour: () => { villageId: string } | undefined, random: () => number = Math.random): Promise<void> {
    try {
      const roll = random();
      if (roll < 0.35 || !this.last) await this.readVillage();
      else if (roll < 0.55) await this.build();
      else if (roll < 0.7) await this.train();
      else if (roll < 0.8) await this.raid(neighbour());
      else await this.readMap();
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) return;
      throw error;
    }
  }
}

/** How many writes of each kind were acknowledged, for the printed summary of a run. */
export function ackCounts(log: LoadLog): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of log.acks) counts[a.kind] = (counts[a.kind] ?? 0) + 1;
  return counts;
}
