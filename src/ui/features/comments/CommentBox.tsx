import { Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  COMMENT_MAX_LENGTH,
  VISITOR_NICKNAME_MAX_LENGTH,
  commentDraftProblem,
  commentLength,
  type CommentDraft,
  type CommentDraftProblem,
  type CommentRef,
  type VisitorSignature,
} from '../../../domain/comments/comments';
import { TOKENS } from '../../../ports/tokens';
import { useHydrated } from '../../app/pageData';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { EmojiPicker } from './EmojiPicker';

const text = zhCN.comments;

/** A visitor's name, email and site, remembered in this browser for the next comment (as Waline does). */
const VISITOR_KEY = 'commentVisitor';

function problemText(problem: CommentDraftProblem): string {
  switch (problem) {
    case 'empty':
      return text.problems.empty;
    case 'tooLong':
      return text.problems.tooLong(COMMENT_MAX_LENGTH);
    case 'nicknameRequired':
      return text.problems.nicknameRequired;
    case 'nicknameTooLong':
      return text.problems.nicknameTooLong(VISITOR_NICKNAME_MAX_LENGTH);
    case 'emailInvalid':
      return text.problems.emailInvalid;
    case 'siteInvalid':
      return text.problems.siteInvalid;
  }
}

/** A comment the server refused, handed back to the box it was written in. */
export interface Refusal {
  draft: CommentDraft;
  message: string;
}

interface CommentBoxProps {
  /** The comment answered; absent for a new top-level comment. */
  replyTo?: CommentRef;
  /** A visitor writes: the box asks for a nickname, and optionally an email and a site. */
  asVisitor: boolean;
  refusal: Refusal | null;
  /** Sends the draft (shown at once); the box empties. */
  onSubmit(draft: CommentDraft): void;
  onCancel?(): void;
}

/** The comment box: text with a live counter to 1 000, the chat room's emoji, a visitor's signature. */
export function CommentBox({ replyTo, asVisitor, refusal, onSubmit, onCancel }: CommentBoxProps) {
  const store = useService(TOKENS.localStore);
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [content, setContent] = useState('');
  const [visitor, setVisitor] = useState<VisitorSignature>(
    () => store.get<VisitorSignature>(VISITOR_KEY) ?? { nickName: '', email: '', site: '' },
  );
  const [problem, setProblem] = useState<string | null>(null);
  // Server-rendered, the box takes no typing until its code is there: hydration would drop the text.
  const live = useHydrated();
  const length = commentLength(content);

  // A refused comment comes back to its box, with the server's reason (unless the reader wrote on since).
  const [shownRefusal, setShownRefusal] = useState<Refusal | null>(null);
  if (refusal !== shownRefusal) {
    setShownRefusal(refusal);
    if (refusal) {
      if (content.trim() === '') setContent(refusal.draft.content);
      setProblem(refusal.message);
    }
  }

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const insert = (emoji: string) => {
    const box = input.current;
    const start = box?.selectionStart ?? content.length;
    const end = box?.selectionEnd ?? content.length;
    setContent(content.slice(0, start) + emoji + content.slice(end));
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const draft: CommentDraft = {
      content,
      ...(replyTo ? { replyTo: replyTo.id } : {}),
      ...(asVisitor ? { visitor } : {}),
    };
    const found = commentDraftProblem(draft);
    if (found) {
      setProblem(problemText(found));
      return;
    }
    if (asVisitor) store.set(VISITOR_KEY, visitor);
    setProblem(null);
    setContent('');
    onSubmit(draft);
  };

  const field = (name: keyof VisitorSignature, label: string, type: string, required = false) => (
    <input
        className="form__input comment-box__field"
        type={type}
        placeholder={label}
        aria-label={label}
        required={required}
        readOnly={!live}
        value={visitor[name]}
        maxLength={name === 'nickName' ? VISITOR_NICKNAME_MAX_LENGTH * 2 : 200}
        onChange={(event) => setVisitor({ ...visitor, [name]: event.target.value })}
      />
  );

  return (
    <form
      className="comment-box"
      data-reply={replyTo !== undefined}
      aria-label={replyTo ? text.replyTo(replyTo.nickName) : text.boxLabel}
      onSubmit={submit}
      noValidate
    >
      {asVisitor && (
        <div className="comment-box__visitor">
          {field('nickName', text.nickname, 'text', true)}
          {field('email', text.email, 'email')}
          {field('site', text.site, 'url')}
        </div>
      )}
      <label className="visually-hidden" htmlFor={id}>
        {replyTo ? text.replyTo(replyTo.nickName) : text.boxLabel}
      </label>
      <textarea
        id={id}
        ref={input}
        className="form__textarea comment-box__text"
        value={content}
        readOnly={!live}
        placeholder={replyTo ? text.replyPlaceholder(replyTo.nickName) : text.placeholder}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
        }}
      />
      {asVisitor && <p className="comment-box__hint">{text.visitorHint}</p>}
      {problem && (
        <p className="form__error comment-box__error" role="alert">
          {problem}
        </p>
      )}
      <div className="comment-box__bar">
        <EmojiPicker onPick={insert} />
        <span className="comment-box__counter" data-over={length > COMMENT_MAX_LENGTH}>
          {text.counter(length, COMMENT_MAX_LENGTH)}
        </span>
        {onCancel && (
          <button type="button" className="button comment-box__cancel" aria-label={text.cancelReply} onClick={onCancel}>
            <X aria-hidden="true" />
            <span className="comment-box__cancel-label">{text.cancelReply}</span>
          </button>
        )}
        <button type="submit" className="button button--primary">
          <Send aria-hidden="true" />
          {replyTo ? text.replySubmit : text.submit}
        </button>
      </div>
    </form>
  );
}
