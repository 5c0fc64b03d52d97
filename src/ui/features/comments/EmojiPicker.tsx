import { Smile } from 'lucide-react';
import { Popover } from 'radix-ui';
import * as zhCN from '../../../i18n/zh-CN';
import { EMOJI } from '../chat/emoji';

const text = zhCN.comments;

/** The chat room's local emoji (text, nothing fetched), inserted where the caret is. */
export function EmojiPicker({ onPick }: { onPick(emoji: string): void }) {
  return (
    <Popover.Root>
      <Popover.Trigger className="icon-button comment-box__tool" aria-label={text.emoji} title={text.emoji}>
        <Smile aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="comment-emoji" side="top" align="start" sideOffset={6} aria-label={text.emojiPanel}>
          {EMOJI.map((emoji) => (
            <button key={emoji} type="button" className="comment-emoji__item" aria-label={emoji} onClick={() => onPick(emoji)}>
              {emoji}
            </button>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
