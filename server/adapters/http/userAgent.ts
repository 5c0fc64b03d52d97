import Bowser from 'bowser';

/** A session's browser and system as its owner reads them ("Chrome 131", "Windows 10"); '' when unknown. */
export function describeUserAgent(userAgent: string): { browser: string; system: string } {
  if (userAgent.trim() === '') return { browser: '', system: '' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = [parsed.browser.name, major].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser, system };
}
