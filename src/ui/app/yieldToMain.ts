/** `scheduler.yield` where the browser has it (Chromium 129+); not yet in TypeScript's DOM types. */
interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Hands the main thread back to the browser until a later task: a tap, a key or a frame waiting meanwhile is
 * answered first. `scheduler.yield` resumes ahead of other queued tasks; elsewhere a message to ourselves
 * does (not `setTimeout(0)`, which browsers clamp to 4 ms after a few nested calls).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
