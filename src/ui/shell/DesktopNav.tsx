import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import * as zhCN from '../../i18n/zh-CN';
import { DESKTOP_NAV, isGroup, type NavGroup } from './navigation';

function Submenu({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  // Remembering where it was opened closes the submenu by itself once the reader navigates.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (value: boolean) => setOpenAt(value ? pathname : null);
  const root = useRef<HTMLLIElement>(null);
  const active = group.children.some((child) => child.path === pathname);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event.type === 'pointerdown' && root.current?.contains(event.target as Node)) return;
      setOpenAt(null);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <li
      ref={root}
      className="nav__item nav__item--group"
      data-open={open}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className="nav__link"
        data-active={active}
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen(!open)}
      >
        {group.label}
        <ChevronDown className="nav__chevron" aria-hidden="true" />
      </button>
      <ul className="nav__submenu">
        {group.children.map(({ path, label, Icon }) => (
          <li key={path}>
            <NavLink to={path} className="nav__sublink">
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
