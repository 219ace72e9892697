// The game's public figures (the front page's): players, alliances, worlds open to play and battles, counted from real rows and kept for a minute.
import { count, countDistinct, isNotNull, ne } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { alliances, battleReports, villages, worlds } from '../db/schema';

/** How long counted figures are answered again before they are counted anew. */
export const FIGURES_KEPT_MS = 60_000;

export type PublicFigures = Schema<'PublicFigures'>;

/**
 * Counts the figures: players are accounts holding a village in some world (barbarian villages have no owner), worlds
 * those not ended, battles the battle reports but scouting missions. Four small aggregates, sent together.
 */
export async function countFigures(db: Db): Promise<PublicFigures> {
  const [players, allied, open, fought] = await Promise.all([
    db.select({ n: countDistinct(villages.ownerId) }).from(villages).where(isNotNull(villages.ownerId)),
    db.select({ n: count() }).from(alliances),
    db.select({ n: count() }).from(worlds).where(ne(worlds.status, 'ended')),
    db.select({ n: count() }).from(battleReports).where(ne(battleReports.type, 'scout')),
  ]);
  const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  return { players: n(players), alliances: n(allied), worlds: n(open), battles: n(fought) };
}

/**
 * The figures as counted at most FIGURES_KEPT_MS ago: a front page read by every visitor costs four counts a minute per
 * process, not four per visit. Requests arriving while a count runs share it.
 */
export function figuresKeeper(db: Db, now: () => Date): () => Promise<PublicFigures> {
  let kept: { at: number; figures: Promise<PublicFigures> } | null = null;
  return () => {
    const at = now().getTime();
    if (kept && at - kept.at < FIGURES_KEPT_MS && at >= kept.at) return kept.figures;
    const figures = countFigures(db);
    kept = { at, figures };
    // A failed count is not kept: the next request counts again.
    figures.catch(() => {
      if (kept?.figures === figures) kept = null;
    });
    return figures;
  };
}
