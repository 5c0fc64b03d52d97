import type * as WebAuthnLibrary from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import {
  UPLOAD_MAX_BYTES,
  type PasskeyDto,
  type EndedSessionsDto,
  type RecoveryCodesDto,
  type SessionDto,
  type TwoStepStartDto,
  type TwoStepStatusDto,
  type CurrentUserResult,
  type LoginResult,
  type UpdateOwnUserInfoBody,
  type UploadResult,
  type UserInfoDto,
} from '../../protocol/account';
import * as zhCN from '../../i18n/zh-CN';
import type { AccountApi } from '../../ports/accountApi';
import { ReportedError, type UserInfo } from '../../domain/account/account';
import { ApiError } from './apiError';
import type { AxiosRequestConfig } from 'axios';
import type { HttpClient } from './httpClient';

/** Statuses the shared HTTP client already shows a notice for (spec section 8). */
const REPORTED_STATUSES = new Set([401, 403, 404, 408, 429, 500]);

/** Turns failures the HTTP client already showed into ReportedError, so callers do not toast them twice. */
export function unlessReported<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    throw error instanceof ApiError && REPORTED_STATUSES.has(error.status) ? new ReportedError(error.message) : error;
  });
}

export function toUserInfo(dto: UserInfoDto): UserInfo {
  return {
    id: dto.id,
    nickName: dto.nick_name,
    avatar: dto.avatar,
    role: dto.role,
    ...(dto.username !== undefined ? { username: dto.username } : {}),
    ...(dto.must_change_password ? { mustChangePassword: true } : {}),
    ...(dto.must_set_up_two_step ? { mustSetUpTwoStep: true } : {}),
  };
}

/** Whether this browser has WebAuthn (the library is loaded only when a passkey is used). */
const supportsPasskeys = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

type WebAuthnBrowser = typeof WebAuthnLibrary;

/** The browser's prompt, its refusal (cancelled, timed out, no passkey here) said in the catalogue's words. */
async function prompting<T>(prompt: (webAuthn: WebAuthnBrowser) => Promise<T>): Promise<T> {
  if (!supportsPasskeys()) throw new Error(zhCN.twoStep.passkeys.unsupported);
  const webAuthn = await import('@simplewebauthn/browser');
  try {
    return await prompt(webAuthn);
  } catch (error) {
    // WebAuthn's refusals are DOMExceptions; @simplewebauthn/browser wraps them in WebAuthnError of the same name.
    const name = error instanceof Error ? error.name : '';
    if (/NotAllowedError|AbortError|WebAuthnError|InvalidStateError/.test(name)) throw new Error(zhCN.twoStep.passkeys.cancelled);
    throw error;
  }
}

const toPasskey = (dto: PasskeyDto) => ({ id: dto.id, name: dto.name, createdAt: dto.created_at, lastUsedAt: dto.last_used_at });

export function createAccountApi(http: HttpClient): AccountApi {
  const request = <T>(config: AxiosRequestConfig) => unlessReported(http.request<T>(config));
  /** Asks the server for options at `url`, then the browser for a passkey's answer to them. */
  const assertion = async (url: string, data: object) => {
    const optionsJSON = await request<PublicKeyCredentialRequestOptionsJSON>({ method: 'POST', url, data });
    return prompting((webAuthn) => webAuthn.startAuthentication({ optionsJSON }));
  };
  return {
    async login({ username, password, remember }) {
      // The result's token is for non-browser clients; this one relies on the HttpOnly cookie and drops it.
      const answer = await request<LoginResult>({
        method: 'POST',
        url: '/api/user/login',
        data: { username, password, remember },
      });
      return answer.challenge !== undefined
        ? { challenge: answer.challenge, methods: answer.methods ?? { code: true, passkey: false } }
        : { id: answer.id ?? 0 };
    },
    async loginSecondStepWithPasskey(challenge) {
      const passkey = await assertion('/api/user/loginSecondStep/passkeyOptions', { challenge });
      const { id } = await request<LoginResult>({ method: 'POST', url: '/api/user/loginSecondStep', data: { challenge, passkey } });
      return { id: id ?? 0 };
    },
    async loginWithPasskey(remember) {
      const credential = await assertion('/api/user/passkeyLogin/options', {});
      const { id } = await request<LoginResult>({ method: 'POST', url: '/api/user/passkeyLogin', data: { credential, remember } });
      return { id: id ?? 0 };
    },
    async passkeys() {
      return (await request<PasskeyDto[]>({ method: 'GET', url: '/api/user/passkeys' })).map(toPasskey);
    },
    async addPasskey(name) {
      const optionsJSON = await request<PublicKeyCredentialCreationOptionsJSON>({ method: 'POST', url: '/api/user/passkeys/options', data: {} });
      const credential = await prompting((webAuthn) => webAuthn.startRegistration({ optionsJSON }));
      return toPasskey(await request<PasskeyDto>({ method: 'POST', url: '/api/user/passkeys/register', data: { name, credential } }));
    },
    async renamePasskey(id, name) {
      await request({ method: 'POST', url: '/api/user/passkeys/rename', data: { id, name } });
    },
    async removePasskey(id, confirmation) {
      const proof =
        'password' in confirmation
          ? { password: confirmation.password }
          : { credential: await assertion('/api/user/passkeys/confirmOptions', {}) };
      await request({ method: 'POST', url: '/api/user/passkeys/remove', data: { id, ...proof } });
    },
    async loginSecondStep(challenge, code) {
      const { id } = await request<LoginResult>({ method: 'POST', url: '/api/user/loginSecondStep', data: { challenge, code } });
      return { id: id ?? 0 };
    },
    async twoStepStatus() {
      const dto = await request<TwoStepStatusDto>({ method: 'GET', url: '/api/user/twoStep' });
      return { enabled: dto.enabled, recoveryCodesLeft: dto.recovery_codes_left };
    },
    startTwoStep: () => request<TwoStepStartDto>({ method: 'POST', url: '/api/user/twoStep/start', data: {} }),
    async enableTwoStep(code, endOthers) {
      const dto = await request<RecoveryCodesDto>({ method: 'POST', url: '/api/user/twoStep/enable', data: { code, end_others: endOthers } });
      return { recoveryCodes: dto.recovery_codes, endedOthers: dto.ended_others ?? 0 };
    },
    async disableTwoStep(password, code) {
      await request({ method: 'POST', url: '/api/user/twoStep/disable', data: { password, code } });
    },
    async renewRecoveryCodes(password, code) {
      return (await request<RecoveryCodesDto>({ method: 'POST', url: '/api/user/twoStep/recoveryCodes', data: { password, code } })).recovery_codes;
    },
    async sessions() {
      const list = await request<SessionDto[]>({ method: 'GET', url: '/api/user/sessions' });
      return list.map((dto) => ({
        id: dto.id,
        browser: dto.browser,
        system: dto.system,
        address: dto.address,
        createdAt: dto.created_at,
        lastSeenAt: dto.last_seen_at,
        current: dto.current,
      }));
    },
    async endSession(id) {
      await request({ method: 'POST', url: '/api/user/sessions/end', data: { id } });
    },
    async endOtherSessions() {
      return (await request<EndedSessionsDto>({ method: 'POST', url: '/api/user/sessions/endOthers', data: {} })).ended;
    },
    async register({ username, password, nickName }) {
      return toUserInfo(
        await request<UserInfoDto>({
          method: 'POST',
          url: '/api/user/register',
          data: { username, password, nick_name: nickName },
        }),
      );
    },
    async logout() {
      await request({ method: 'POST', url: '/api/user/logout', data: {} });
    },
    async current() {
      const dto = await request<CurrentUserResult>({ method: 'GET', url: '/api/user/current' });
      return dto ? toUserInfo(dto) : null;
    },
    async userInfo(id) {
      return toUserInfo(await request<UserInfoDto>({ method: 'GET', url: `/api/user/getUserInfoById/${id}` }));
    },
    async updateProfile({ nickName, avatar }) {
      return toUserInfo(
        await request<UserInfoDto>({
          method: 'PUT',
          url: '/api/user/updateOwnUserInfo',
          data: { ...(nickName !== undefined ? { nick_name: nickName } : {}), ...(avatar !== undefined ? { avatar } : {}) },
        }),
      );
    },
    async emailSettings() {
      const dto = await request<CurrentUserResult>({ method: 'GET', url: '/api/user/current' });
      return { email: dto?.email ?? '', notify: dto?.email_notify ?? false };
    },
    async updateEmailSettings({ email, notify }) {
      const dto = await request<UserInfoDto>({
        method: 'PUT',
        url: '/api/user/updateOwnUserInfo',
        data: {
          ...(email !== undefined ? { email: email.trim() } : {}),
          ...(notify !== undefined ? { email_notify: notify } : {}),
        } satisfies UpdateOwnUserInfoBody,
      });
      return { email: dto.email ?? '', notify: dto.email_notify ?? false };
    },
    async updatePassword(oldPassword, newPassword) {
      await request({
        method: 'PUT',
        url: '/api/user/updatePassword',
        data: { old_password: oldPassword, new_password: newPassword },
      });
    },
    async uploadImage(file, fileName) {
      // The server would refuse it only after receiving all of it: a 16 MB photo is never sent.
      if (file.size > UPLOAD_MAX_BYTES) throw new Error(zhCN.account.server.uploadTooLarge);
      const form = new FormData();
      form.append('file', file, fileName);
      // The browser sets the multipart boundary itself, so the JSON default must go.
      const { url } = await request<UploadResult>({
        method: 'POST',
        url: '/api/upload/img',
        data: form,
        headers: { 'Content-Type': undefined },
      });
      return url;
    },
  };
}
