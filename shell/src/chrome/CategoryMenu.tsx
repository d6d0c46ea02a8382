import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { Link } from '@storefront/shared/router';
import { CATEGORY_DROPDOWN_LIMIT, HOVER_CLOSE_MS, paths, useStores } from '@storefront/shared';
import { CategoryList } from './CategoryList';
import { ChevronDownIcon } from './icons';
import { useDismiss } from './useDismiss';

/**
 * Hover intent for a nav menu: opens on pointer enter, closes HOVER_CLOSE_MS (spec §9: 300 ms) after the
 * pointer leaves, so crossing the gap between the nav item and its panel does not close it.
 */
export function useHoverMenu() {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Opened by the pointer arriving: the click that usually follows must not close it again. */
  const byHover = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);
  return {
    open,
    setOpen: (v: boolean) => {
      cancel();
      byHover.current = false;
      setOpen(v);
    },
    /** The menu's button: opens or closes it (keyboard, touch, or a second click). */
    toggle: () => {
      cancel();
      const keepOpen = open && byHover.current;
      byHover.current = false;
      if (!keepOpen) setOpen(!open);
    },
    onMouseEnter: () => {
      cancel();
      if (!open) byHover.current = true;
      setOpen(true);
    },
    onMouseLeave: () => {
      cancel();
      timer.current = setTimeout(() => {
        byHover.current = false;
        setOpen(false);
      }, HOVER_CLOSE_MS);
    },
  };
}

/**
 * Escape or a press outside the nav item closes an open menu (touch screens have no hover-out); Escape
 * gives focus back to the toggle when focus was inside.
 */
export function useNavMenuDismiss(
  open: boolean,
  item: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
  close: () => void,
) {
  useDismiss(open, [item], (reason) => {
    const hadFocus = !!item.current?.contains(document.activeElement);
    close();
    if (reason === 'escape' && hadFocus) toggle.current?.focus();
  });
}

/** Closes a nav menu when keyboard focus leaves its item (Tab past the last link). */
export function closeOnBlurOutside(close: () => void) {
  return (e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget as Node | null;
    if (!next || !e.currentTarget.contains(next)) close();
  };
}

/**
 * The desktop Category dropdown of spec §2: the first 10 categories, then Show more / Show less; opens on
 * hover or with its button, closes 300 ms after the pointer leaves, on Escape or when focus moves away.
 */
export const CategoryMenu = observer(function CategoryMenu() {
  const { storeInfo } = useStores();
  const menu = useHoverMenu();
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLLIElement>(null);
  useNavMenuDismiss(menu.open, item, toggle, () => menu.setOpen(false));
  return (
    <li
      ref={item}
      className="sh-nav__item sh-navmenu"
      onMouseEnter={menu.onMouseEnter}
      onMouseLeave={menu.onMouseLeave}
      onBlur={closeOnBlurOutside(() => menu.setOpen(false))}
    >
      <button
        ref={toggle}
        type="button"
        className="sh-nav__link sh-navmenu__toggle"
        aria-expanded={menu.open}
        aria-controls={panelId}
        onClick={menu.toggle}
      >
        Category <ChevronDownIcon size={16} />
      </button>
      <div id={panelId} className="sh-navmenu__panel sh-catmenu" hidden={!menu.open}>
        <CategoryList categories={storeInfo.categories} limit={CATEGORY_DROPDOWN_LIMIT} onNavigate={() => menu.setOpen(false)} />
        <Link className="sh-catmenu__all" to={paths.categories} onClick={() => menu.setOpen(false)}>
          All categories
        </Link>
      </div>
    </li>
  );
});
