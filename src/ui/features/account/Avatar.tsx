import { UserRound } from 'lucide-react';
import { displayName, type UserInfo } from '../../../domain/account/account';
import { imageSrcSet } from '../../../domain/media/imageVariants';
import * as zhCN from '../../../i18n/zh-CN';

/** A user's round avatar, or a placeholder icon when they have none (or nobody is signed in). */
export function Avatar({ user, size = 32 }: { user: UserInfo | null; size?: number }) {
  if (user?.avatar) {
    return (
      <img
        className="account-avatar"
        src={user.avatar}
        srcSet={imageSrcSet(user.avatar)}
        sizes={`${size}px`}
        alt={zhCN.session.avatarAlt(displayName(user))}
        width={size}
        height={size}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span className="account-avatar account-avatar--empty" style={{ width: size, height: size }} aria-hidden="true">
      <UserRound />
    </span>
  );
}
