import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkConfirmPassword,
  checkLoginPassword,
  checkLoginUsername,
  checkNewPassword,
  checkNickname,
  checkPasswordFormat,
  checkProfileNickname,
  checkRegisterUsername,
  hasErrors,
  validateLogin,
  validateRegister,
} from '../../../src/domain/account/validation';
import * as zhCN from '../../../src/i18n/zh-CN';

describe('login rules (spec section 5)', () => {
  it('requires a user name and a password, with the spec’s messages', () => {
    expect(checkLoginUsername('')).toBe('usernameRequired');
    expect(checkLoginUsername('   ')).toBe('usernameRequired');
    expect(checkLoginPassword('')).toBe('loginPasswordRequired');
    expect(zhCN.validation.usernameRequired).toBe('请输入用户账号');
    expect(zhCN.validation.loginPasswordRequired).toBe('请输入用户密码');
    expect(validateLogin({ username: 'a', password: 'b' })).toEqual({});
    expect(validateLogin({ username: '', password: '' })).toEqual({ username: 'usernameRequired', password: 'loginPasswordRequired' });
  });
});

describe('register rules (spec section 5)', () => {
  it.each([
    ['', 'usernameRequired'],
    ['abcd', 'usernameLength'],
    ['abcde', null],
    ['a'.repeat(16), null],
    ['a'.repeat(17), 'usernameLength'],
    ['听雨听雨听', null],
    ['ab cd', 'usernameCharacters'],
    ['abc\u0000d', 'usernameCharacters'],
  ])('user name %j → %s', (username, key) => {
    expect(checkRegisterUsername(username)).toBe(key);
  });

  it('counts characters, not UTF-16 units: five emoji are five characters', () => {
    expect(checkRegisterUsername('😀😀😀😀😀')).toBeNull();
    expect(checkRegisterUsername('😀'.repeat(17))).toBe('usernameLength');
  });

  it.each([
    ['', 'passwordRequired'],
    ['abc12', 'passwordFormat'],
    ['abc123', null],
    ['123456', 'passwordFormat'],
    ['abcdef', 'passwordFormat'],
    ['!@#$%^', 'passwordFormat'],
    ['123!@#', null],
    ['abc!@#', null],
    ['abc123密码', 'passwordFormat'],
    ['a1'.repeat(9), null],
    ['a1'.repeat(9) + 'x', 'passwordFormat'],
  ])('password %j → %s', (password, key) => {
    expect(checkPasswordFormat(password)).toBe(key);
  });

  it('has the spec’s messages', () => {
    expect(zhCN.validation.usernameLength).toBe('用户账号长度应该在5-16之间');
    expect(zhCN.validation.passwordRequired).toBe('请输入密码');
    expect(zhCN.validation.passwordFormat).toBe('密码格式应为6-18位数字、字母、符号的任意两种组合');
    expect(zhCN.validation.confirmRequired).toBe('请输入二次确认密码');
    expect(zhCN.validation.confirmMismatch).toBe('两次密码不一致');
  });

  it('checks the confirmation', () => {
    expect(checkConfirmPassword('abc123', '')).toBe('confirmRequired');
    expect(checkConfirmPassword('abc123', 'abc124')).toBe('confirmMismatch');
    expect(checkConfirmPassword('abc123', 'abc123')).toBeNull();
  });

  it('sets no rule for nicknames beyond a sane length', () => {
    expect(checkNickname('')).toBeNull();
    expect(checkNickname('任何昵称 with spaces!')).toBeNull();
    expect(checkNickname('长'.repeat(20))).toBeNull();
    expect(checkNickname('长'.repeat(21))).toBe('nicknameTooLong');
  });

  it('a nickname changed in the personal centre cannot be cleared: 请输入用户昵称', () => {
    expect(checkProfileNickname('')).toBe('nicknameRequired');
    expect(checkProfileNickname(' \u3000\t')).toBe('nicknameRequired');
    expect(zhCN.validation.nicknameRequired).toBe('请输入用户昵称');
    expect(checkProfileNickname('听雨')).toBeNull();
    expect(checkProfileNickname('长'.repeat(21))).toBe('nicknameTooLong');
  });

  it('checks a password change', () => {
    expect(checkNewPassword('', 'abc123')).toBe('oldPasswordRequired');
    expect(checkNewPassword('old123', '')).toBe('passwordRequired');
    expect(checkNewPassword('abc123', 'abc123')).toBe('samePassword');
    expect(checkNewPassword('abc123', 'xyz789')).toBeNull();
  });

  it('validates the whole form field by field', () => {
    expect(validateRegister({ username: 'abc', nickName: '', password: '123', confirmPassword: '12' })).toEqual({
      username: 'usernameLength',
      password: 'passwordFormat',
      confirmPassword: 'confirmMismatch',
    });
    expect(hasErrors(validateRegister({ username: 'reader', nickName: '', password: 'abc123', confirmPassword: 'abc123' }))).toBe(false);
  });
});

describe('password rule for all inputs', () => {
  const digit = fc.constantFrom(...'0123456789');
  const letter = fc.constantFrom(...'abcxyzABCXYZ');
  const symbol = fc.constantFrom(...'!@#$%^&*()_+-=.,?');

  const kinds = { digit, letter, symbol };
  /** 6-18 characters drawn from exactly two kinds, each present at least once. */
  const twoKinds = fc
    .constantFrom<[keyof typeof kinds, keyof typeof kinds]>(['digit', 'letter'], ['digit', 'symbol'], ['letter', 'symbol'])
    .chain(([a, b]) =>
      fc
        .tuple(kinds[a], kinds[b], fc.array(fc.oneof(kinds[a], kinds[b]), { minLength: 4, maxLength: 16 }))
        .map(([x, y, rest]) => [x, ...rest, y].join('')),
    );

  it('accepts any 6-18 mix of at least two kinds', () => {
    fc.assert(
      fc.property(twoKinds, (password) => {
        expect(checkPasswordFormat(password)).toBeNull();
      }),
    );
  });

  it('refuses any password of one kind only, whatever its length', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(digit), fc.array(letter), fc.array(symbol)), (chars) => {
        expect(checkPasswordFormat(chars.join(''))).not.toBeNull();
      }),
    );
  });

  it('refuses any password containing a Chinese character', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 3, maxLength: 10 }), fc.integer({ min: 0x4e00, max: 0x9fa5 }), (rest, code) => {
        expect(checkPasswordFormat(`a1${String.fromCharCode(code)}${rest}`)).not.toBeNull();
      }),
    );
  });

  it('refuses any length outside 6-18', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 19, max: 40 })), (length) => {
        expect(checkPasswordFormat('a1'.repeat(20).slice(0, length))).toBe('passwordFormat');
      }),
    );
  });
});
