import { observer } from 'mobx-react-lite';
import { useCallback, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useNavigate } from '@storefront/shared/router';
import { HydrationBoundary, paths, SEARCH_CLOSE_MS, useClosingState, useStores } from '@storefront/shared';
import { CategoryMenu, closeOnBlurOutside, useHoverMenu, useNavMenuDismiss } from './CategoryMenu';
import {
  AddressIcon,
  CartIcon,
  ChevronDownIcon,
  HeartIcon,
  LogoutIcon,
  MenuIcon,
  OrdersIcon,
  PasswordIcon,
  SearchIcon,
  UserIcon,
} from './icons';
import { ChunkBoundary, lazyWithPreload } from './lazy';

// Spec §2 overlays of the header load on first use, each its own named chunk (issue 8: nothing but the
// chrome's first paint in the initial JS).
const SearchDropdown = lazyWithPreload(() => import(/* webpackChunkName: "HeaderSearch" */ './SearchDropdown'));
const ProfileMenu = lazyWithPreload(() => import(/* webpackChunkName: "ProfileMenu" */ './ProfileMenu'));
const LogoutDialog = lazyWithPreload(() => import(/* webpackChunkName: "LogoutDialog" */ './LogoutDialog'));
const MegaMenu = lazyWithPreload(() => import(/* webpackChunkName: "MegaMenu" */ './MegaMenu'));
const MobileMenu = lazyWithPreload(() => import(/* webpackChunkName: "MobileMenu" */ './MobileMenu'));

const navClass = ({ isActive }: { isActive: boolean }) => `sh-nav__link${isActive ? ' is-active' : ''}`;

/** An overlay that keeps its component mounted after the first open, so it can animate its closing. */
function useOverlay() {
  const [state, setState] = useState({ requested: false, open: false });
  // Stable handlers: the shared Modal/Drawer re-run their focus effect when `onClose` changes.
  const show = useCallback(() => setState({ requested: true, open: true }), []);
  const hide = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { ...state, show, hide };
}

/** The Shop nav item: a link to /shop, and on hover (or its button) the category carousel mega-menu. */
function ShopMenu() {
  const menu = useHoverMenu();
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLLIElement>(null);
  useNavMenuDismiss(menu.open, item, toggle, () => menu.setOpen(false));
  return (
    <li
      ref={item}
      className="sh-nav__item sh-navmenu sh-navmenu--wide"
      onMouseEnter={() => {
        MegaMenu.preload();
        menu.onMouseEnter();
      }}
      onMouseLeave={menu.onMouseLeave}
      onBlur={closeOnBlurOutside(() => menu.setOpen(false))}
    >
      <NavLink to={paths.shop()} className={navClass} onClick={() => menu.setOpen(false)}>
        Shop
      </NavLink>
      <button
        ref={toggle}
        type="button"
        className="sh-navmenu__chevron"
        aria-label="Shop by category"
        aria-expanded={menu.open}
        aria-controls={panelId}
        onFocus={MegaMenu.preload}
        onClick={menu.toggle}
      >
        <ChevronDownIcon size={16} />
      </button>
      <div id={panelId} className="sh-navmenu__panel sh-mega" hidden={!menu.open}>
        {menu.open ? (
          <ChunkBoundary>
            <HydrationBoundary fallback={<div className="sh-mega__placeholder" />}>
              <MegaMenu onNavigate={() => menu.setOpen(false)} />
            </HydrationBoundary>
          </ChunkBoundary>
        ) : null}
      </div>
    </li>
  );
}

/** A header overlay's chunk, rendered on the client only and nothing while its chunk fails. */
function LazyPart({ children }: { children: ReactNode }) {
  return (
    <ChunkBoundary>
      <HydrationBoundary fallback={null}>{children}</HydrationBoundary>
    </ChunkBoundary>
  );
}

function Brand({ name, logo }: { name: string; logo: string }) {
  return (
    <Link to={paths.home} className="sh-brand" aria-label={`${name} home`}>
      {logo ? (
        <img className="sh-brand__logo" src={logo} alt="" width={140} height={40} decoding="async" />
      ) : (
        <span className="sh-brand__name">{name}</span>
      )}
    </Link>
  );
}

function MainNav() {
  return (
    <nav className="sh-nav" aria-label="Main">
      <ul className="sh-nav__list">
        <li className="sh-nav__item">
          <NavLink to={paths.home} end className={navClass}>
            Home
          </NavLink>
        </li>
        <CategoryMenu />
        <ShopMenu />
        <li className="sh-nav__item">
          <NavLink to={paths.about} className={navClass}>
            About
          </NavLink>
        </li>
        <li className="sh-nav__item">
          <NavLink to={paths.contact} className={navClass}>
            Contact
          </NavLink>
        </li>
        <li className="sh-nav__item">
          <NavLink to={paths.trackOrder()} className={navClass}>
            Track Order
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** Wishlist for everyone; orders, address and password for a signed-in shopper (wide screens only). */
function AccountLinks({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <NavLink to={paths.myAccount.wishlist} className="sh-iconbtn sh-actions__wide" aria-label="Wishlist">
        <HeartIcon />
      </NavLink>
      {signedIn ? (
        <>
          <NavLink to={paths.myAccount.orders} className="sh-iconbtn sh-actions__xl" aria-label="My orders">
            <OrdersIcon />
          </NavLink>
          <NavLink to={paths.myAccount.address} className="sh-iconbtn sh-actions__xl" aria-label="Address">
            <AddressIcon />
          </NavLink>
          <NavLink to={paths.myAccount.password} className="sh-iconbtn sh-actions__xl" aria-label="Change password">
            <PasswordIcon />
          </NavLink>
        </>
      ) : null}
    </>
  );
}

const CartButton = observer(function CartButton() {
  const { cart } = useStores();
  const count = cart.count;
  return (
    <button
      type="button"
      className="sh-iconbtn sh-cartbtn"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      onClick={() => cart.open()}
    >
      <CartIcon />
      <span className="sh-badge" data-testid="cart-count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
});

interface ProfileProps {
  signedIn: boolean;
  open: boolean;
  setOpen: (update: (open: boolean) => boolean) => void;
  name: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onLogout: () => void;
}

/** The profile button: sign-in for a guest, the account menu (with logout) for a signed-in shopper. */
function Profile({ signedIn, open, setOpen, name, buttonRef, onLogout }: ProfileProps) {
  const navigate = useNavigate();
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const onClick = () => {
    if (!signedIn) {
      navigate(paths.signin);
      return;
    }
    setOpen((v) => !v);
  };
  return (
    <div className="sh-profile" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="sh-iconbtn"
        aria-label={signedIn ? 'Account menu' : 'Sign in'}
        aria-haspopup={signedIn ? 'menu' : undefined}
        aria-expanded={signedIn ? open : undefined}
        aria-controls={signedIn && open ? menuId : undefined}
        onMouseEnter={signedIn ? ProfileMenu.preload : undefined}
        onClick={onClick}
      >
        <UserIcon />
      </button>
      {signedIn && open ? (
        <LazyPart>
          <ProfileMenu
            id={menuId}
            name={name}
            containerRef={containerRef}
            onClose={(returnFocus) => {
              setOpen(() => false);
              if (returnFocus) buttonRef.current?.focus();
            }}
            onLogout={onLogout}
          />
        </LazyPart>
      ) : null}
    </div>
  );
}

/** The search button and its dropdown, which stays mounted while it animates its closing. */
function useHeaderSearch() {
  const [open, setOpen] = useState(false);
  const search = useClosingState(open, SEARCH_CLOSE_MS);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  const button = (
    <button
      ref={toggle}
      type="button"
      className="sh-iconbtn"
      aria-label={open ? 'Close search' : 'Search products'}
      aria-expanded={open}
      aria-controls={search.mounted ? id : undefined}
      onMouseEnter={SearchDropdown.preload}
      onFocus={SearchDropdown.preload}
      onClick={() => setOpen((v) => !v)}
    >
      <SearchIcon />
    </button>
  );
  const dropdown = search.mounted ? (
    <LazyPart>
      <SearchDropdown
        id={id}
        closing={search.closing}
        toggleRef={toggle}
        onClose={(returnFocus) => {
          setOpen(false);
          if (returnFocus) toggle.current?.focus();
        }}
      />
    </LazyPart>
  ) : null;
  return { button, dropdown };
}

export interface HeaderProps {
  /** Scrolling has started: shadow (spec §2). */
  scrolled: boolean;
  /** Scrolled past 60 px: the header shrinks (spec §2). */
  shrunk: boolean;
}

/**
 * The header bar of spec §2: brand, navigation with the Category dropdown and Shop mega-menu, search,
 * the account icons, the cart count (opening the cart panel), the profile menu with logout, and the
 * mobile menu button.
 */
export const Header = observer(function Header({ scrolled, shrunk }: HeaderProps) {
  const { auth, storeInfo } = useStores();
  const signedIn = auth.isAuthenticated;
  const search = useHeaderSearch();
  const [profileOpen, setProfileOpen] = useState(false);
  const profileButton = useRef<HTMLButtonElement>(null);
  const drawer = useOverlay();
  const logout = useOverlay();
  const menuButton = useRef<HTMLButtonElement>(null);

  /**
   * The dialog gives focus back to whatever had it when it opened: the button that opened the menu,
   * not a menu item that is about to disappear.
   */
  const openLogout = (returnTo: HTMLElement | null) => {
    setProfileOpen(false);
    drawer.hide();
    returnTo?.focus();
    LogoutDialog.preload();
    logout.show();
  };
  const requestLogout = () => openLogout(profileButton.current);
  const info = storeInfo.info;

  return (
    <div className={`sh-header${scrolled ? ' is-scrolled' : ''}${shrunk ? ' is-shrunk' : ''}`}>
      <div className="sh-header__inner">
        <button
          ref={menuButton}
          type="button"
          className="sh-iconbtn sh-header__menu"
          aria-label="Open menu"
          aria-expanded={drawer.open}
          onMouseEnter={MobileMenu.preload}
          onClick={drawer.show}
        >
          <MenuIcon />
        </button>
        <Brand name={info.store_name} logo={info.logo} />
        <MainNav />
        <div className="sh-actions">
          {search.button}
          <AccountLinks signedIn={signedIn} />
          <CartButton />
          <Profile
            signedIn={signedIn}
            open={profileOpen}
            setOpen={setProfileOpen}
            name={auth.displayName}
            buttonRef={profileButton}
            onLogout={requestLogout}
          />
          {signedIn ? (
            <button type="button" className="sh-iconbtn sh-actions__xl" aria-label="Logout" onClick={requestLogout}>
              <LogoutIcon />
            </button>
          ) : null}
        </div>
      </div>
      {search.dropdown}
      {drawer.requested ? (
        <LazyPart>
          <MobileMenu open={drawer.open} onClose={drawer.hide} onLogout={() => openLogout(menuButton.current)} />
        </LazyPart>
      ) : null}
      {logout.requested ? (
        <LazyPart>
          <LogoutDialog open={logout.open} onClose={logout.hide} />
        </LazyPart>
      ) : null}
    </div>
  );
});
