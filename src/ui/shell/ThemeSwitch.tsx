import { Moon, Sun } from 'lucide-react';
import * as zhCN from '../../i18n/zh-CN';
import { useTheme } from './useTheme';

const text = zhCN.theme;

/**
 * A sun/moon toggle; its name says the theme it switches to. Both names are in the markup and header.css
 * shows the one for `<html data-theme>`, which the page's inline script sets before the first paint: the
 * server cannot know a theme chosen by the reader's clock, so the name is right before the app starts too,
 * and the app renders the same markup in either theme.
 */
export function ThemeSwitch() {
  const { toggle } = useTheme();
  return (
    <button type="button" className="theme-switch" onClick={toggle}>
      <span className="visually-hidden theme-switch__name--to-dark">{text.switchTo(text.dark)}</span>
      <span className="visually-hidden theme-switch__name--to-light">{text.switchTo(text.light)}</span>
      <span className="theme-switch__track" aria-hidden="true">
        <Sun className="theme-switch__icon theme-switch__icon--sun" />
        <Moon className="theme-switch__icon theme-switch__icon--moon" />
        <span className="theme-switch__thumb" />
      </span>
    </button>
  );
}
