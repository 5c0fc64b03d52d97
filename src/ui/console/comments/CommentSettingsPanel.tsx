import { Save } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ReportedError } from '../../../domain/account/account';
import {
  KEYWORD_MAX_LENGTH,
  KEYWORDS_MAX,
  keywordsProblem,
  parseKeywords,
  type CommentSettings,
} from '../../../domain/console/comments/reviewQueue';
import { TOKENS } from '../../../ports/tokens';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleComments.settings;

/** Whether visitors may comment, and the keywords that send a comment to 待审核. */
export function CommentSettingsPanel() {
  const api = useService(CONSOLE_TOKENS.commentsConsoleApi);
  const notifier = useService(TOKENS.notifier);
  const switchId = useId();
  const keywordsId = useId();
  const [loaded, setLoaded] = useState<CommentSettings | null>(null);
  const [visitors, setVisitors] = useState(false);
  const [keywords, setKeywords] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    api.settings().then(
      (settings) => {
        if (!live) return;
        setLoaded(settings);
        setVisitors(settings.visitorsMayComment);
        setKeywords(settings.keywords.join('\n'));
      },
      (error: unknown) => {
        if (live && !(error instanceof ReportedError)) setProblem(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  const parsed = parseKeywords(keywords);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = keywordsProblem(parsed);
    if (found) {
      setProblem(found.kind === 'tooMany' ? text.tooMany(KEYWORDS_MAX) : text.tooLong(found.keyword, KEYWORD_MAX_LENGTH));
      return;
    }
    setSaving(true);
    try {
      const saved = await api.saveSettings({ visitorsMayComment: visitors, keywords: parsed });
      setLoaded(saved);
      setVisitors(saved.visitorsMayComment);
      setKeywords(saved.keywords.join('\n'));
      setProblem(null);
      notifier.notify({ level: 'success', message: text.saved });
    } catch (error) {
      if (!(error instanceof ReportedError)) setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="console-card review-settings" aria-labelledby="review-settings-title">
      <h2 id="review-settings-title" className="review-settings__title">
        {text.title}
      </h2>
      {!loaded && !problem ? (
        <Loading />
      ) : (
        <form className="review-settings__form" onSubmit={submit} noValidate>
          <div className="review-settings__switch">
            <Switch.Root id={switchId} className="review-switch" checked={visitors} onCheckedChange={setVisitors}>
              <Switch.Thumb className="review-switch__thumb" />
            </Switch.Root>
            <label htmlFor={switchId}>{text.visitors}</label>
          </div>
          <p className="review-settings__hint">{text.visitorsHint}</p>
          <div className="console-field">
            <label htmlFor={keywordsId}>
              {text.keywords}
              <span className="review-settings__count">{text.keywordsCount(parsed.length, KEYWORDS_MAX)}</span>
            </label>
            <textarea id={keywordsId} rows={6} value={keywords} onChange={(event) => setKeywords(event.target.value)} />
          </div>
          <p className="review-settings__hint">{text.keywordsHint}</p>
          {problem && (
            <p className="review-settings__error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={saving || !loaded}>
            <Save aria-hidden="true" />
            {text.save}
          </button>
        </form>
      )}
    </section>
  );
}
