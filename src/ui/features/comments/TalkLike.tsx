import { Heart } from 'lucide-react';
import { useState } from 'react';
import type { LikeState } from '../../../domain/comments/comments';
import { ReportedError } from '../../../domain/account/account';
import { formatCount } from '../content/format';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.talks;

/**
 * A talk's like: shown at once, sent, and put back if the server refuses. `known` is the reader's like as
 * the server said after the page loaded (visitors too: one like a day per browser and network).
 */
export function TalkLike({ id, likes, known }: { id: number; likes: number; known: LikeState | undefined }) {
  const api = useService(TOKENS.commentsApi);
  const notifier = useService(TOKENS.notifier);
  const [own, setOwn] = useState<LikeState | null>(null);
  const [sending, setSending] = useState(false);
  const state = own ?? known ?? { likes, liked: false };

  const toggle = () => {
    if (sending) return;
    const previous = state;
    const liked = !previous.liked;
    setOwn({ liked, likes: Math.max(0, previous.likes + (liked ? 1 : -1)) });
    setSending(true);
    api.likeTalk(id, liked).then(
      (answer) => {
        setOwn(answer);
        setSending(false);
      },
      (error: unknown) => {
        setOwn(previous);
        setSending(false);
        if (!(error instanceof ReportedError)) notifier.notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  return (
    <button
      type="button"
      className="talk-like"
      aria-pressed={state.liked}
      aria-label={text.likeName(state.liked, formatCount(state.likes))}
      onClick={toggle}
    >
      <Heart aria-hidden="true" />
      {formatCount(state.likes)}
    </button>
  );
}
