// The page's cumulative layout shift so far, as the browser reports it: what Lighthouse's CLS is made of.
import type { Page } from '@playwright/test';

export interface LayoutShift {
  /** Shifts without recent input since the page started loading, summed. */
  total: number;
  /** The elements that moved, as tag.class (a canvas, a select), one per shifted source. */
  moved: string[];
}

export async function layoutShift(page: Page): Promise<LayoutShift> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift>((resolve) => {
        const seen: LayoutShift = { total: 0, moved: [] };
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            seen.total += entry.value;
            for (const source of entry.sources ?? []) {
              const node = source.node;
              if (node instanceof Element) seen.moved.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(seen), 100);
      }),
  );
}
