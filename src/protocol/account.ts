import { Type, type Static } from 'typebox';

/** Bounds that keep hostile bodies cheap; the real rules (spec section 5) answer with their own messages. */
const Text = (maxLength: number) => Type.String({ maxLength });

export const LoginBody = Type.Object({
  username: Text(256),
  password: Text(256),
  /** "记住我": a 30-day session instead of one that ends with the browser. */
  remember: Type.Optional(Type.Boolean()),
  /**
   * An API client's request for a bearer token: the answer then carries `token` and sets no cookie.
   * The browser never asks: its session is the HttpOnly cookie, and no page script sees a credential.
   */
  bearer: Type.Optional(Type.Boolean()),
});
export type LoginBody = Static<typeof LoginBody>;

/**
 * Signed in: `{ id }` (and `token` for a login that asked for it with `bearer: true`). The password was
 * right but the account has two-step sign-in: `{ second_step: true, challenge }`, to be sent with a code
 * to POST /api/user/loginSecondStep within five minutes.
 */
export const LoginResult = Type.Object({
  token: Type.Optional(Type.String()),
  id: Type.Optional(Type.Integer()),
  second_step: Type.Optional(Type.Boolean()),
  challenge: Type.Optional(Type.String()),
  /** With `second_step`: what the account can answer it with (a code or recovery code, a passkey). */
  methods: Type.Optional(Type.Object({ code: Type.Boolean(), passkey: Type.Boolean() })),
});
export type LoginResult = Static<typeof LoginResult>;

export const RegisterBody = Type.Object({
  username: Text(256),
  password: Text(256),
  nick_name: Type.Optional(Text(256)),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** Spec section 3 "User info"; `username` (the login name) is only told to its owner. */
export const UserInfoDto = Type.Object({
  id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  role: Type.Integer(),
  username: Type.Optional(Type.String()),
  /**
   * Told only to the owner, and only when true: the password is a generated one (the administrator's
   * one-time password, `npm run user`) and must be changed before anything else.
   */
  must_change_password: Type.Optional(Type.Boolean()),
  /** Told only to the owner, and only when true: ADMIN_TWO_STEP=required and no second step yet. */
  must_set_up_two_step: Type.Optional(Type.Boolean()),
  /** Told only to the owner: where reply emails go ('' for none). */
  email: Type.Optional(Type.String()),
  /** Told only to the owner: 邮件提醒, replies by email (needs `email`). */
  email_notify: Type.Optional(Type.Boolean()),
});
export type UserInfoDto = Static<typeof UserInfoDto>;

export const CurrentUserResult = Type.Union([UserInfoDto, Type.Null()]);
export type CurrentUserResult = Static<typeof CurrentUserResult>;

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const UpdateOwnUserInfoBody = Type.Object({
  nick_name: Type.Optional(Text(256)),
  avatar: Type.Optional(Text(512)),
  /** '' removes it; else an email address (at most 100 characters), else 400. */
  email: Type.Optional(Text(256)),
  /** 邮件提醒 on or off. */
  email_notify: Type.Optional(Type.Boolean()),
});
export type UpdateOwnUserInfoBody = Static<typeof UpdateOwnUserInfoBody>;

export const UpdatePasswordBody = Type.Object({
  old_password: Text(256),
  new_password: Text(256),
});
export type UpdatePasswordBody = Static<typeof UpdatePasswordBody>;

/** The largest picture POST /api/upload/img accepts; the browser refuses a bigger one before sending it. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const UploadResult = Type.Object({ url: Type.String() });
export type UploadResult = Static<typeof UploadResult>;

/**
 * A browser's PublicKeyCredential as JSON (what `startRegistration`/`startAuthentication` of
 * @simplewebauthn/browser answer); bounded here, checked by the server's WebAuthn library.
 */
export const PasskeyCredential = Type.Object({
  id: Text(1400),
  rawId: Text(1400),
  type: Text(32),
  response: Type.Object({
    clientDataJSON: Text(16_384),
    /** A registration's. */
    attestationObject: Type.Optional(Text(16_384)),
    transports: Type.Optional(Type.Array(Text(32), { maxItems: 10 })),
    /** An assertion's. */
    authenticatorData: Type.Optional(Text(16_384)),
    signature: Type.Optional(Text(1024)),
    userHandle: Type.Optional(Text(1024)),
  }),
  clientExtensionResults: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  authenticatorAttachment: Type.Optional(Text(32)),
});
export type PasskeyCredential = Static<typeof PasskeyCredential>;

/**
 * The second step of a sign-in: the login's challenge and a code from the app or a recovery code, or a
 * passkey's answer to the options of POST /api/user/loginSecondStep/passkeyOptions.
 */
export const LoginSecondStepBody = Type.Object({
  challenge: Text(256),
  code: Type.Optional(Text(64)),
  passkey: Type.Optional(PasskeyCredential),
  bearer: Type.Optional(Type.Boolean()),
});
export type LoginSecondStepBody = Static<typeof LoginSecondStepBody>;

export const TwoStepStatusDto = Type.Object({ enabled: Type.Boolean(), recovery_codes_left: Type.Integer() });
export type TwoStepStatusDto = Static<typeof TwoStepStatusDto>;

/** A secret being set up: as text, as the `otpauth://` URI, and that URI as a QR code (an SVG data URL drawn here). */
export const TwoStepStartDto = Type.Object({ secret: Type.String(), uri: Type.String(), qr: Type.String() });
export type TwoStepStartDto = Static<typeof TwoStepStartDto>;

export const TwoStepEnableBody = Type.Object({
  code: Text(64),
  /** Also end every other session of the account. */
  end_others: Type.Optional(Type.Boolean()),
});
export type TwoStepEnableBody = Static<typeof TwoStepEnableBody>;

/** Recovery codes, shown this once; `ended_others` when turning two-step sign-in on ended other sessions. */
export const RecoveryCodesDto = Type.Object({
  recovery_codes: Type.Array(Type.String()),
  ended_others: Type.Optional(Type.Integer()),
});
export type RecoveryCodesDto = Static<typeof RecoveryCodesDto>;

/** Turning two-step sign-in off, or renewing the recovery codes: the password and a code again. */
export const TwoStepConfirmBody = Type.Object({ password: Text(256), code: Text(64) });
export type TwoStepConfirmBody = Static<typeof TwoStepConfirmBody>;

/** The password-checked sign-in whose second step a passkey will answer. */
export const LoginChallengeBody = Type.Object({ challenge: Text(256) });
export type LoginChallengeBody = Static<typeof LoginChallengeBody>;

/**
 * Signing in with a passkey alone: POST /api/user/passkeyLogin/options answers the browser's options (and
 * sets a five-minute cookie the challenge is bound to), then POST /api/user/passkeyLogin with its answer
 * opens a session like a login (`remember`, `bearer` as there).
 */
export const PasskeyLoginBody = Type.Object({
  credential: PasskeyCredential,
  remember: Type.Optional(Type.Boolean()),
  bearer: Type.Optional(Type.Boolean()),
});
export type PasskeyLoginBody = Static<typeof PasskeyLoginBody>;

/** One of the account's passkeys; times are ISO-8601. */
export const PasskeyDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
export type PasskeyDto = Static<typeof PasskeyDto>;

/** A new passkey: its name and the browser's answer to POST /api/user/passkeys/options. */
export const PasskeyRegisterBody = Type.Object({ name: Text(256), credential: PasskeyCredential });
export type PasskeyRegisterBody = Static<typeof PasskeyRegisterBody>;

export const PasskeyRenameBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), name: Text(256) });
export type PasskeyRenameBody = Static<typeof PasskeyRenameBody>;

/** Removing a passkey: the password, or a passkey's answer to POST /api/user/passkeys/confirmOptions. */
export const PasskeyRemoveBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  password: Type.Optional(Text(256)),
  credential: Type.Optional(PasskeyCredential),
});
export type PasskeyRemoveBody = Static<typeof PasskeyRemoveBody>;

/** One place the account is signed in; times are ISO-8601. */
export const SessionDto = Type.Object({
  id: Type.Integer(),
  browser: Type.String(),
  system: Type.String(),
  address: Type.String(),
  created_at: Type.String(),
  last_seen_at: Type.String(),
  current: Type.Boolean(),
});
export type SessionDto = Static<typeof SessionDto>;

export const SessionIdBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type SessionIdBody = Static<typeof SessionIdBody>;

export const EndedSessionsDto = Type.Object({ ended: Type.Integer() });
export type EndedSessionsDto = Static<typeof EndedSessionsDto>;
