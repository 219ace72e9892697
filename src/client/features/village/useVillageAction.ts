// An action on the village page (build, upgrade, train): busy until the overview is read again, so the page shows what it changed.
import { useAction } from '../../ui/useAction';
import type { VillageContext } from './context';

/**
 * The reply of these actions is one building or unit line, not the village: the overview (stock, queues) is read
 * again instead. A refusal reads it again too: the village may have changed behind this page (another tab, a finished event).
 */
export function useVillageAction<TVariables = void>(ctx: VillageContext, act: (variables: TVariables) => Promise<unknown>, failure: string) {
  return useAction<unknown, TVariables>({
    mutationFn: act,
    onSuccess: () => ctx.refresh(),
    onError: () => void ctx.refresh(),
    failure,
  });
}
