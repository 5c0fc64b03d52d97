import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;
const inBrowser = () => typeof window.PublicKeyCredential === 'function';
const onServer = () => false;

/** Whether this browser has passkeys (WebAuthn); false while the server renders and hydrates, as it knows nothing of the browser. */
export function usePasskeysSupported(): boolean {
  return useSyncExternalStore(unchanging, inBrowser, onServer);
}
