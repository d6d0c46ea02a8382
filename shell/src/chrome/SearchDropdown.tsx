import { useId, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from '@storefront/shared/router';
import { paths, SEARCH_CLOSE_MS, SEARCH_SUGGESTIONS, Spinner, useInertOutside } from '@storefront/shared';
import { CloseIcon, SearchIcon } from './icons';
import { useDismiss } from './useDismiss';
import './SearchDropdown.css';

export interface SearchDropdownProps {
  id: string;
  /** True during the 400 ms closing animation (spec §2); the header unmounts it afterwards. */
  closing: boolean;
  /** The header's search button: pressing it is not an "outside" click, it toggles. */
  toggleRef: RefObject<HTMLElement | null>;
  /** `returnFocus` when closed from the keyboard or the close button. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The header search of spec §2: a search box ('Search for products, brands, categories...'), a close
 * button, a spinner while the search starts, and the nine suggested terms (a click fills the box).
 * Escape or a click outside closes it; a blank or whitespace-only term does nothing (spec §5); any
 * other term goes to /shop?search=<term> and closes the dropdown.
 */
export default function SearchDropdown({ id, closing, toggleRef, onClose }: SearchDropdownProps) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [searching, setSearching] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();

  useLayoutEffect(() => {
    input.current?.focus();
  }, []);

  useDismiss(!closing, [panel, toggleRef], (reason) => onClose(reason === 'escape'));
  // While open, the page behind is out of reach (issue 22); the toggle stays, it closes the search.
  useInertOutside(!closing, [panel, toggleRef]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = term.trim();
    if (!q) return;
    setSearching(true);
    navigate(paths.search(q));
    onClose(false);
  };

  const fill = (suggestion: string) => {
    setTerm(suggestion);
    input.current?.focus();
  };

  return (
    <div
      ref={panel}
      id={id}
      className={`sh-search ${closing ? 'is-closing' : 'is-open'}`}
      style={closing ? { animationDuration: `${SEARCH_CLOSE_MS}ms` } : undefined}
    >
      <div className="sh-search__inner">
        <form className="sh-search__form" role="search" aria-label="Products" onSubmit={submit}>
          <SearchIcon size={20} />
          <input
            ref={input}
            className="sh-search__input"
            type="search"
            name="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder="Search for products, brands, categories..."
            aria-label="Search for products, brands, categories"
            autoComplete="off"
            enterKeyHint="search"
          />
          {searching ? <Spinner label="Searching" size={20} /> : null}
          <button type="submit" className="sh-search__submit">
            Search
          </button>
          <button type="button" className="sh-iconbtn sh-search__close" aria-label="Close search" onClick={() => onClose(true)}>
            <CloseIcon />
          </button>
        </form>
        <section className="sh-search__suggestions" aria-labelledby={headingId}>
          <h2 id={headingId} className="sh-search__heading">
            Suggested Search Terms
          </h2>
          <ul className="sh-search__chips">
            {SEARCH_SUGGESTIONS.map((s) => (
              <li key={s}>
                <button type="button" className="sh-chip" onClick={() => fill(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
