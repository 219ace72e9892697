// Typed calls of the rankings tag: a world's players and alliances by population, attackers and defenders by points, and the caller's ranks.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type PlayerRankings = Schema<'PlayerRankings'>;
export type RankedPlayer = Schema<'RankedPlayer'>;
export type AllianceRankings = Schema<'AllianceRankings'>;
export type RankedAlliance = Schema<'RankedAlliance'>;
export type CombatRankings = Schema<'CombatRankings'>;
export type RankedFighter = Schema<'RankedFighter'>;
export type CombatBoard = CombatRankings['board'];
export type CombatPeriod = CombatRankings['period'];
export type MyRankings = Schema<'MyRankings'>;

/** Which page of a list: from 1, `limit` rows a page. */
export interface RankingPage {
  page: number;
  limit: number;
}

export function getPlayerRankings(worldId: string, { page, limit }: RankingPage): Promise<PlayerRankings> {
  return unwrap(api.GET('/api/worlds/{worldId}/rankings/players', { params: { path: { worldId }, query: { page, limit } } }));
}

export function getAllianceRankings(worldId: string, { page, limit }: RankingPage): Promise<AllianceRankings> {
  return unwrap(api.GET('/api/worlds/{worldId}/rankings/alliances', { params: { path: { worldId }, query: { page, limit } } }));
}

/** Attackers or defenders, this week (from Monday 00:00 UTC) or of all time. */
export function getCombatRankings(worldId: string, list: { board: CombatBoard; period: CombatPeriod }, { page, limit }: RankingPage): Promise<CombatRankings> {
  return unwrap(
    api.GET('/api/worlds/{worldId}/rankings/combat/{board}', { params: { path: { worldId, board: list.board }, query: { period: list.period, page, limit } } }),
  );
}

/** The caller's rank on every list of the world (null where they are not on it). */
export function getMyRankings(worldId: string): Promise<MyRankings> {
  return unwrap(api.GET('/api/worlds/{worldId}/rankings/me', { params: { path: { worldId } } }));
}
