import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { ReportedError } from '../../../domain/account/account';
import { REVIEW_PAGE_SIZE, type ReviewAction, type ReviewComment, type ReviewPage } from '../../../domain/console/comments/reviewQueue';
import { TOKENS } from '../../../ports/tokens';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { ListPager } from '../ListPager';
import { ReviewRow } from './ReviewRow';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleComments;

interface AuthorCommentsProps {
  /** A comment of the commenter whose comments are listed; null: closed. */
  of: ReviewComment | null;
  onClose(): void;
  /** Something was approved, marked or deleted here: the queue behind reloads. */
  onChanged(): void;
}

/** Every comment of one commenter, whatever its status, with the same actions as the queue. */
export function AuthorComments({ of, onClose, onChanged }: AuthorCommentsProps) {
  const api = useService(CONSOLE_TOKENS.commentsConsoleApi);
  const notifier = useService(TOKENS.notifier);
  const [current, setCurrent] = useState(1);
  const [version, setVersion] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; page: ReviewPage } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = of ? `${of.id}:${current}:${version}` : '';
  const page = answer?.key === key ? answer.page : null;

  useEffect(() => {
    if (!of) return;
    let live = true;
    api.byAuthorOf(of.id, current, REVIEW_PAGE_SIZE).then(
      (result) => live && setAnswer({ key: `${of.id}:${current}:${version}`, page: result }),
      (error: unknown) => {
        if (live && !(error instanceof ReportedError)) notifier.notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [api, notifier, of, current, version]);

  const act = async (comment: ReviewComment, action: ReviewAction) => {
    setBusy(true);
    try {
      if (action === 'delete') await api.delete(comment.id);
      else await api.setStatus(comment.id, action === 'approve' ? 'approved' : 'spam');
      notifier.notify({ level: 'success', message: text.acted[action](1) });
      setVersion((n) => n + 1);
      onChanged();
    } catch (error) {
      if (!(error instanceof ReportedError)) notifier.notify({ level: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={of !== null}
      onOpenChange={(open) => {
        if (open) return;
        setCurrent(1);
        onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--medium" aria-describedby={undefined}>
          <header className="review-dialog__head">
            <Dialog.Title className="console-dialog__title">{of ? text.authorCommentsTitle(of.author.nickName) : ''}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label={text.close}>
                <X aria-hidden="true" />
              </button>
            </Dialog.Close>
          </header>
          {!page ? (
            <Loading />
          ) : (
            <>
              <ol className="review-list">
                {page.list.map((comment) => (
                  <ReviewRow
                    key={comment.id}
                    comment={comment}
                    showStatus
                    busy={busy}
                    onAct={(action) => void act(comment, action)}
                  />
                ))}
              </ol>
              <ListPager total={page.total} current={page.current} size={page.size} onPage={setCurrent} />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
