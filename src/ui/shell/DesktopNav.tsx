import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import * as zhCN from '../../i18n/zh-CN';
import { DESKTOP_NAV, isGroup, type NavGroup } from './navigation';
import { nextSubmenuMode, type SubmenuEvent, type SubmenuMode } from './submenuMode';

/**
 * A menu button (WAI-ARIA "menu button" pattern): opens on hover and on click without the two fighting
 * (see submenuMode), and from the keyboard (Enter, Space, ArrowDown / ArrowUp); arrows, Home and End move
 * between the entries, Escape closes and gives focus back to the button. Hand-written rather than Radix's
 * dropdown: the header is in every first load, and the entries stay in the server-rendered markup.
 */
function Submenu({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  // Remembering where it was opened closes the submenu by itself once the reader navigates.
  const [state, setState] = useState<{ mode: SubmenuMode; at: string }>({ mode: 'closed', at: pathname });
  const mode = state.at === pathname ? state.mode : 'closed';
  const open = mode !== 'closed';
  const send = (event: SubmenuEvent) => setState({ mode: nextSubmenuMode(mode, event), at: pathname });
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** The entry to focus once the menu is shown (it cannot take focus while hidden). */
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const id = useId();
  const active = group.children.some((child) => child.path === pathname);

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (which: 'first' | 'last' | number) => {
    const all = items();
    const index = which === 'first' ? 0 : which === 'last' ? all.length - 1 : (which + all.length) % all.length;
    all[index]?.focus();
  };

  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusItem(focusOnOpen.current);
    focusOnOpen.current = null;
  });

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event.type === 'pointerdown' && root.current?.contains(event.target as Node)) return;
      setState((current) => ({ ...current, mode: 'closed' }));
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const openWithFocus = (which: 'first' | 'last') => {
    focusOnOpen.current = which;
    if (open) focusItem(which);
    send('key.open');
  };

  const onTriggerKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      // Handled here, so the button's own click (on Enter's keydown, on Space's keyup) does not follow.
      event.preventDefault();
      if (mode === 'pinned') send('dismiss');
      else openWithFocus('first');
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWithFocus(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const current = items().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, 'first' | 'last' | number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 'first',
      End: 'last',
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      focusItem(move);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      send('dismiss');
      button.current?.focus();
    } else if (event.key === 'Tab') {
      send('dismiss');
    }
  };

  const onPointer = (event: PointerEvent, kind: 'pointer.enter' | 'pointer.leave') => {
    // A touch "enters" on the tap that also clicks: only a mouse hovers.
    if (event.pointerType === 'mouse') send(kind);
  };

  return (
    <li
      ref={root}
      className="nav__item nav__item--group"
      data-open={open}
      onPointerEnter={(event) => onPointer(event, 'pointer.enter')}
      onPointerLeave={(event) => onPointer(event, 'pointer.leave')}
      onBlur={(event) => {
        // Focus moving on to something else on the page closes what a click or a key opened.
        const next = event.relatedTarget as Node | null;
        if (mode === 'pinned' && next && !root.current?.contains(next)) send('dismiss');
      }}
    >
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className="nav__link"
        data-active={active}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => send('trigger.toggle')}
        onKeyDown={onTriggerKeyDown}
      >
        {group.label}
        <ChevronDown className="nav__chevron" aria-hidden="true" />
      </button>
      <ul id={`${id}-menu`} className="nav__submenu" role="menu" aria-labelledby={`${id}-button`} onKeyDown={onMenuKeyDown}>
        {group.children.map(({ path, label, Icon }) => (
          <li key={path} role="none">
            <NavLink to={path} className="nav__sublink" role="menuitem" tabIndex={-1} onClick={() => send('dismiss')}>
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function DesktopNav() {
  return (
    <nav className="nav" aria-label={zhCN.nav.mainNav}>
      <ul className="nav__list">
        {DESKTOP_NAV.map((entry) =>
          isGroup(entry) ? (
            <Submenu key={entry.label} group={entry} />
          ) : (
            <li key={entry.path} className="nav__item">
              <NavLink to={entry.path} className="nav__link">
                <entry.Icon className="nav__icon" aria-hidden="true" />
                {entry.label}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
