import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isMobileUserAgent } from '../../../src/domain/shared/device';

const MOBILE = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15',
  'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 Edge/15.15063',
  'Mozilla/5.0 (webOS/1.4.0; U; en-US) AppleWebKit/532.2 (KHTML, like Gecko) Version/1.0 Safari/532.2 Pre/1.0',
  'BlackBerry9700/5.0.0.351 Profile/MIDP-2.1 Configuration/CLDC-1.1 VendorID/123',
  'Mozilla/5.0 (Linux; HarmonyOS 4.0; ALN-AL00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Safari/537.36',
  'Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Safari/537.36 ArkWeb/4.1.6.1',
];

const DESKTOP = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  '',
];

const TOKENS = ['Android', 'iPhone', 'iPad', 'iPod', 'Windows Phone', 'webOS', 'BlackBerry', 'Mobile', 'HarmonyOS'];

describe('isMobileUserAgent', () => {
  it.each(MOBILE)('detects %s', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(true);
  });

  it.each(DESKTOP)('does not flag desktop %s', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(false);
  });

  it('detects any user agent containing a mobile token, in any letter case', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...TOKENS),
        fc.string(),
        fc.boolean(),
        (before, token, after, upper) => {
          const cased = upper ? token.toUpperCase() : token.toLowerCase();
          expect(isMobileUserAgent(`${before} ${cased} ${after}`)).toBe(true);
        },
      ),
    );
  });

  it('does not flag strings made only of digits and punctuation', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789 ./;()_-') }),
        (ua) => void expect(isMobileUserAgent(ua)).toBe(false),
      ),
    );
  });
});
