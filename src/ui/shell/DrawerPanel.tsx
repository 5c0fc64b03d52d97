import { ChevronRight, LogOut, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, type RefObject } from 'react';
import { NavLink } from 'react-router-dom';
import { AccountAvatar } from '../features/account/AccountAvatar';
import { useAccount } from '../features/account/useAccount';
import * as zhCN from '../../i18n/zh-CN';
import { LanguageSwitch } from './LanguageSwitch';
import { DRAWER_NAV, isGroup, type NavLinkItem } from './navigation';
import './drawer.css';

function DrawerLink({ item, onSelect }: { item: NavLinkItem; onSelect: () => void }) {
  return (
    <li>
      <NavLink to={item.path} className="drawer__link" onClick={onSelect}>
        <item.Icon aria-hidden="true" />
        <span>{item.label}</span>
        <ChevronRight className="drawer__chevron" aria-hidden="true" />
      </NavLink>
    </li>
  );
}

export interface DrawerPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets focus back when the drawer closes. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

/** The narrow-screen menu: a side drawer with the account avatar on top and every entry plus tags. */
export default function DrawerPanel({ open, onOpenChange, returnFocus }: DrawerPanelProps) {
  const close = () => onOpenChange(false);
  const content = useRef<HTMLDivElement>(null);
  const { loggedIn, busy, logout } = useAccount();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content
          ref={content}
          className="drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Unless something the drawer opened (the login dialog) has taken focus already.
            const active = document.activeElement;
            if (!active || active === document.body || content.current?.contains(active)) returnFocus.current?.focus();
          }}
        >
          <Dialog.Title className="visually-hidden">{zhCN.nav.menu}</Dialog.Title>
          <Dialog.Close asChild>
            <button type="button" className="icon-button drawer__close" aria-label={zhCN.nav.closeMenu}>
              <X aria-hidden="true" />
            </button>
          </Dialog.Close>
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
                        <DrawerLink key={child.path} item={child} onSelect={close} />
                      ))}
                    </ul>
                  </li>
                ) : (
                  <DrawerLink key={entry.path} item={entry} onSelect={close} />
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
