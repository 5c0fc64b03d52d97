import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { CredentialKey, CredentialResponse, WebAuthn } from '../../ports/webAuthn';

/** How long the browser offers the prompt. */
const TIMEOUT_MS = 120_000;

const transportsOf = (key: CredentialKey) => key.transports as AuthenticatorTransportFuture[];
const descriptor = (key: CredentialKey) => ({ id: key.credentialId, transports: transportsOf(key) });

/**
 * WebAuthn through @simplewebauthn/server: 'none' attestation (no vendor is trusted more than another),
 * discoverable credentials, user verification required everywhere. A malformed answer is a failed check,
 * never an error of the server.
 */
export const simpleWebAuthn: WebAuthn = {
  async registrationOptions({ rp, user, exclude }) {
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.name,
      userDisplayName: user.displayName,
      // The same account on the same authenticator replaces its passkey rather than adding a second one.
      userID: new TextEncoder().encode(`user:${user.id}`),
      attestationType: 'none',
      excludeCredentials: exclude.map(descriptor),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: TIMEOUT_MS,
    });
    return { challenge: options.challenge, options };
  },

  async verifyRegistration({ rp, response, challenge }) {
    try {
      const result = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
      if (!result.verified) return undefined;
      const { credential } = result.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
      };
    } catch {
      return undefined;
    }
  },

  async authenticationOptions({ rp, allow }) {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: allow.map(descriptor),
      userVerification: 'required',
      timeout: TIMEOUT_MS,
    });
    return { challenge: options.challenge, options };
  },

  credentialIdOf(response: CredentialResponse) {
    const id = (response as { id?: unknown } | null)?.id;
    return typeof id === 'string' && id.length > 0 && id.length <= 1400 ? id : undefined;
  },

  async verifyAuthentication({ rp, response, challenge, credential }) {
    try {
      // Throws when the counter went backwards or stood still (a cloned authenticator, a replay).
      const result = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: credential.credentialId,
          publicKey: isoBase64URL.toBuffer(credential.publicKey),
          counter: credential.counter,
          transports: transportsOf(credential),
        },
        requireUserVerification: true,
      });
      return result.verified ? result.authenticationInfo.newCounter : undefined;
    } catch {
      return undefined;
    }
  },
};
