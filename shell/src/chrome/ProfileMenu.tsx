import { useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { Link } from '@storefront/shared/router';
import { paths } from '@storefront/shared';
import { LogoutIcon, OrdersIcon, UserIcon } from './icons';
import { useDismiss } from './useDismiss';
import './ProfileMenu.css';

export interface ProfileMenuProps {
  id: string;
  name: string;
  /** The profile button and this menu: presses inside it are not "outside". */
  containerRef: RefObject<HTMLElement | null>;
  /** `returnFocus` when closed with Escape. */
  onClose: (returnFocus: boolean) => void;
  onLogout: () => void;
}

/**
 * The signed-in profile dropdown of spec §2: My Account ('Manage your profile'), My Orders and Logout.
 * It closes on an outside click, on Escape, or when an item is chosen. Arrow keys move between items.
 */
export default function ProfileMenu({ id, name, containerRef, onClose, onLogout }: ProfileMenuProps) {
  const menu = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  useDismiss(true, [containerRef], (reason) => onClose(reason === 'escape'));

  const onKeyDown = (e: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (e.key === 'ArrowDown') next = items[(i + 1) % items.length];
    else if (e.key === 'ArrowUp') next = items[(i - 1 + items.length) % items.length];
    else if (e.key === 'Home') next = items[0];
    else if (e.key === 'End') next = items[items.length - 1];
    else if (e.key === 'Tab') onClose(false);
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  return (
    <div ref={menu} id={id} className="sh-profile__menu" role="menu" tabIndex={-1} aria-label="Account" onKeyDown={onKeyDown}>
      {name ? <p className="sh-profile__name">{name}</p> : null}
      <Link role="menuitem" className="sh-profile__item" to={paths.myAccount.profile} onClick={() => onClose(false)}>
        <UserIcon size={18} />
        <span>
          <span className="sh-profile__title">My Account</span>
          <span className="sh-profile__hint">Manage your profile</span>
        </span>
      </Link>
      <Link role="menuitem" className="sh-profile__item" to={paths.myAccount.orders} onClick={() => onClose(false)}>
        <OrdersIcon size={18} />
        <span className="sh-profile__title">My Orders</span>
      </Link>
      <button role="menuitem" type="button" className="sh-profile__item" onClick={onLogout}>
        <LogoutIcon size={18} />
        <span className="sh-profile__title">Logout</span>
      </button>
    </div>
  );
}
