import { useNavigate } from 'react-router-dom';
import { displayName } from '../../../domain/account/account';
import * as zhCN from '../../../i18n/zh-CN';
import { Avatar } from './Avatar';
import { useAccount } from './useAccount';
import './account.css';

/**
 * The phone menu's account block: the avatar and name (click → personal centre) when signed in,
 * a "去登录" avatar that opens the login dialog otherwise. `onNavigate` lets the menu close itself.
 */
export function AccountAvatar({ onNavigate, size = 72 }: { onNavigate?: () => void; size?: number }) {
  const { user, openLogin } = useAccount();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="account-avatar-entry"
      onClick={() => {
        onNavigate?.();
        if (user) navigate('/userCenter');
        else openLogin();
      }}
    >
      <Avatar user={user} size={size} />
      <span className="account-avatar-entry__name">{user ? displayName(user) : zhCN.nav.goLogin}</span>
    </button>
  );
}
