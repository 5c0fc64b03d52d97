import { localised } from '../language';

/** Account rules of spec section 5; src/domain/account/validation.ts returns these keys. */
export const validation = localised('validation', {
  usernameRequired: '请输入用户账号',
  loginPasswordRequired: '请输入用户密码',
  usernameLength: '用户账号长度应该在5-16之间',
  usernameCharacters: '用户账号不能包含空格或控制字符',
  usernameInvisible: '用户账号不能包含零宽字符、文字方向控制符等不可见字符',
  usernameCompatibility: '用户账号不能使用全角字母、连字等兼容字符，请改用普通字符',
  usernameMixedScripts: '用户账号不能混用拉丁、西里尔、希腊等不同字母表的字母',
  passwordRequired: '请输入密码',
  passwordFormat: '密码格式应为6-18位数字、字母、符号的任意两种组合',
  confirmRequired: '请输入二次确认密码',
  confirmMismatch: '两次密码不一致',
  nicknameRequired: '请输入用户昵称',
  nicknameTooLong: '昵称不能超过20个字符',
  nicknameCharacters: '昵称不能包含控制字符',
  oldPasswordRequired: '请输入原密码',
  samePassword: '新密码不能与原密码相同',
} as const);
