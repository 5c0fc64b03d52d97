// "Mobile" covers most phone browsers (Chrome, Firefox, Safari on phones); the rest
// name platforms whose user agents may lack it. iPadOS 13+ in desktop mode reports a
// Macintosh user agent and cannot be told apart by the string alone.
const MOBILE_USER_AGENT =
  /Android|iPhone|iPad|iPod|Windows Phone|IEMobile|webOS|BlackBerry|\bBB10\b|PlayBook|Opera Mini|Mobile|HarmonyOS|OpenHarmony|Kindle|Silk/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}
