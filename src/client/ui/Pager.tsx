// Paging of a long list: Previous, the page numbers around the current one (first and last always), and Next.
import { useTranslation } from 'react-i18next';
import './pager.css';

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The accessible name of the navigation ('Ranking pages'). */
  label: string;
}

/** The page numbers to offer: the first, the last, and two either side of `page`; null where some are left out. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}

export function Pager({ page, pages, onPage, label }: PagerProps) {
  const { t } = useTranslation('common');
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <ol className="pager__pages">
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className={n === page ? 'button button--small pager__page' : 'button button--ghost button--small pager__page'}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: n })}
                onClick={() => onPage(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ol>
      <span className="pager__where">
        {t('pager.where', { page, pages })}
      </span>
      <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
