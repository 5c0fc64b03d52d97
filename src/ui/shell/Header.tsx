import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AccountEntry } from '../features/account/AccountEntry';
import { SearchEntry } from '../features/search/SearchEntry';
import { useHeaderScroll } from '../hooks/useScroll';
import { useSiteInfoState } from '../hooks/useSiteInfo';
import * as zhCN from '../../i18n/zh-CN';
import { DesktopNav } from './DesktopNav';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileMenu } from './MobileMenu';
import { ThemeSwitch } from './ThemeSwitch';
import './header.css';

/**
 * The site header: transparent near the top, slides away while the reader scrolls down and comes back
 * on the way up. Wide screens get the menu, narrow ones the back button and the phone menu: both are
 * rendered and header.css picks them by the width, so the server's header is the app's on every width.
 */
export function Header() {
  const { transparent, hidden } = useHeaderScroll();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { info, failed } = useSiteInfoState();
  const name = info?.name ?? (failed ? zhCN.site.defaultName : '');

  return (
    <header className="site-header" data-transparent={transparent} data-hidden={hidden}>
      <div className="site-header__inner">
        <div className="site-header__start">
          {pathname === '/home' && (
            <button
              type="button"
              className="icon-button site-header__narrow"
              aria-label={zhCN.nav.back}
              onClick={() => navigate(-1)}
            >
              <ArrowLeft aria-hidden="true" />
            </button>
          )}
          <Link to="/home" className="site-header__brand">
            {name}
          </Link>
        </div>
        <DesktopNav />
        <div className="site-header__actions">
          <SearchEntry />
          {/* On a phone the language is chosen in the menu, where there is room. */}
          <LanguageSwitch className="site-header__wide" />
          <ThemeSwitch />
          {/* It also hosts the login dialog and the message drawer. */}
          <AccountEntry />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
