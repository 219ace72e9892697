// A short played session against a real server: two players join a fast world, one raises barracks, trains bondi and raids the other while both watch their live streams.
import { LoadLog, SimPlayer } from './sim-player';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LiveStreamHandle {
  status: number;
  /** Closes the stream as a browser tab going away does. */
  close(): void;
}

/** Opens GET /api/events as the client does (fetch with the bearer token) and reads it until closed. */
export async function openLiveStream(base: string, token: string): Promise<LiveStreamHandle> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  // Read and thrown away, so the server's writes never back up.
  void res.body
    ?.pipeTo(new WritableStream())
    .catch(() => undefined);
  return { status: res.status, close: () => controller.abort() };
}

export interface ShortSession {
  raider: SimPlayer;
  target: SimPlayer;
  streams: LiveStreamHandle[];
  /** When the raid lands (epoch ms). */
  arrivesAt: number;
  log: LoadLog;
}

/** Retries `step` (a player's action the village may not allow yet) until it returns true; fails after `ms`. */
async function until(what: string, step: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await step())) {
    if (Date.now() > deadline) throw new Error(`the short session could not ${what} within ${ms} ms`);
    await sleep(100);
  }
}

/**
 * Plays in `worldId` (make it fast: at speed 1000 barracks stand in a third of a second and a raid on a neighbour takes
 * seconds): registers two players, opens both live streams, builds barracks, trains bondi and raids. Returns once the raid
 * is under way; the streams stay open until closed.
 */
export async function playShortSession(base: string, worldId: string, prefix: string): Promise<ShortSession> {
  const log = new LoadLog();
  const [raider, target] = [new SimPlayer(`${prefix}r`, () => base, log), new SimPlayer(`${prefix}t`, () => base, log)];
  for (const player of [raider, target]) {
    await player.register();
    await player.join(worldId);
    await player.readVillage();
  }
  const streams = [await openLiveStream(base, raider.token), await openLiveStream(base, target.token)];
  await until('build barracks', () => raider.build());
  await until('see the barracks stand', async () => (await raider.readVillage()).buildings.some((b) => b.type === 'barracks' && b.level >= 1));
  await until('train bondi', () => raider.train());
  await until('see the bondi trained', async () => ((await raider.readVillage()).units.find((u) => u.type === 'bondi')?.count ?? 0) >= 2);
  if (!(await raider.raid({ villageId: target.villageId }))) throw new Error('the raider had no bondi at home to raid with');
  const sent = log.acks.find((a) => a.kind === 'send');
  if (!sent || sent.kind !== 'send') throw new Error('the raid was not sent');
  if (log.serverErrors.length > 0) throw new Error(`the server failed during the session: ${JSON.stringify(log.serverErrors)}`);
  return { raider, target, streams, arrivesAt: sent.arrivesAt, log };
}
