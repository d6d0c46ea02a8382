import type { MouseEvent } from 'react';
import { Link } from '@storefront/shared/router';
import './Pagination.css';

export interface PaginationProps {
  page: number;
  lastPage: number;
  /** The URL of a page (keeps every filter, issue 5). */
  hrefOf: (page: number) => string;
  /**
   * Goes to a page on a plain click, in place of the link's own navigation: the shop builds it on the
   * filters last asked for, which its URL may not hold yet. A click meant for a new tab or window keeps
   * the link's own behaviour.
   */
  onPage?: (page: number) => void;
}

/** A click the link would handle itself in this tab (not a middle click, not with a key for a new tab or window). */
function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;
}

/** Page numbers around the current one, with the first and last always shown: 1 … 4 5 6 … 14. */
export function pageWindow(page: number, lastPage: number, radius = 1): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  for (let n = 1; n <= lastPage; n++) {
    if (n === 1 || n === lastPage || Math.abs(n - page) <= radius) out.push(n);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

/** Page navigation as real links, so every page has its own URL (back, reload, share). */
export function Pagination({ page, lastPage, hrefOf, onPage }: PaginationProps) {
  if (lastPage <= 1) return null;
  const go = (n: number) =>
    onPage
      ? (e: MouseEvent) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          onPage(n);
        }
      : undefined;
  return (
    <nav className="cat-pagination" aria-label="Pagination">
      <ul className="cat-pagination__list">
        <li>
          {page > 1 ? (
            <Link className="cat-pagination__step" to={hrefOf(page - 1)} rel="prev" onClick={go(page - 1)}>
              Previous<span className="sf-visually-hidden"> page</span>
            </Link>
          ) : (
            <span className="cat-pagination__step is-disabled" aria-hidden="true">
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, lastPage).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="cat-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                className={`cat-pagination__page ${n === page ? 'is-current' : ''}`}
                to={hrefOf(n)}
                onClick={go(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < lastPage ? (
            <Link className="cat-pagination__step" to={hrefOf(page + 1)} rel="next" onClick={go(page + 1)}>
              Next<span className="sf-visually-hidden"> page</span>
            </Link>
          ) : (
            <span className="cat-pagination__step is-disabled" aria-hidden="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
