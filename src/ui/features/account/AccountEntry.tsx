import { useSelector } from '../../hooks/useSelector';
import { ChevronDown, LogIn } from 'lucide-react';
import { Suspense, useEffect, useState, type ButtonHTMLAttributes } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { displayName, type UserInfo } from '../../../domain/account/account';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { useHydrated } from '../../app/pageData';
import { useOnceTrue } from '../../hooks/lazyPart';
import { useCurrentActor } from '../../hooks/useActorLoader';
import * as zhCN from '../../../i18n/zh-CN';
import { NotificationBell } from '../notifications/NotificationBell';
import { Avatar } from './Avatar';
import { loginDialog, notificationDrawer, passwordChangeDialog, twoStepRequiredDialog, userMenu } from './lazyParts';
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

/** The avatar button; the dropdown behind it is fetched on first use and then owns the button. */
function UserMenuEntry({ user }: { user: UserInfo }) {
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const button = (extra: ButtonHTMLAttributes<HTMLButtonElement> = {}) => (
    <button
      type="button"
      className="nav__link account-entry__trigger site-header__wide"
      aria-haspopup="menu"
      {...extra}
    >
      {/* In the content, not aria-label: the name shown beside the avatar must be part of the button's name. */}
      <span className="visually-hidden">{zhCN.session.userMenu}</span>
      <Avatar user={user} size={28} />
      <span className="account-entry__name">{displayName(user)}</span>
      <ChevronDown className="nav__chevron" aria-hidden="true" />
    </button>
  );
  const eager = button({
    onPointerEnter: userMenu.preload,
    onFocus: userMenu.preload,
    onClick: () => {
      setRequested(true);
      setOpen(true);
    },
  });
  if (!requested) return eager;
  return (
    <Suspense fallback={eager}>
      <userMenu.Component trigger={button()} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}

/**
 * The header's account slot. Signed out: the 登录 button. Signed in: the message bell and the avatar menu
 * (个人中心, 退出登录). Narrow screens reach the login and those through the phone menu's AccountAvatar
 * instead: header.css hides the `site-header__wide` buttons there. It also hosts the login dialog and the
 * message drawer. Both overlays are fetched the first time they open and stay mounted afterwards.
 */
export function AccountEntry() {
  const { user, openLogin } = useAccount();
  const session = useService(TOKENS.session);
  const notifications = useCurrentActor(useService(TOKENS.notifications)) ?? undefined;
  const dialogMounted = useOnceTrue(useSelector(session, (s) => s.context.dialog !== 'closed'));
  const drawerMounted = useOnceTrue(useSelector(notifications, (s) => s?.context.drawerOpen ?? false));
  // After hydration only: the server's markup has no dialog, whoever is signed in.
  const hydrated = useHydrated();
  useLeaveUserCenterOnLogout();

  return (
    <div className="account-entry">
      {user ? (
        <>
          <NotificationBell onIntent={notificationDrawer.preload} />
          <UserMenuEntry user={user} />
        </>
      ) : (
        <button
          type="button"
          className="nav__link site-header__wide"
          onPointerEnter={loginDialog.preload}
          onFocus={loginDialog.preload}
          onClick={openLogin}
        >
          <LogIn className="nav__icon" aria-hidden="true" />
          {zhCN.nav.login}
        </button>
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <loginDialog.Component />
        </Suspense>
      )}
      {user && drawerMounted && (
        <Suspense fallback={null}>
          <notificationDrawer.Component />
        </Suspense>
      )}
      {user?.mustChangePassword && hydrated && (
        <Suspense fallback={null}>
          <passwordChangeDialog.Component />
        </Suspense>
      )}
      {user?.mustSetUpTwoStep && hydrated && (
        <Suspense fallback={null}>
          <twoStepRequiredDialog.Component />
        </Suspense>
      )}
    </div>
  );
}
