import { useSelector } from '../../hooks/useSelector';
import { Check, ImageUp, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ReportedError } from '../../../domain/account/account';
import type { Message, MessageDraft } from '../../../domain/content/content';
import { MESSAGE_MAX_LENGTH, messageDraftProblem } from '../../../domain/content/messages';
import { imageVariantUrl } from '../../../domain/media/imageVariants';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { useLoad } from '../content/useLoad';
import { boardChanged } from './boardVersion';
import { messageStyle } from './MessageCard';
import './messages.css';

/** Card colours offered when publishing; each keeps white text legible. */
export const MESSAGE_COLORS = ['#5b7db1', '#3f8f7a', '#b0654f', '#8a6bb8', '#c0577e', '#4f8fb8', '#7c8b3a', '#5f6b7a'] as const;

type Look = 'default' | 'color' | 'image';

function lookOf(draft: MessageDraft): Look {
  if (draft.bgImage) return 'image';
  if (draft.color) return 'color';
  return 'default';
}

/** Background images that already live on the site: those of recent posts and the board's page headers. */
function useBackgroundChoices(): string[] {
  const api = useService(TOKENS.contentApi);
  const headers = useSelector(useService(TOKENS.appSession), (snapshot) => snapshot.context.pageHeaders);
  const recent = useLoad('message-backgrounds', () => api.messages({ current: 1, size: 50 }));
  const images = [
    ...(recent.data?.list.map((message) => message.bgImage) ?? []),
    ...headers.filter((header) => header.route.startsWith('/message')).map((header) => header.image),
  ];
  return [...new Set(images.filter((image) => image !== ''))];
}

/** Writes a new post, or edits `existing`. */
export function MessageForm({ existing }: { existing?: Message }) {
  const api = useService(TOKENS.contentApi);
  const accountApi = useService(TOKENS.accountApi);
  const notifier = useService(TOKENS.notifier);
  const navigate = useNavigate();
  const backgrounds = useBackgroundChoices();
  const [draft, setDraft] = useState<MessageDraft>(() => ({
    content: existing?.content ?? '',
    color: existing?.color ?? '',
    bgImage: existing?.bgImage ?? '',
  }));
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'idle' | 'uploading' | 'sending'>('idle');
  const file = useRef<HTMLInputElement>(null);
  const text = zhCN.messages;
  const look = lookOf(draft);
  const length = Array.from(draft.content.trim()).length;
  const choices = [...new Set([...uploaded, ...backgrounds, ...(existing?.bgImage ? [existing.bgImage] : [])])];

  const chooseLook = (next: Look) => {
    if (next === 'default') setDraft({ ...draft, color: '', bgImage: '' });
    if (next === 'color') setDraft({ ...draft, color: draft.color || MESSAGE_COLORS[0], bgImage: '' });
    if (next === 'image' && choices[0] !== undefined) setDraft({ ...draft, color: '', bgImage: draft.bgImage || choices[0] });
    if (next === 'image' && choices[0] === undefined) file.current?.click();
  };

  const upload = (picked: File | undefined) => {
    if (!picked) return;
    setBusy('uploading');
    accountApi.uploadImage(picked, picked.name).then(
      (url) => {
        setUploaded((list) => [url, ...list]);
        setDraft((current) => ({ ...current, color: '', bgImage: url }));
        setBusy('idle');
      },
      (error: unknown) => {
        setBusy('idle');
        // Statuses the HTTP client reports itself come as ReportedError; a refusal before sending does not.
        if (!(error instanceof ReportedError)) {
          notifier.notify({ level: 'error', title: zhCN.session.errorTitle, message: error instanceof Error ? error.message : String(error) });
        }
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = messageDraftProblem(draft.content);
    if (found) {
      setProblem(found === 'empty' ? text.contentRequired : text.contentTooLong(MESSAGE_MAX_LENGTH));
      return;
    }
    setProblem(null);
    setBusy('sending');
    const body = { ...draft, content: draft.content.trim() };
    const sent = existing ? api.editMessage(existing.id, body) : api.publishMessage(body);
    sent.then(
      (message) => {
        boardChanged();
        notifier.notify({ level: 'success', message: existing ? text.updated : text.published });
        navigate(`/message/detail?id=${message.id}`, { replace: existing !== undefined });
      },
      (error: unknown) => {
        setBusy('idle');
        setProblem(error instanceof Error && error.message ? error.message : text.sendFailed);
      },
    );
  };

  return (
    <form className="form message-form" onSubmit={submit} noValidate>
      <label className="form__row">
        <span className="form__label">{text.contentLabel}</span>
        <textarea
          className="form__textarea"
          value={draft.content}
          placeholder={text.placeholder}
          maxLength={MESSAGE_MAX_LENGTH * 2}
          onChange={(event) => setDraft({ ...draft, content: event.target.value })}
        />
        <span className="form__hint" data-over={length > MESSAGE_MAX_LENGTH}>
          {text.counter(length, MESSAGE_MAX_LENGTH)}
        </span>
      </label>

      <fieldset className="message-form__looks">
        <legend className="form__label">{text.look}</legend>
        <div className="segmented" role="radiogroup" aria-label={text.look}>
          {(['default', 'color', 'image'] as const).map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={look === option}
              className="segmented__option"
              onClick={() => chooseLook(option)}
            >
              {text.looks[option]}
            </button>
          ))}
        </div>
        {look === 'color' && (
          <div className="swatches" role="radiogroup" aria-label={text.looks.color}>
            {MESSAGE_COLORS.map((color) => (
              <button
                key={color}
                type="button"
                role="radio"
                aria-checked={draft.color === color}
                aria-label={color}
                className="swatch"
                style={{ backgroundColor: color }}
                onClick={() => setDraft({ ...draft, color, bgImage: '' })}
              >
                {draft.color === color && <Check aria-hidden="true" />}
              </button>
            ))}
          </div>
        )}
        {look === 'image' && (
          <div className="swatches" role="radiogroup" aria-label={text.looks.image}>
            {choices.map((image) => (
              <button
                key={image}
                type="button"
                role="radio"
                aria-checked={draft.bgImage === image}
                aria-label={text.backgroundOption}
                className="swatch swatch--image"
                style={{ backgroundImage: `url("${encodeURI(imageVariantUrl(image, 320))}")` }}
                onClick={() => setDraft({ ...draft, color: '', bgImage: image })}
              >
                {draft.bgImage === image && <Check aria-hidden="true" />}
              </button>
            ))}
          </div>
        )}
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          hidden
          onChange={(event) => {
            upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {look !== 'default' && look !== 'color' && (
          <button type="button" className="button message-form__upload" onClick={() => file.current?.click()} disabled={busy !== 'idle'}>
            <ImageUp aria-hidden="true" />
            {busy === 'uploading' ? text.uploading : text.uploadBackground}
          </button>
        )}
      </fieldset>

      <div className="form__row">
        <span className="form__label">{text.preview}</span>
        <div
          className="message message--preview"
          data-layout="card"
          data-painted={look !== 'default'}
          data-image={look === 'image'}
          style={messageStyle(draft)}
        >
          <p className="message__content">{draft.content.trim() || text.placeholder}</p>
        </div>
      </div>

      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="button" onClick={() => navigate(existing ? `/message/detail?id=${existing.id}` : '/message/list')}>
          {text.cancel}
        </button>
        <button type="submit" className="button button--primary" disabled={busy !== 'idle'}>
          <Send aria-hidden="true" />
          {busy === 'sending' ? zhCN.shell.loading : existing ? text.save : text.submit}
        </button>
      </div>
    </form>
  );
}
