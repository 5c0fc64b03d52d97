import type { Language } from '../../domain/shared/language';
import { currentLanguage } from '../../i18n/language';
import { loadEnglishCatalogue } from '../../i18n/englishChunks';
import * as zhCN from '../../i18n/zh-CN';
import { LANGUAGE_COOKIE } from '../../ports/pageSeed';
import { CACHE_NAMES } from '../../serviceWorker/policy';
import './languageSwitch.css';

const text = zhCN.language;
const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Keeps the choice in a cookie (the server renders the next pages in it) and reloads the page in it, without
 * `?lang=` (which would override the cookie). The offline copies of pages in the other language are dropped:
 * the offline worker could otherwise show one when the network is slow. The English catalogue is fetched
 * first, so the reloaded page finds it in the cache.
 */
async function switchTo(language: Language): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  await Promise.allSettled([
    'caches' in window ? caches.delete(CACHE_NAMES.page) : undefined,
    language === 'en' ? loadEnglishCatalogue() : undefined,
  ]);
  const url = new URL(window.location.href);
  url.searchParams.delete('lang');
  if (url.href === window.location.href) window.location.reload();
  else window.location.replace(url);
}

const choices = (): { language: Language; short: string; name: string }[] => [
  { language: 'zh-CN', short: text.chinese, name: text.chineseName },
  { language: 'en', short: text.english, name: text.englishName },
];

/** 中 / EN: the interface language, each named in itself; pressing the other one reloads the page in it. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const current = currentLanguage();
  return (
    <div role="group" aria-label={text.label} className={`language-switch ${className}`.trim()}>
      {choices().map(({ language, short, name }) => (
        <button
          key={language}
          type="button"
          lang={language}
          title={name}
          className="language-switch__choice"
          aria-pressed={language === current}
          onClick={language === current ? undefined : () => void switchTo(language)}
        >
          {short}
        </button>
      ))}
    </div>
  );
}
