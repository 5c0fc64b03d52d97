/** The signed-in user a request acts for, resolved from its session by the HTTP adapter. */
export interface CurrentUser {
  id: number;
  username: string;
  nickName: string;
  avatar: string;
  /** 1 is the administrator. */
  role: number;
  /**
   * The password was generated and shown (the administrator's one-time password, `npm run user`): until
   * its owner sets their own, the account may do nothing else (see auth.ts).
   */
  mustChangePassword: boolean;
  /**
   * ADMIN_TWO_STEP=required and this administrator has no second step yet: like mustChangePassword, the
   * account may do nothing else until it sets one up (see auth.ts). Only set on a session's user.
   */
  mustSetUpTwoStep?: boolean;
}

export const ADMIN_ROLE = 1;
