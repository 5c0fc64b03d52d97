import { useSelector } from '../../hooks/useSelector';
import { useCallback } from 'react';
import { isAdmin, type UserInfo } from '../../../domain/account/account';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

export interface AccountView {
  user: UserInfo | null;
  loggedIn: boolean;
  admin: boolean;
  /** A login, register or logout is in flight. */
  busy: boolean;
  /** Opens the login dialog (reset to login mode, remembered name prefilled). */
  openLogin(): void;
  logout(): void;
}

/** The session as views need it; other areas (chat, message board, mobile drawer) use this too. */
export function useAccount(): AccountView {
  const session = useService(TOKENS.session);
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  const busy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const openLogin = useCallback(() => session.send({ type: 'dialog.open' }), [session]);
  const logout = useCallback(() => session.send({ type: 'logout' }), [session]);
  return { user, loggedIn: user !== null, admin: isAdmin(user), busy, openLogin, logout };
}
