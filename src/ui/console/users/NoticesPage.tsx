import { useActorRef } from '@xstate/react';
import { useSelector } from '../../hooks/useSelector';
import { Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { fromPromise } from 'xstate';
import { noticeComposerMachine } from '../../../domain/console/users/noticeComposer.machine';
import { NOTICE_MAX_LENGTH } from '../../../domain/console/users/users';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { ConfirmButton } from '../ConfirmButton';
import { NoticePreview } from './NoticePreview';
import '../moderation/moderation.css';
import './users.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const words = zhCN.consoleUsers.notices;

/** 通知: a type-4 notice written, previewed as the drawer will show it, and sent to every user. */
export default function NoticesPage() {
  const api = useService(CONSOLE_TOKENS.usersApi);
  const notifier = useService(TOKENS.notifier);
  const [machine] = useState(() =>
    noticeComposerMachine.provide({
      actors: {
        previewNotice: fromPromise(({ input }) => api.previewNotice(input.message)),
        sendNotice: fromPromise(({ input }) => api.sendNotice(input.message)),
      },
    }),
  );
  const composer = useActorRef(machine);
  const message = useSelector(composer, (s) => s.context.message);
  const preview = useSelector(composer, (s) => s.context.preview);
  const stale = useSelector(composer, (s) => s.context.preview !== null && s.context.previewFor !== s.context.message);
  const problem = useSelector(composer, (s) => s.context.problem);
  const sending = useSelector(composer, (s) => s.hasTag('sending'));
  const fieldId = useId();

  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
    const sent = composer.on('notice.sent', ({ count }) => notifier.notify({ level: 'success', message: words.sent(count) }));
    const failed = composer.on('notice.failed', ({ message: reason, reported }) => {
      if (!reported) notifier.notify({ level: 'error', message: reason });
    });
    const refused = composer.on('notice.refused', ({ problem: why }) => notifier.notify({ level: 'warning', message: words.refused[why] }));
    return () => {
      sent.unsubscribe();
      failed.unsubscribe();
      refused.unsubscribe();
    };
  }, [composer, notifier]);

  return (
    <section className="console-page mod-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
      </header>
      <p className="notices-intro">{words.intro}</p>
      <div className="notices-layout">
        <div className="console-card mod-panel">
          <label className="console-field" htmlFor={fieldId}>
            {words.messageLabel}
            <textarea
              id={fieldId}
              rows={8}
              value={message}
              placeholder={words.messagePlaceholder}
              onChange={(event) => composer.send({ type: 'message.change', message: event.target.value })}
              aria-describedby={`${fieldId}-hint`}
            />
          </label>
          <p className="notices-hint" id={`${fieldId}-hint`}>
            <span>{words.hint}</span>
            <span className="notices-hint__count" data-over={message.trim().length > NOTICE_MAX_LENGTH}>
              {words.count(message.trim().length, NOTICE_MAX_LENGTH)}
            </span>
          </p>
          <div className="notices-actions">
            <ConfirmButton
              className="button button--primary"
              title={words.confirmSend}
              description={words.confirmHint}
              action={words.send}
              disabled={sending || message.trim() === ''}
              onConfirm={() => composer.send({ type: 'notice.send' })}
            >
              <Send aria-hidden="true" />
              {sending ? words.sending : words.send}
            </ConfirmButton>
          </div>
        </div>
        <div className="console-card mod-panel">
          <NoticePreview html={preview} stale={stale} problem={problem} />
        </div>
      </div>
    </section>
  );
}
