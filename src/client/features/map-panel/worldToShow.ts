// Which world the map shows a player who has no village yet: the first online world as the server lists them.
import type { World } from '../../state/village';

/**
 * The server lists worlds oldest first and creates the default world before any other, so the first online world
 * is the default one unless it is closed. With every world closed the first is shown anyway (its tiles then say why).
 */
export function worldToShow(worlds: readonly World[]): World | null {
  return worlds.find((world) => world.status === 'online') ?? worlds[0] ?? null;
}
