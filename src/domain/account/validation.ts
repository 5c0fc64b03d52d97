/**
 * Account rules of spec section 5, shared by the dialog and the server. Each check returns the key of
 * its message in the catalogue's `validation` section, or null when the value passes.
 */
export type ValidationKey =
  | 'usernameRequired'
  | 'loginPasswordRequired'
  | 'usernameLength'
  | 'usernameCharacters'
  | 'usernameInvisible'
  | 'usernameCompatibility'
  | 'usernameMixedScripts'
  | 'passwordRequired'
  | 'passwordFormat'
  | 'confirmRequired'
  | 'confirmMismatch'
  | 'nicknameRequired'
  | 'nicknameTooLong'
  | 'nicknameCharacters'
  | 'oldPasswordRequired'
  | 'samePassword';

export const USERNAME_MIN = 5;
export const USERNAME_MAX = 16;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 18;
export const NICKNAME_MAX = 20;
/** Longest password the login call even looks at: anything longer cannot be a valid password. */
export const LOGIN_INPUT_MAX = 128;

const CONTROL = /\p{Cc}/u;
/** Invisible and format characters (zero-width joiners, bidi overrides, soft hyphens), private and unassigned code points. */
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
/** Alphabets whose letters imitate each other; a name may use one of them (beside Han, kana, digits…). */
const ALPHABETS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u, /\p{Script=Cherokee}/u, /\p{Script=Coptic}/u];
const WHITESPACE = /\s/u;
const HAN = /\p{Script=Han}/u;
const DIGIT = /[0-9]/;
const LETTER = /[A-Za-z]/;
const SYMBOL = /[^0-9A-Za-z]/;

/** Length in characters as a reader counts them (code points, not UTF-16 units). */
const length = (value: string) => Array.from(value).length;

export function checkLoginUsername(username: string): ValidationKey | null {
  return username.trim() === '' ? 'usernameRequired' : null;
}

export function checkLoginPassword(password: string): ValidationKey | null {
  return password === '' ? 'loginPasswordRequired' : null;
}

export function checkRegisterUsername(username: string): ValidationKey | null {
  if (username.trim() === '') return 'usernameRequired';
  const n = length(username);
  if (n < USERNAME_MIN || n > USERNAME_MAX) return 'usernameLength';
  // A name that differs only by invisible characters would impersonate another account.
  if (WHITESPACE.test(username) || CONTROL.test(username) || /\p{Z}/u.test(username)) return 'usernameCharacters';
  if (INVISIBLE.test(username)) return 'usernameInvisible';
  // Full-width letters, ligatures and other compatibility forms read as another, plainer name.
  if (username.normalize('NFKC') !== username) return 'usernameCompatibility';
  if (ALPHABETS.filter((alphabet) => alphabet.test(username)).length > 1) return 'usernameMixedScripts';
  return null;
}

/** 6-18 characters, no Chinese, at least two of: digits, letters, symbols. */
export function checkPasswordFormat(password: string): ValidationKey | null {
  if (password === '') return 'passwordRequired';
  const n = length(password);
  if (n < PASSWORD_MIN || n > PASSWORD_MAX || HAN.test(password) || CONTROL.test(password)) return 'passwordFormat';
  const kinds = [DIGIT, LETTER, SYMBOL].filter((kind) => kind.test(password)).length;
  return kinds >= 2 ? null : 'passwordFormat';
}

export function checkConfirmPassword(password: string, confirm: string): ValidationKey | null {
  if (confirm === '') return 'confirmRequired';
  return confirm === password ? null : 'confirmMismatch';
}

/** The spec sets no rule for nicknames; the bound keeps headers and chat rows readable. */
export function checkNickname(nickname: string): ValidationKey | null {
  if (length(nickname.trim()) > NICKNAME_MAX) return 'nicknameTooLong';
  return CONTROL.test(nickname) ? 'nicknameCharacters' : null;
}

/**
 * A nickname changed in the personal centre: the register dialog may leave it empty (the account name
 * stands in), but an existing nickname cannot be cleared to nothing.
 */
export function checkProfileNickname(nickname: string): ValidationKey | null {
  return nickname.trim() === '' ? 'nicknameRequired' : checkNickname(nickname);
}

export function checkNewPassword(oldPassword: string, newPassword: string): ValidationKey | null {
  if (oldPassword === '') return 'oldPasswordRequired';
  return checkPasswordFormat(newPassword) ?? (oldPassword === newPassword ? 'samePassword' : null);
}

export interface LoginForm {
  username: string;
  password: string;
}

export interface RegisterForm {
  username: string;
  nickName: string;
  password: string;
  confirmPassword: string;
}

export type FormErrors<F> = Partial<Record<keyof F, ValidationKey>>;

function collect<F>(checks: { [K in keyof F]?: ValidationKey | null }): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const field of Object.keys(checks) as (keyof F)[]) {
    const key = checks[field];
    if (key) errors[field] = key;
  }
  return errors;
}

export function validateLogin(form: LoginForm): FormErrors<LoginForm> {
  return collect<LoginForm>({
    username: checkLoginUsername(form.username),
    password: checkLoginPassword(form.password),
  });
}

export function validateRegister(form: RegisterForm): FormErrors<RegisterForm> {
  return collect<RegisterForm>({
    username: checkRegisterUsername(form.username),
    nickName: checkNickname(form.nickName),
    password: checkPasswordFormat(form.password),
    confirmPassword: checkConfirmPassword(form.password, form.confirmPassword),
  });
}

export const hasErrors = (errors: FormErrors<object>) => Object.keys(errors).length > 0;
