/** The signed-in user a request acts for, resolved from its session by the HTTP adapter. */
export interface CurrentUser {
  id: number;
  username: string;
  nickName: string;
  avatar: string;
  /** 1 is the administrator. */
  role: number;
}

export const ADMIN_ROLE = 1;
