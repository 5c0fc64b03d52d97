import type { NotMeResultDto } from '../../protocol/signIn';
import type { SignInApi } from '../../ports/signInApi';
import { unlessReported } from './accountApi';
import type { HttpClient } from './httpClient';

export function createSignInApi(http: HttpClient): SignInApi {
  return {
    async reauthenticate(password) {
      // Not retried through the prompt: this is the prompt's own call.
      await unlessReported(http.request<null>({ method: 'POST', url: '/api/user/reauth', data: { password }, reauthRetried: true }));
    },
    async confirmFreshProof() {
      await unlessReported(http.request<null>({ method: 'GET', url: '/api/user/reauth/check' }));
    },
    async notMe(token) {
      const { reset_token } = await unlessReported(http.request<NotMeResultDto>({ method: 'POST', url: '/api/user/notMe', data: { token } }));
      return { resetToken: reset_token };
    },
    async setPasswordAfterNotMe(resetToken, password) {
      await unlessReported(http.request<{ id: number }>({ method: 'POST', url: '/api/user/notMe/password', data: { reset_token: resetToken, password } }));
    },
  };
}
