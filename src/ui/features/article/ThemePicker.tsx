import { useSelector } from '../../hooks/useSelector';
import { Code2, Palette } from 'lucide-react';
import { CODE_THEMES, PREVIEW_THEMES, type CodeTheme, type PreviewTheme } from '../../../domain/preferences/preferences';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import './article.css';

/** The reader's preview and code themes, persisted through the preferences actor. */
export function useReadingThemes(): { previewTheme: PreviewTheme; codeTheme: CodeTheme } {
  const preferences = useService(TOKENS.preferences);
  const previewTheme = useSelector(preferences, (snapshot) => snapshot.context.previewTheme);
  const codeTheme = useSelector(preferences, (snapshot) => snapshot.context.codeTheme);
  return { previewTheme, codeTheme };
}

export function ThemePicker() {
  const preferences = useService(TOKENS.preferences);
  const { previewTheme, codeTheme } = useReadingThemes();
  const text = zhCN.article;
  return (
    <div className="theme-picker" role="group" aria-label={text.themes}>
      <label className="theme-picker__field">
        <Palette aria-hidden="true" />
        <span>{text.previewTheme}</span>
        <select
          value={previewTheme}
          onChange={(event) => preferences.send({ type: 'preview.choose', theme: event.target.value as PreviewTheme })}
        >
          {PREVIEW_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {text.previewThemeNames[theme]}
            </option>
          ))}
        </select>
      </label>
      <label className="theme-picker__field">
        <Code2 aria-hidden="true" />
        <span>{text.codeTheme}</span>
        <select
          value={codeTheme}
          onChange={(event) => preferences.send({ type: 'code.choose', theme: event.target.value as CodeTheme })}
        >
          {CODE_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {text.codeThemeNames[theme]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
