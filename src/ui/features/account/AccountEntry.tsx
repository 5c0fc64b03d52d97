import { ChevronDown, LogIn, LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { displayName } from '../../../domain/account/account';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { useIsDesktop } from '../../hooks/useMediaQuery';
import { zhCN } from '../../i18n/zh-CN';
import { NotificationBell } from '../notifications/NotificationBell';
import { NotificationDrawer } from '../notifications/NotificationDrawer';
import { Avatar } from './Avatar';
import { LoginDialog } from './LoginDialog';
import { useAccount } from './useAccount';
import './account.css';

/** Spec: logging out on the personal centre leaves it for the home page. */
function useLeaveUserCenterOnLogout() {
  const session = useService(TOKENS.session);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const subscription = session.on('logout.succeeded', () => {
      if (pathname === '/userCenter') navigate('/home');
    });
    return () => subscription.unsubscribe();
  }, [session, navigate, pathname]);
}

function UserMenu() {
  const { user, logout } = useAccount();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="nav__link account-entry__trigger" aria-label={zhCN.account.userMenu}>
          <Avatar user={user} size={28} />
          <span className="account-entry__name">{displayName(user)}</span>
          <ChevronDown className="nav__chevron" aria-hidden="true" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="account-menu" align="end" sideOffset={8}>
          <DropdownMenu.Item className="account-menu__item" onSelect={() => navigate('/userCenter')}>
            <UserRound aria-hidden="true" />
            {zhCN.nav.userCenter}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="account-menu__item" onSelect={logout}>
            <LogOut aria-hidden="true" />
            {zhCN.nav.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The header's account slot. Signed out: the 登录 button. Signed in: the message bell and, on wide
 * screens, the avatar menu (个人中心, 退出登录); narrow screens reach those through the drawer's
 * AccountAvatar. It also hosts the login dialog and the message drawer, so render it in both layouts.
 */
export function AccountEntry() {
  const { loggedIn, openLogin } = useAccount();
  const desktop = useIsDesktop();
  useLeaveUserCenterOnLogout();

  return (
    <div className="account-entry">
      {loggedIn ? (
        <>
          <NotificationBell />
          {desktop && <UserMenu />}
        </>
      ) : (
        desktop && (
          <button type="button" className="nav__link" onClick={openLogin}>
            <LogIn className="nav__icon" aria-hidden="true" />
            {zhCN.nav.login}
          </button>
        )
      )}
      <LoginDialog />
      {loggedIn && <NotificationDrawer />}
    </div>
  );
}
