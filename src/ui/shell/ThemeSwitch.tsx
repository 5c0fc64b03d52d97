import { Moon, Sun } from 'lucide-react';
import * as zhCN from '../../i18n/zh-CN';
import { useTheme } from './useTheme';

/** A sun/moon toggle; its label names the theme it switches to. */
export function ThemeSwitch() {
  const { theme, toggle } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className="theme-switch"
      data-theme-current={theme}
      aria-label={zhCN.theme.switchTo(dark ? zhCN.theme.light : zhCN.theme.dark)}
      title={zhCN.theme.switchTo(dark ? zhCN.theme.light : zhCN.theme.dark)}
      onClick={toggle}
    >
      <span className="theme-switch__track" aria-hidden="true">
        <Sun className="theme-switch__icon theme-switch__icon--sun" />
        <Moon className="theme-switch__icon theme-switch__icon--moon" />
        <span className="theme-switch__thumb" />
      </span>
    </button>
  );
}
