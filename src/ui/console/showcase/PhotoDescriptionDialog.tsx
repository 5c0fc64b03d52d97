import { Dialog } from 'radix-ui';
import { MessageSquareText, X } from 'lucide-react';
import { useState } from 'react';
import type { Photo } from '../../../domain/content/content';
import { PHOTO_DESCRIPTION_MAX } from '../../../domain/console/showcase/showcase';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { useAction } from './useAction';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleShowcase;

/** 描述: the words shown under a photo in the viewer. */
export function PhotoDescriptionDialog({
  photo,
  label,
  onSaved,
}: {
  photo: Photo;
  label: string;
  onSaved: (photo: Photo) => void;
}) {
  const api = useService(CONSOLE_TOKENS.showcaseConsoleApi);
  const act = useAction();
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState(photo.description);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const saved = await act(() => api.describePhoto(photo.id, description), text.photos.described);
    setBusy(false);
    if (!saved) return;
    setOpen(false);
    onSaved(saved);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setDescription(photo.description);
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="console-action" aria-label={`${text.photos.describe} ${label}`}>
          <MessageSquareText aria-hidden="true" />
          {text.photos.describe}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--form" aria-describedby={undefined}>
          <Dialog.Title className="console-dialog__title">{text.photos.describeTitle}</Dialog.Title>
          <Dialog.Close className="icon-button console-dialog__close" aria-label={text.cancel}>
            <X aria-hidden="true" />
          </Dialog.Close>
          <form
            className="showcase-form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <img className="showcase-form__photo" src={photo.url} alt={label} />
            <label className="console-field">
              <span className="visually-hidden">{text.photos.describeTitle}</span>
              <textarea
                value={description}
                maxLength={PHOTO_DESCRIPTION_MAX}
                rows={3}
                autoFocus
                placeholder={text.photos.descriptionPlaceholder}
                onChange={(event) => setDescription(event.target.value)}
              />
            </label>
            <div className="console-dialog__actions">
              <button type="button" className="button" onClick={() => setOpen(false)} disabled={busy}>
                {text.cancel}
              </button>
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? text.saving : text.save}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
