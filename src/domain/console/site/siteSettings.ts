import type { SiteSettings } from './site';

/** The settings with a form's change applied. */
export function edited(settings: SiteSettings, change: Partial<SiteSettings>): SiteSettings {
  return { ...settings, ...change };
}

/** The typed mottos as one line each, the way the form edits them. */
export function mottoLines(mottos: readonly string[]): string {
  return mottos.join('\n');
}

/** A form's lines back to mottos; blank lines stay until the settings are sent (they may be about to be typed in). */
export function mottosOf(lines: string): string[] {
  return lines.split('\n');
}

/** What is sent: every text trimmed, blank motto lines dropped (the server stores the same). */
export function forSaving(settings: SiteSettings): SiteSettings {
  return {
    name: settings.name.trim(),
    author: settings.author.trim(),
    avatar: settings.avatar.trim(),
    motto: settings.motto.trim(),
    typedMottos: settings.typedMottos.map((motto) => motto.trim()).filter((motto) => motto !== ''),
    notice: settings.notice.trim(),
    copyright: settings.copyright.trim(),
    filingNumber: settings.filingNumber.trim(),
    since: settings.since.trim(),
  };
}

/** Equal once sent: spaces around a text or a blank motto line change nothing worth saving. */
export function sameSettings(a: SiteSettings, b: SiteSettings): boolean {
  return JSON.stringify(forSaving(a)) === JSON.stringify(forSaving(b));
}
