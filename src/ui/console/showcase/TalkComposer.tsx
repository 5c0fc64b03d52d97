import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import type { ConsoleTalk } from '../../../domain/console/showcase/showcase';
import {
  TALK_MAX_LENGTH,
  talkLength,
  talkProblem,
  talkToSend,
  type TalkProblem,
} from '../../../domain/console/showcase/talkDraft';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { TalkPictures } from './TalkPictures';
import { useAction } from './useAction';
import { useUploads } from './useUploads';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleShowcase.talks;

const PROBLEM_TEXT: Record<Exclude<TalkProblem, 'empty'>, string> = {
  tooLong: text.problem.tooLong(TALK_MAX_LENGTH),
  uploading: text.problem.uploading,
  failedUploads: text.problem.failedUploads,
};

/**
 * Writes a new talk (published at once, every user told of it) or edits `talk` (its text and pictures): the
 * text, up to nine pictures uploaded with their progress and put in order by dragging, and 置顶 for a new one.
 */
export function TalkComposer({
  talk,
  onSaved,
  onCancel,
}: {
  talk?: ConsoleTalk;
  onSaved: (talk: ConsoleTalk) => void;
  onCancel?: () => void;
}) {
  const api = useService(CONSOLE_TOKENS.showcaseConsoleApi);
  const act = useAction();
  const id = useId();
  const [content, setContent] = useState(talk?.content ?? '');
  const [pinned, setPinned] = useState(false);
  const [sending, setSending] = useState(false);
  const uploads = useUploads((file, onProgress, signal) => api.uploadTalkImage(file, file.name, onProgress, signal), {
    existing: talk?.images ?? [],
  });
  const problem = talkProblem(content, uploads.items);

  const submit = async () => {
    if (problem) return;
    setSending(true);
    const body = talkToSend(content, uploads.items);
    const saved = await act(
      () => (talk ? api.editTalk(talk.id, body) : api.publishTalk({ ...body, pinned })),
      talk ? text.saved : text.published,
    );
    setSending(false);
    if (!saved) return;
    if (!talk) {
      setContent('');
      setPinned(false);
      uploads.reset();
    }
    onSaved(saved);
  };

  return (
    <form
      className="talk-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className="console-field">
        <span className="visually-hidden">{talk ? text.editTitle : text.compose}</span>
        <textarea
          className="talk-composer__text"
          value={content}
          rows={talk ? 6 : 4}
          placeholder={text.placeholder}
          onChange={(event) => setContent(event.target.value)}
        />
      </label>
      <TalkPictures uploads={uploads} labelId={`${id}-pictures`} />
      <div className="talk-composer__foot">
        <span className="talk-composer__count" data-over={talkLength(content) > TALK_MAX_LENGTH}>
          {text.length(talkLength(content), TALK_MAX_LENGTH)}
        </span>
        {problem && problem !== 'empty' && (
          <span className="talk-composer__problem" data-problem={problem} role="status">
            {PROBLEM_TEXT[problem]}
          </span>
        )}
        <div className="talk-composer__actions">
          {!talk && (
            <label className="showcase-check">
              <input type="checkbox" checked={pinned} onChange={(event) => setPinned(event.target.checked)} />
              {text.pinNew}
            </label>
          )}
          {onCancel && (
            <button type="button" className="button" onClick={onCancel} disabled={sending}>
              {zhCN.consoleShowcase.cancel}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={problem !== null || sending}>
            <Send aria-hidden="true" />
            {talk
              ? sending
                ? zhCN.consoleShowcase.saving
                : zhCN.consoleShowcase.save
              : sending
                ? text.publishing
                : text.publish}
          </button>
        </div>
      </div>
    </form>
  );
}
