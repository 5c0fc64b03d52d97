import { ChevronRight, LogOut, Menu, X } from 'lucide-react';
import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { AccountAvatar } from '../features/account/AccountAvatar';
import { loginDialog } from '../features/account/lazyParts';
import { useAccount } from '../features/account/useAccount';
import * as zhCN from '../../i18n/zh-CN';
import { LanguageSwitch } from './LanguageSwitch';
import { DRAWER_NAV, isGroup, type NavLinkItem } from './navigation';
import './drawer.css';

/** What takes focus when the menu opens: its first control (the close button). */
const FIRST_CONTROL = '.drawer :is(a[href], button:not([disabled]))';

function DrawerLink({ item }: { item: NavLinkItem }) {
  return (
    <li>
      <NavLink to={item.path} className="drawer__link">
        <item.Icon aria-hidden="true" />
        <span>{item.label}</span>
        <ChevronRight className="drawer__chevron" aria-hidden="true" />
      </NavLink>
    </li>
  );
}

/**
 * The narrow-screen menu: a side drawer with the account avatar on top and every entry plus tags. A
 * `<details>` the server renders whole, so a tap opens it before the app is live (not `popover`: older
 * Android WebViews and WeChat's browser lack it); header.css hides it on wide screens. Until the app is live
 * src/boot.ts moves focus into it and closes it on Escape, the backdrop or ✕ (the `data-menu-close`
 * elements); from then on this component does, on the same element.
 */
export function MobileMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const { loggedIn, busy, logout } = useAccount();
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  const closeToButton = () => {
    close();
    menu.current?.querySelector('summary')?.focus();
  };
  // Reaching a page through the menu shows it without the menu. Not on the app's start: a menu the reader
  // opened before it stays open.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  const onToggle = () => {
    if (!menu.current?.open) return;
    menu.current.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
    // Signed out, the login dialog is the likely next step: fetch it while the reader looks.
    if (!loggedIn) loginDialog.preload();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    event.preventDefault();
    closeToButton();
  };
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('[data-menu-close]')) closeToButton();
  };
  // Tabbing past the last entry leaves the menu: it closes rather than cover the page being tabbed through.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) close();
  };

  return (
    <details
      ref={menu}
      className="mobile-menu site-header__narrow"
      onToggle={onToggle}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onBlur={onBlur}
    >
      <summary className="icon-button" aria-label={zhCN.nav.menu}>
        <Menu aria-hidden="true" />
      </summary>
      <div className="drawer__overlay" data-menu-close="" />
      {/* A dialog that is not modal: focus moves into it and comes back, the page stays reachable. */}
      <div className="drawer" role="dialog" aria-label={zhCN.nav.menu}>
        <button type="button" className="icon-button drawer__close" aria-label={zhCN.nav.closeMenu} data-menu-close="">
          <X aria-hidden="true" />
        </button>
        <div className="drawer__account">
          <AccountAvatar onNavigate={close} />
        </div>
        <LanguageSwitch className="drawer__language" />
        <nav aria-label={zhCN.nav.mainNav}>
          <ul className="drawer__list">
            {DRAWER_NAV.map((entry) =>
              isGroup(entry) ? (
                <li key={entry.label} className="drawer__group">
                  <span className="drawer__group-label">{entry.label}</span>
                  <ul className="drawer__list">
                    {entry.children.map((child) => (
                      <DrawerLink key={child.path} item={child} />
                    ))}
                  </ul>
                </li>
              ) : (
                <DrawerLink key={entry.path} item={entry} />
              ),
            )}
          </ul>
        </nav>
        {loggedIn && (
          <button
            type="button"
            className="drawer__link drawer__logout"
            disabled={busy}
            onClick={() => {
              close();
              logout();
            }}
          >
            <LogOut aria-hidden="true" />
            <span>{zhCN.nav.logout}</span>
          </button>
        )}
      </div>
    </details>
  );
}
