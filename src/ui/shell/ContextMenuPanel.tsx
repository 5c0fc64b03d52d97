import {
  ArrowLeft,
  ArrowRight,
  Copy,
  FolderOpen,
  Link,
  Moon,
  RotateCw,
  Shuffle,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import * as zhCN from '../../i18n/zh-CN';
import { randomArticlePath } from './contextMenuActions';
import { useTheme } from './useTheme';
import './contextMenu.css';

/** Distance kept from the window edges when the menu would spill out. */
const EDGE_PX = 8;

interface MenuAction {
  label: string;
  Icon: LucideIcon;
  run: () => void;
}

function useActions(): MenuAction[] {
  const navigate = useNavigate();
  const clipboard = useService(TOKENS.clipboard);
  const notifier = useService(TOKENS.notifier);
  const api = useService(TOKENS.siteApi);
  const random = useService(TOKENS.random);
  const { theme, toggle } = useTheme();
  const text = zhCN.contextMenu;

  return [
    { label: text.refresh, Icon: RotateCw, run: () => window.location.reload() },
    { label: text.back, Icon: ArrowLeft, run: () => navigate(-1) },
    { label: text.forward, Icon: ArrowRight, run: () => navigate(1) },
    {
      label: text.copyLink,
      Icon: Copy,
      run: () =>
        void clipboard.write(window.location.href).then(
          () => notifier.notify({ level: 'success', message: text.linkCopied }),
          () => notifier.notify({ level: 'error', message: zhCN.copy.failed }),
        ),
    },
    theme === 'dark'
      ? { label: text.toLight, Icon: Sun, run: toggle }
      : { label: text.toDark, Icon: Moon, run: toggle },
    { label: text.addLink, Icon: Link, run: () => navigate('/link/list') },
    {
      label: text.randomArticle,
      Icon: Shuffle,
      run: () => void randomArticlePath(api, random).then((path) => path && navigate(path)),
    },
    { label: text.allCategories, Icon: FolderOpen, run: () => navigate('/category') },
  ];
}

/** The site's right-click menu at `at`, until a click, a scroll, Escape or Tab closes it (a chunk of its own). */
export default function ContextMenuPanel({ at, onClose }: { at: { x: number; y: number }; onClose(): void }) {
  const menu = useRef<HTMLDivElement>(null);
  const actions = useActions();

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Tab') onClose();
    };
    // Any click closes it, including one on an item (after the item's own handler ran).
    window.addEventListener('click', onClose);
    window.addEventListener('scroll', onClose, { passive: true });
    window.addEventListener('resize', onClose);
    window.addEventListener('blur', onClose);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('click', onClose);
      window.removeEventListener('scroll', onClose);
      window.removeEventListener('resize', onClose);
      window.removeEventListener('blur', onClose);
      window.removeEventListener('keydown', onKey);
    };
  }, [at, onClose]);

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    // offset sizes ignore the opening animation's scale, which would make the menu look smaller than it is.
    const { offsetWidth: width, offsetHeight: height } = element;
    const left = Math.max(EDGE_PX, Math.min(at.x, window.innerWidth - width - EDGE_PX));
    const top = Math.max(EDGE_PX, Math.min(at.y, window.innerHeight - height - EDGE_PX));
    element.style.left = `${left}px`;
    element.style.top = `${top}px`;
    element.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [at]);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (!step || !menu.current) return;
    event.preventDefault();
    const items = Array.from(menu.current.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const current = items.indexOf(document.activeElement as HTMLElement);
    items[(current + step + items.length) % items.length]?.focus();
  };

  return (
    <div
      ref={menu}
      className="context-menu"
      role="menu"
      aria-label={zhCN.contextMenu.label}
      style={{ left: at.x, top: at.y }}
      onKeyDown={moveFocus}
    >
      {actions.map(({ label, Icon, run }) => (
        <button key={label} type="button" role="menuitem" className="context-menu__item" onClick={run}>
          <Icon aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
