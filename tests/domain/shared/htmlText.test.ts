import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  FORBIDDEN_TAG_TEXT_WORDS,
  decodeAngleBrackets,
  isSafeTagText,
} from '../../../src/domain/shared/htmlText';

const LT_FORMS = ['&lt;', '&LT;', '&Lt;', '&#60;', '&#060;', '&#x3c;', '&#X3C;', '&#x3C;', '&#x003c;'];
const GT_FORMS = ['&gt;', '&GT;', '&#62;', '&#062;', '&#x3e;', '&#X3E;', '&#x3E;'];

// Plain text that cannot spell a forbidden word, a tag, or an entity.
const plainText = fc.string({ unit: fc.constantFrom(...'bcdfgjkmquvxyz0123456789 ,.!?'), maxLength: 20 });
const tagName = fc.constantFrom('b', 'i', 'p', 'em', 'strong', 'span', 'div', 'br', 'h1', 'code', 'mark');

// Builds "text <tag>text</tag> text".
const safeTagText = fc
  .tuple(plainText, tagName, plainText, plainText)
  .map(([before, tag, inner, after]) => `${before}<${tag}>${inner}</${tag}>${after}`);

function randomCase(word: string, mask: boolean[]): string {
  return [...word].map((ch, i) => (mask[i % Math.max(mask.length, 1)] ? ch.toUpperCase() : ch)).join('');
}

describe('decodeAngleBrackets', () => {
  it('decodes every named, decimal and hex form of < and >', () => {
    for (const lt of LT_FORMS) expect(decodeAngleBrackets(`a${lt}b`)).toBe('a<b');
    for (const gt of GT_FORMS) expect(decodeAngleBrackets(`a${gt}b`)).toBe('a>b');
    expect(decodeAngleBrackets('&lt;b&gt;bold&lt;/b&gt;')).toBe('<b>bold</b>');
  });

  it('leaves other entities alone and does not double-decode', () => {
    expect(decodeAngleBrackets('&amp; &quot; &#61; &#x3d; &lt')).toBe('&amp; &quot; &#61; &#x3d; &lt');
    expect(decodeAngleBrackets('&amp;lt;')).toBe('&amp;lt;');
  });

  it('is the identity on text without "&"', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('&')),
        (s) => void expect(decodeAngleBrackets(s)).toBe(s),
      ),
    );
  });

  it('round-trips text whose angle brackets were escaped in any supported form', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ab <>/1') }),
        fc.infiniteStream(fc.nat()),
        (text, picks) => {
          const escaped = [...text]
            .map((ch) => {
              const pick = picks.next().value;
              if (ch === '<') return LT_FORMS[pick % LT_FORMS.length];
              if (ch === '>') return GT_FORMS[pick % GT_FORMS.length];
              return ch;
            })
            .join('');
          expect(decodeAngleBrackets(escaped)).toBe(text);
        },
      ),
    );
  });
});

describe('isSafeTagText', () => {
  it.each([
    ['<b>bold</b>', true],
    ['hello <br/> world', true],
    ['<span class="x">hi</span>', true],
    ['&lt;b&gt;bold&lt;/b&gt;', true],
    ['&#60;p&#62;para&#60;/p&#62;', true],
    ['no tags at all', false],
    ['1 < 2 and 3 > 2', false],
    ['', false],
    ['<script>alert(1)</script>', false],
    ['&lt;script&gt;x&lt;/script&gt;', false],
    ['<img src=x onerror=foo>', false],
    ['<a href="/x">link</a>', false],
    ['<IFRAME src="x"></IFRAME>', false],
    ['<b>window</b>', false],
    ['<body onload=x>', false],
    ['<p>prompt</p>', false],
    ['<p>location</p>', false],
    ['<p>javascript</p>', false],
  ])('%s → %s', (text, expected) => {
    expect(isSafeTagText(text)).toBe(expected);
  });

  it('accepts generated tag text without forbidden words', () => {
    fc.assert(fc.property(safeTagText, (text) => void expect(isSafeTagText(text)).toBe(true)));
  });

  it('accepts the same text when its angle brackets are escaped', () => {
    fc.assert(
      fc.property(safeTagText, fc.constantFrom(...LT_FORMS), fc.constantFrom(...GT_FORMS), (text, lt, gt) => {
        const escaped = text.replaceAll('<', lt).replaceAll('>', gt);
        expect(isSafeTagText(escaped)).toBe(true);
      }),
    );
  });

  it('rejects tag text whenever a forbidden word is injected anywhere, in any letter case', () => {
    fc.assert(
      fc.property(
        safeTagText,
        fc.constantFrom(...FORBIDDEN_TAG_TEXT_WORDS),
        fc.nat(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        (text, word, at, mask) => {
          const position = at % (text.length + 1);
          const injected = text.slice(0, position) + randomCase(word, mask) + text.slice(position);
          expect(isSafeTagText(injected)).toBe(false);
        },
      ),
    );
  });

  it('rejects any text without a tag', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('<') && !s.includes('&')),
        (s) => void expect(isSafeTagText(s)).toBe(false),
      ),
    );
  });
});
