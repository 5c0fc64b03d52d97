import { useActorRef } from '@xstate/react';
import { useSelector } from '../../hooks/useSelector';
import { Save, Undo2 } from 'lucide-react';
import { useEffect, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import type { SiteSettings } from '../../../domain/console/site/site';
import { SITE_LIMITS } from '../../../domain/console/site/siteLimits';
import { siteSettingsMachine } from '../../../domain/console/site/siteSettings.machine';
import { mottoLines, mottosOf } from '../../../domain/console/site/siteSettings';
import * as zhCN from '../../../i18n/zh-CN';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { ImageField } from './ImageField';
import { ListStatus } from '../ListStatus';
import { TextField } from './TextField';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleSite;
const words = text.settings;

/** The settings form: the site, the author card and the footer, saved together. */
export function SettingsForm() {
  const api = useService(CONSOLE_TOKENS.siteConsoleApi);
  const notifier = useService(TOKENS.notifier);
  const clock = useService(TOKENS.clock);
  const actor = useActorRef(
    siteSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise(() => api.settings()),
        saveSettings: fromPromise(({ input }) => api.saveSettings(input.settings)),
      },
    }),
  );
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const error = useSelector(actor, (snapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null));
  const dirty = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'dirty' }));
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'saving' }));

  useEffect(() => {
    const saved = actor.on('settings.saved', () => notifier.notify({ level: 'success', message: text.saved, durationMs: LIST_ACTION_NOTICE_MS }));
    const failed = actor.on('settings.failed', ({ message, reported }) => {
      if (!reported) notifier.notify({ level: 'error', message });
    });
    return () => {
      saved.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, notifier]);

  if (draft === null) return <ListStatus loading={error === null} error={error} onRetry={() => actor.send({ type: 'settings.reload' })} />;

  const edit = (change: Partial<SiteSettings>) => actor.send({ type: 'settings.edit', change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'settings.save' });
  };
  const defaultCopyright = zhCN.footer.copyright(new Date(clock.now()).getFullYear(), draft.name.trim());

  return (
    <form className="site-settings" onSubmit={submit} aria-label={words.title}>
      <fieldset className="console-card site-settings__group">
        <legend>{words.basics}</legend>
        <TextField label={words.name} value={draft.name} onChange={(name) => edit({ name })} max={SITE_LIMITS.name} required />
        <TextField label={words.since} value={draft.since} onChange={(since) => edit({ since })} max={10} type="date" hint={words.sinceHint} required />
        <TextField
          label={words.notice}
          value={draft.notice}
          onChange={(notice) => edit({ notice })}
          max={SITE_LIMITS.notice}
          rows={5}
          hint={words.noticeHint}
        />
      </fieldset>

      <fieldset className="console-card site-settings__group">
        <legend>{words.authorCard}</legend>
        <ImageField label={words.avatar} value={draft.avatar} onChange={(avatar) => edit({ avatar })} shape="round" />
        <TextField label={words.author} value={draft.author} onChange={(author) => edit({ author })} max={SITE_LIMITS.author} required />
        <TextField label={words.motto} value={draft.motto} onChange={(motto) => edit({ motto })} max={SITE_LIMITS.motto} />
        <TextField
          label={words.typedMottos}
          value={mottoLines(draft.typedMottos)}
          onChange={(lines) => edit({ typedMottos: mottosOf(lines) })}
          max={SITE_LIMITS.typedMottos * (SITE_LIMITS.typedMotto + 1)}
          rows={5}
          hint={words.typedMottosHint}
        />
      </fieldset>

      <fieldset className="console-card site-settings__group">
        <legend>{words.footer}</legend>
        <TextField
          label={words.copyright}
          value={draft.copyright}
          onChange={(copyright) => edit({ copyright })}
          max={SITE_LIMITS.copyright}
          placeholder={defaultCopyright}
          hint={words.copyrightHint(defaultCopyright)}
        />
        <TextField
          label={words.filingNumber}
          value={draft.filingNumber}
          onChange={(filingNumber) => edit({ filingNumber })}
          max={SITE_LIMITS.filingNumber}
          hint={words.filingNumberHint}
        />
      </fieldset>

      <div className="site-settings__bar">
        <span className="site-settings__status" role="status">
          {dirty || saving ? words.unsaved : words.allSaved}
        </span>
        <button type="button" className="button" disabled={!dirty} onClick={() => actor.send({ type: 'settings.reset' })}>
          <Undo2 aria-hidden="true" />
          {words.reset}
        </button>
        <button type="submit" className="button button--primary" disabled={!dirty}>
          <Save aria-hidden="true" />
          {saving ? text.saving : text.save}
        </button>
      </div>
    </form>
  );
}
