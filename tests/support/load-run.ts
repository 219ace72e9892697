// Drives many simulated players at once: sign-up with limited parallelism, neighbours to raid, and turns at random intervals until told to stop.
import { HttpError, LoadLog, SimPlayer, type BasePicker, type SimOptions } from './sim-player';

/** Registers and seats `count` players in the world, `parallel` at a time; each skips the tutorial and reads its village once. */
export async function seatPlayers(count: number, prefix: string, base: BasePicker, log: LoadLog, worldId: string, options: Partial<SimOptions> = {}, parallel = 8): Promise<SimPlayer[]> {
  const players = Array.from({ length: count }, (_, i) => new SimPlayer(`${prefix}${i}`, base, log, options));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < players.length) {
        const player = players[next++];
        await player.register();
        await player.join(worldId);
        await player.skipTutorial();
        await player.readVillage();
      }
    }),
  );
  return players;
}

/** For each player, a few of the nearest other players' villages; raids go to one of them at random. */
export function neighboursOf(players: SimPlayer[], howMany = 3): Map<SimPlayer, SimPlayer[]> {
  const out = new Map<SimPlayer, SimPlayer[]>();
  for (const p of players) {
    const near = players
      .filter((q) => q !== p && q.worldId === p.worldId)
      .sort((a, b) => Math.hypot(a.x - p.x, a.y - p.y) - Math.hypot(b.x - p.x, b.y - p.y))
      .slice(0, howMany);
    out.set(p, near);
  }
  return out;
}

export interface PlayOptions {
  /** Mean time between two turns of one player (exponentially distributed, as people are). */
  meanThinkMs: number;
  /** True once the players should stop; checked between turns. */
  stopped: () => boolean;
  /**
   * A 503 is part of playing (the database restarts during the run): the player reads the message, waits and plays on.
   * Every 503 is still recorded in the log's serverErrors for the test to judge.
   */
  unavailableIsExpected?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every player takes turns until `stopped()`. A cut connection (a killed server) is not an error of the
 * game: the player waits and tries again, perhaps on another server. Anything else fails the run.
 */
export async function play(players: SimPlayer[], options: PlayOptions, random: () => number = Math.random): Promise<void> {
  const neighbours = neighboursOf(players);
  await Promise.all(
    players.map(async (player) => {
      // Spread the first turns so the players do not march in step.
      await sleep(random() * options.meanThinkMs);
      while (!options.stopped()) {
        const near = neighbours.get(player)!;
        try {
          await player.turn(() => near[Math.floor(random() * near.length)], random);
        } catch (error) {
          if (error instanceof HttpError && !(options.unavailableIsExpected && error.status === 503)) throw error;
          // "Please try again in a few seconds": a person waits a moment rather than clicking on at once.
          if (error instanceof HttpError) await sleep(1000);
          // The connection was refused or cut: the server went away mid-request.
        }
        await sleep(-Math.log(1 - random()) * options.meanThinkMs);
      }
    }),
  );
}

export { LoadLog };
