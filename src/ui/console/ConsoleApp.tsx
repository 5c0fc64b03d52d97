import { useSelector } from '../hooks/useSelector';
import { ArrowLeft, Menu, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Route, Routes } from 'react-router-dom';
import { displayName } from '../../domain/account/account';
import * as zhCN from '../../i18n/zh-CN';
import { TOKENS } from '../../ports/tokens';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { Avatar } from '../features/account/Avatar';
import { NoticeToaster } from '../shell/NoticeToaster';
import { CONSOLE_SECTIONS } from './sections';
import './console.css';

const text = zhCN.console;

/** A path inside the console that no section answers. */
function ConsoleNotFound() {
  return (
    <section className="console-empty">
      <h1>{text.pageNotFound}</h1>
      <Link className="button button--primary" to="/admin">
        {text.backToOverview}
      </Link>
    </section>
  );
}

function ConsoleNavigation({ onNavigate }: { onNavigate: () => void }) {
  return (
    <nav className="console-nav" aria-label={text.navigation}>
      {CONSOLE_SECTIONS.filter((section) => section.nav).map((section) => (
        <NavLink
          key={section.path}
          to={section.path === '' ? '/admin' : `/admin/${section.path}`}
          end={section.path === ''}
          className="console-nav__link"
          onClick={onNavigate}
        >
          {section.nav?.icon}
          <span>{section.nav?.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

/** The console: a side navigation (a drawer on a phone), the administrator, and the section's page. */
export default function ConsoleApp() {
  useService(TOKENS.theme);
  const user = useSelector(useService(TOKENS.session), (snapshot) => snapshot.context.user);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    document.title = text.title;
  }, []);

  return (
    <div className="console" data-menu-open={menuOpen}>
      <header className="console-bar">
        <button
          type="button"
          className="icon-button console-bar__menu"
          aria-label={menuOpen ? text.closeMenu : text.openMenu}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <Link to="/admin" className="console-bar__title">
          {text.title}
        </Link>
        <a href="/home" className="console-bar__back">
          <ArrowLeft aria-hidden="true" />
          <span>{text.backToSite}</span>
        </a>
        {user && (
          <span className="console-bar__user" title={`${text.signedInAs}：${displayName(user)}`}>
            <Avatar user={user} size={28} />
            <span className="console-bar__name">{displayName(user)}</span>
          </span>
        )}
      </header>
      <aside className="console-side">
        <ConsoleNavigation onNavigate={() => setMenuOpen(false)} />
      </aside>
      <div className="console-scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />
      <main className="console-main" id="main">
        <Suspense fallback={<Loading />}>
          <Routes>
            {CONSOLE_SECTIONS.map(({ path, Page }) => (
              <Route key={path} index={path === ''} path={path === '' ? undefined : path} element={<Page />} />
            ))}
            <Route path="*" element={<ConsoleNotFound />} />
          </Routes>
        </Suspense>
      </main>
      <NoticeToaster />
    </div>
  );
}
