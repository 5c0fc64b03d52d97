import { CalendarClock } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

const text = zhCN.consoleArticles.editor;
const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as a datetime-local input reads and writes it. */
function localInputValue(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 定时发布: a date and time picker; the chosen instant goes to the server, which publishes it then. */
export function ScheduleDialog({ onSchedule }: { onSchedule: (publishAt: string) => Promise<boolean> }) {
  const clock = useService(TOKENS.clock);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const at = new Date(value).getTime();
    if (Number.isNaN(at) || at <= clock.now()) {
      setError(text.scheduleInvalid);
      return;
    }
    setBusy(true);
    const done = await onSchedule(new Date(at).toISOString());
    setBusy(false);
    if (done) setOpen(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
        // An hour from now, to the minute, is a reasonable first guess.
        if (next) setValue(localInputValue(clock.now() + 3_600_000));
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button">
          <CalendarClock aria-hidden="true" />
          {text.schedule}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--small">
          <Dialog.Title className="console-dialog__title">{text.scheduleTitle}</Dialog.Title>
          <Dialog.Description className="console-dialog__text">{text.scheduleText}</Dialog.Description>
          <label className="console-field">
            <span>{text.scheduleAt}</span>
            <input
              type="datetime-local"
              value={value}
              min={localInputValue(clock.now())}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
          </label>
          {error && (
            <p className="console-field__error" role="alert">
              {error}
            </p>
          )}
          <div className="console-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="button" disabled={busy}>
                {zhCN.consoleArticles.confirm.cancel}
              </button>
            </Dialog.Close>
            <button type="button" className="button button--primary" disabled={busy || value === ''} onClick={() => void confirm()}>
              {text.scheduleConfirm}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
