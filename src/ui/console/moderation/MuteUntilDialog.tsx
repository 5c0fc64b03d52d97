import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { checkMuteUntil, MUTE_MAX_DAYS } from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { localInputValue } from './time';

const text = zhCN.consoleModeration;
const words = text.chat;

/** 禁言到…: an end the blogger picks (in their own time zone), checked before it is sent. */
export function MuteUntilDialog({
  nickName,
  onClose,
  onMute,
}: {
  nickName: string;
  onClose: () => void;
  onMute: (until: string) => void;
}) {
  const clock = useService(TOKENS.clock);
  const [value, setValue] = useState(() => localInputValue(clock.now() + 24 * 3_600_000));
  const [tried, setTried] = useState(false);
  const fieldId = useId();
  // A `datetime-local` value is read in the browser's own time zone.
  const untilMs = value === '' ? Number.NaN : new Date(value).getTime();
  const problem = checkMuteUntil(untilMs, clock.now());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    onMute(new Date(untilMs).toISOString());
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--small">
          <Dialog.Title className="console-dialog__title">{words.muteDialogTitle(nickName)}</Dialog.Title>
          <Dialog.Description className="console-dialog__text">{words.muteDialogHint}</Dialog.Description>
          <form className="mod-form" onSubmit={submit} noValidate>
            <label className="console-field" htmlFor={fieldId}>
              {words.muteUntilLabel}
              <input
                id={fieldId}
                type="datetime-local"
                value={value}
                min={localInputValue(clock.now())}
                max={localInputValue(clock.now() + MUTE_MAX_DAYS * 86_400_000)}
                onChange={(event) => setValue(event.target.value)}
                aria-invalid={tried && problem !== null}
              />
            </label>
            {tried && problem && (
              <p className="mod-form__error" role="alert">
                {words.muteProblem[problem]}
              </p>
            )}
            <div className="console-dialog__actions">
              <Dialog.Close className="button" type="button">
                {text.cancel}
              </Dialog.Close>
              <button type="submit" className="button button--primary">
                {words.mute}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
