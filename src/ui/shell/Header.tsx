import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AccountEntry } from '../features/account/AccountEntry';
import { SearchEntry } from '../features/search/SearchEntry';
import { useIsDesktop } from '../hooks/useMediaQuery';
import { useHeaderScroll } from '../hooks/useScroll';
import { useSiteInfoState } from '../hooks/useSiteInfo';
import * as zhCN from '../../i18n/zh-CN';
import { DesktopNav } from './DesktopNav';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileDrawer } from './MobileDrawer';
import { ThemeSwitch } from './ThemeSwitch';
import './header.css';

/**
 * The site header: transparent near the top, slides away while the reader scrolls down and comes back
 * on the way up. Wide screens get the menu, narrow ones a drawer.
 */
export function Header() {
  const { transparent, hidden } = useHeaderScroll();
  const desktop = useIsDesktop();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { info, failed } = useSiteInfoState();
  const name = info?.name ?? (failed ? zhCN.site.defaultName : '');

  return (
    <header
      className="site-header"
      data-transparent={transparent}
      data-hidden={hidden}
      data-layout={desktop ? 'desktop' : 'mobile'}
    >
      <div className="site-header__inner">
        <div className="site-header__start">
          {!desktop && pathname === '/home' && (
            <button type="button" className="icon-button" aria-label={zhCN.nav.back} onClick={() => navigate(-1)}>
              <ArrowLeft aria-hidden="true" />
            </button>
          )}
          <Link to="/home" className="site-header__brand">
            {name}
          </Link>
        </div>
        {desktop && <DesktopNav />}
        <div className="site-header__actions">
          <SearchEntry />
          {/* On a phone the language is chosen in the drawer, where there is room. */}
          {desktop && <LanguageSwitch />}
          <ThemeSwitch />
          {/* Always mounted: it also hosts the login dialog and the message drawer. */}
          <AccountEntry />
          {!desktop && <MobileDrawer />}
        </div>
      </div>
    </header>
  );
}
