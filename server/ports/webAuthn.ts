/** The site as WebAuthn knows it: the host name passkeys are bound to and the origin pages come from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** A credential as the verifier needs it. */
export interface CredentialKey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** A browser's answer, as it came over the wire (PublicKeyCredential's JSON). */
export type CredentialResponse = unknown;

/**
 * The WebAuthn ceremonies: options for the browser and checks of its answers. Every options object carries
 * a fresh random challenge (returned beside it, to be kept server-side); every check requires user
 * verification and the relying party's id and origin.
 */
export interface WebAuthn {
  registrationOptions(input: {
    rp: RelyingParty;
    user: { id: number; name: string; displayName: string };
    exclude: CredentialKey[];
  }): Promise<{ challenge: string; options: unknown }>;
  /** The new credential, or undefined when the answer does not hold. */
  verifyRegistration(input: { rp: RelyingParty; response: CredentialResponse; challenge: string }): Promise<CredentialKey | undefined>;
  /** `allow` empty: any passkey of this site the authenticator holds (a discoverable credential). */
  authenticationOptions(input: { rp: RelyingParty; allow: CredentialKey[] }): Promise<{ challenge: string; options: unknown }>;
  /** The credential id an assertion names, or undefined when it names none. */
  credentialIdOf(response: CredentialResponse): string | undefined;
  /** The counter after a valid assertion by `credential`, or undefined when it does not hold (a replay included). */
  verifyAuthentication(input: {
    rp: RelyingParty;
    response: CredentialResponse;
    challenge: string;
    credential: CredentialKey;
  }): Promise<number | undefined>;
}
