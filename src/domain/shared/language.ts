/** The interface languages: Chinese, the default, and English. Articles, talks and songs stay as written. */
export type Language = 'zh-CN' | 'en';

export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];

export function isLanguage(value: unknown): value is Language {
  return value === 'zh-CN' || value === 'en';
}

/**
 * The interface language an `Accept-Language` header asks for: English only when the reader prefers some
 * English (`en`, `en-US`…) over every Chinese (`zh`, `zh-CN`, `zh-TW`…) by q-value; Chinese otherwise,
 * ties included. `*` stands for any language the header does not name.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  const quality = { zh: -1, en: -1, any: -1 };
  for (const part of (header ?? '').split(',')) {
    const [range = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters
      .map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1])
      .find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    const primary = range.trim().split('-')[0];
    const key = primary === 'zh' || primary === 'en' ? primary : primary === '*' ? 'any' : undefined;
    if (key) quality[key] = Math.max(quality[key], weight);
  }
  const en = quality.en >= 0 ? quality.en : quality.any;
  const zh = quality.zh >= 0 ? quality.zh : quality.any;
  return en > 0 && en > zh ? 'en' : DEFAULT_LANGUAGE;
}

/** How a page's language is chosen: `?lang=` first, then the reader's stored choice, then the browser's. */
export function chooseLanguage(
  choice: { query?: unknown; cookie?: unknown; acceptLanguage?: string },
  fromHeader: (header: string | undefined) => Language = languageFromAcceptLanguage,
): Language {
  if (isLanguage(choice.query)) return choice.query;
  if (isLanguage(choice.cookie)) return choice.cookie;
  return fromHeader(choice.acceptLanguage);
}
