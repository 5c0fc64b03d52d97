import { Type, type Static } from 'typebox';

/*
 * Wire contract of new sign-ins and re-authentication (see docs/security.md):
 *
 *   POST /api/user/reauth           { password }          → null; the session has proved its password now
 *   GET  /api/user/reauth/check                           → null, or 403 REAUTH_REQUIRED_CODE (before a download)
 *   POST /api/user/notMe            { token }             → NotMeResultDto: that sign-in's session has ended;
 *                                                           `reset_token` sets a new password (once, 30 minutes)
 *   POST /api/user/notMe/password   { reset_token, password } → null; every session of the account has ended
 *
 * The 「不是我」 page is the personal centre with the link's token (src/domain/account/notMeLink.ts).
 */

export const ReauthBody = Type.Object({ password: Type.String({ maxLength: 256 }) });
export type ReauthBody = Static<typeof ReauthBody>;

export const NotMeBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type NotMeBody = Static<typeof NotMeBody>;

export const NotMeResultDto = Type.Object({ id: Type.Integer(), reset_token: Type.String() });
export type NotMeResultDto = Static<typeof NotMeResultDto>;

export const NotMePasswordBody = Type.Object({
  reset_token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ maxLength: 256 }),
});
export type NotMePasswordBody = Static<typeof NotMePasswordBody>;
