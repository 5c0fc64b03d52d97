import type { Translation } from '../translation';
import type { validation as zh } from '../zh-CN/validation';

/** Account rules of spec section 5; src/domain/account/validation.ts returns these keys. */
export const validation = {
  usernameRequired: 'Enter your username',
  loginPasswordRequired: 'Enter your password',
  usernameLength: 'Usernames must be 5–16 characters long',
  usernameCharacters: 'Usernames can’t contain spaces or control characters',
  usernameInvisible:
    'Usernames can’t contain invisible characters such as zero-width characters or text-direction controls',
  usernameCompatibility:
    'Usernames can’t use compatibility characters such as full-width letters or ligatures. Use ordinary characters instead.',
  usernameMixedScripts: 'Usernames can’t mix letters from different alphabets, such as Latin, Cyrillic and Greek',
  passwordRequired: 'Enter a password',
  passwordFormat: 'Passwords must be 6–18 characters and combine at least two of digits, letters and symbols',
  confirmRequired: 'Enter the password again',
  confirmMismatch: 'The passwords don’t match',
  nicknameRequired: 'Enter a display name',
  nicknameTooLong: 'Display names can’t be longer than 20 characters',
  nicknameCharacters: 'Display names can’t contain control characters',
  oldPasswordRequired: 'Enter your current password',
  samePassword: 'The new password must be different from the current one',
} as const satisfies Translation<typeof zh>;
