import { ImagePlus, LoaderCircle, Send, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { isMuted, type ChatMe } from '../../../domain/chat/chat';
import type { ChatRoom } from '../../../ports/chatRoom';
import * as zhCN from '../../../i18n/zh-CN';
import { useSelector } from '../../hooks/useSelector';
import { formatTime } from './chatFormat';
import { EmojiPicker } from './EmojiPicker';
import { PickedPreview } from './PickedPreview';

const text = zhCN.chat;

/** Where a member writes: text, emoji and a picture; or why they cannot (kicked, muted). */
export function Composer({ chat, me, kicked, nowMs }: { chat: ChatRoom; me: ChatMe; kicked: boolean; nowMs: number }) {
  const [draft, setDraft] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const uploading = useSelector(chat.room, (s) => s.matches({ upload: 'uploading' }));
  const mutedFlag = useSelector(chat.room, (s) => s.context.muted);
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const inputId = useId();

  if (kicked)
    return (
      <p className="chat-composer__hint" role="status">
        {text.kickedHint}
      </p>
    );
  if (isMuted(me, nowMs) || mutedFlag) {
    const until = me.mutedUntil ? formatTime(me.mutedUntil, nowMs) : '';
    return (
      <p className="chat-composer__hint" role="status">
        {until ? text.mutedUntilHint(until) : text.mutedHint}
      </p>
    );
  }

  const send = () => {
    chat.room.send({ type: 'message.send', content: draft });
    if (draft.trim() !== '') setDraft('');
    input.current?.focus();
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setImage(picked);
    event.target.value = '';
  };
  const sendImage = () => {
    if (!image) return;
    chat.room.send({ type: 'image.send', image });
    setImage(null);
  };

  return (
    <div className="chat-composer">
      {image && (
        <div className="chat-composer__image" role="group" aria-label={text.imagePreview}>
          <PickedPreview key={`${image.name}:${image.size}:${image.lastModified}`} file={image} />
          <button type="button" className="button button--primary" onClick={sendImage}>
            <Send aria-hidden="true" />
            {text.sendImage}
          </button>
          <button
            type="button"
            className="chat-icon-button"
            aria-label={text.cancelImage}
            onClick={() => setImage(null)}
          >
            <X aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="chat-composer__tools">
        <EmojiPicker onPick={(emoji) => setDraft((value) => value + emoji)} />
        <button
          type="button"
          className="chat-icon-button"
          aria-label={text.pickImage}
          onClick={() => file.current?.click()}
          disabled={uploading}
        >
          <ImagePlus aria-hidden="true" />
        </button>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          onChange={pick}
          aria-label={text.pickImage}
          tabIndex={-1}
        />
        {uploading && (
          <span className="chat-composer__uploading" role="status">
            <LoaderCircle aria-hidden="true" className="chat-spin" />
            {text.uploading}
          </span>
        )}
      </div>
      <div className="chat-composer__row">
        <label htmlFor={inputId} className="visually-hidden">
          {text.inputLabel}
        </label>
        <textarea
          id={inputId}
          ref={input}
          className="chat-composer__input"
          rows={2}
          maxLength={500}
          placeholder={text.inputPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKey}
        />
        <button type="button" className="button button--primary chat-composer__send" onClick={send}>
          <Send aria-hidden="true" />
          {text.send}
        </button>
      </div>
    </div>
  );
}
