import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { chooseLanguage, languageFromAcceptLanguage } from '../../../src/domain/shared/language';

describe('languageFromAcceptLanguage', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['en', 'en'],
    ['EN-gb', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['en;q=0.8,zh-CN;q=0.9', 'zh-CN'],
    ['en-US,zh-TW;q=0.9', 'en'],
    ['zh-TW,en;q=0.5', 'zh-CN'],
    ['fr-FR,fr;q=0.9', 'zh-CN'],
    ['fr-FR,en;q=0.5', 'en'],
    ['en;q=0.5,zh;q=0.5', 'zh-CN'],
    ['*', 'zh-CN'],
    ['zh;q=0.2,*;q=0.5', 'en'],
    ['zh;q=0,en', 'en'],
    ['en;q=0', 'zh-CN'],
    ['en;q=0.000', 'zh-CN'],
    ['en;q=banana', 'en'],
    [' en-US ; q=0.7 , zh ; q=0.6 ', 'en'],
  ])('%j → %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  const tag = fc.constantFrom('en', 'en-US', 'en-GB', 'zh', 'zh-CN', 'zh-TW', 'zh-Hans', 'fr', 'ja-JP', 'de', '*');
  const quality = fc.option(
    fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000),
    { nil: undefined },
  );
  const header = fc.array(fc.record({ tag, quality }), { maxLength: 6 });
  const text = (entries: { tag: string; quality: number | undefined }[]) =>
    entries.map(({ tag, quality }) => (quality === undefined ? tag : `${tag};q=${quality}`)).join(', ');
  /** The reader's weight for a language family: its best named range, else `*`, else nothing. */
  const weight = (entries: { tag: string; quality: number | undefined }[], family: string) => {
    const of = (match: (tag: string) => boolean) =>
      Math.max(-1, ...entries.filter((e) => match(e.tag)).map((e) => e.quality ?? 1));
    const named = of((t) => t.split('-')[0] === family);
    return named >= 0 ? named : of((t) => t === '*');
  };

  it('is English exactly when the reader weighs English above Chinese (and above nothing)', () => {
    fc.assert(
      fc.property(header, (entries) => {
        const en = weight(entries, 'en');
        const zh = weight(entries, 'zh');
        expect(languageFromAcceptLanguage(text(entries))).toBe(en > 0 && en > zh ? 'en' : 'zh-CN');
      }),
    );
  });

  it('does not depend on the order of the ranges', () => {
    fc.assert(
      fc.property(header, (entries) => {
        expect(languageFromAcceptLanguage(text([...entries].reverse()))).toBe(
          languageFromAcceptLanguage(text(entries)),
        );
      }),
    );
  });

  it('never throws on any header', () => {
    fc.assert(fc.property(fc.string(), (raw) => ['zh-CN', 'en'].includes(languageFromAcceptLanguage(raw))));
  });
});

describe('chooseLanguage', () => {
  it('takes ?lang= first, then the cookie, then Accept-Language', () => {
    expect(chooseLanguage({ query: 'en', cookie: 'zh-CN', acceptLanguage: 'zh-CN' })).toBe('en');
    expect(chooseLanguage({ query: 'zh-CN', cookie: 'en', acceptLanguage: 'en' })).toBe('zh-CN');
    expect(chooseLanguage({ cookie: 'en', acceptLanguage: 'zh-CN' })).toBe('en');
    expect(chooseLanguage({ cookie: 'zh-CN', acceptLanguage: 'en' })).toBe('zh-CN');
    expect(chooseLanguage({ acceptLanguage: 'en-US,en;q=0.9' })).toBe('en');
    expect(chooseLanguage({})).toBe('zh-CN');
  });

  it('ignores values that name no interface language', () => {
    expect(chooseLanguage({ query: 'fr', cookie: 'de', acceptLanguage: 'en' })).toBe('en');
    expect(chooseLanguage({ query: ['en'], cookie: 'EN' })).toBe('zh-CN');
  });
});
