import { useId, useState } from 'react';
import { Link } from '@storefront/shared/router';
import { MESSAGES, paths, type Category } from '@storefront/shared';

interface CategoryListProps {
  categories: readonly Category[];
  /** Show this many, then Show more / Show less (spec §2: 10 in the desktop dropdown); all when absent. */
  limit?: number;
  onNavigate?: () => void;
  className?: string;
}

/**
 * Category links (`/shop?categories=<lower-cased name>`, spec §2), shared by the desktop dropdown and the
 * mobile drawer; 'No categories found' when the store has none.
 */
export function CategoryList({ categories, limit, onNavigate, className = '' }: CategoryListProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (categories.length === 0) return <p className={`sh-catlist__empty ${className}`}>{MESSAGES.noCategories}</p>;
  const capped = limit !== undefined && categories.length > limit;
  const shown = capped && !expanded ? categories.slice(0, limit) : categories;
  return (
    <div className={`sh-catlist ${className}`}>
      <ul className="sh-catlist__items" id={listId}>
        {shown.map((c) => (
          <li key={c.id}>
            <Link className="sh-catlist__link" to={paths.category(c.name)} onClick={onNavigate}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
      {capped ? (
        <button
          type="button"
          className="sh-catlist__more"
          aria-controls={listId}
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
