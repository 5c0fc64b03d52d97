import { useSelector } from '../../hooks/useSelector';
import { AlertTriangle, Check, CloudOff, LoaderCircle, PenLine } from 'lucide-react';
import * as zhCN from '../../../i18n/zh-CN';
import { formatDateTime } from '../../features/content/format';
import type { ArticleDraftActor } from './useArticleDraft';

const text = zhCN.consoleArticles.save;

type Shown = { tone: 'ok' | 'busy' | 'pending' | 'error'; label: string };

/** 已保存 · 时间 / 保存中… / 未保存 / 离线，已保存在本机 / 冲突: always on screen while editing. */
export function SaveIndicator({ actor }: { actor: ArticleDraftActor }) {
  const shown = useSelector(actor, (snapshot): Shown => {
    const { savedAt, error } = snapshot.context;
    if (snapshot.matches('saving')) return { tone: 'busy', label: text.saving };
    if (snapshot.matches('conflict')) return { tone: 'error', label: text.conflict };
    if (snapshot.matches('offline')) return { tone: 'error', label: text.offline };
    if (snapshot.matches({ dirty: 'refused' })) return { tone: 'error', label: text.refused(error ?? '') };
    if (snapshot.matches({ dirty: 'untitled' })) return { tone: 'pending', label: text.untitled };
    if (snapshot.matches('dirty')) return { tone: 'pending', label: text.dirty };
    if (snapshot.matches('saved') || savedAt !== '') return { tone: 'ok', label: text.saved(formatDateTime(savedAt)) };
    return { tone: 'ok', label: text.idle };
  }, (a, b) => a.tone === b.tone && a.label === b.label);
  const Icon = { ok: Check, busy: LoaderCircle, pending: PenLine, error: shown.label === text.offline ? CloudOff : AlertTriangle }[shown.tone];
  return (
    <span className="save-indicator" data-tone={shown.tone} role="status" aria-live="polite">
      <Icon aria-hidden="true" />
      {shown.label}
    </span>
  );
}
