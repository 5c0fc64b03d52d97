import { Suspense, useEffect, useState } from 'react';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { reauthDialog } from './lazyParts';

/**
 * Where the password-again dialog appears, on the site and in the console alike: mounted at the root, it
 * renders nothing (and loads nothing) until the HTTP client asks.
 */
export function ReauthHost() {
  const prompt = useService(TOKENS.reauthPrompt);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => prompt.subscribe(setWaiting), [prompt]);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <reauthDialog.Component />
    </Suspense>
  );
}
