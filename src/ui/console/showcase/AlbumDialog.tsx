import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Album } from '../../../domain/content/content';
import { ALBUM_DESCRIPTION_MAX, ALBUM_NAME_MAX } from '../../../domain/console/showcase/showcase';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { useAction } from './useAction';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleShowcase;

/** 新建相册 (no `album`) or 编辑相册: its name and description. The form starts afresh each time it opens. */
export function AlbumDialog({
  album,
  children,
  onSaved,
}: {
  album?: Album;
  children: ReactNode;
  onSaved: (album: Album) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--form" aria-describedby={undefined}>
          <Dialog.Title className="console-dialog__title">
            {album ? text.albums.editTitle : text.albums.createTitle}
          </Dialog.Title>
          <Dialog.Close className="icon-button console-dialog__close" aria-label={text.cancel}>
            <X aria-hidden="true" />
          </Dialog.Close>
          <AlbumForm
            album={album}
            onCancel={() => setOpen(false)}
            onSaved={(saved) => {
              setOpen(false);
              onSaved(saved);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AlbumForm({
  album,
  onSaved,
  onCancel,
}: {
  album?: Album;
  onSaved: (album: Album) => void;
  onCancel: () => void;
}) {
  const api = useService(CONSOLE_TOKENS.showcaseConsoleApi);
  const act = useAction();
  const [name, setName] = useState(album?.name ?? '');
  const [description, setDescription] = useState(album?.description ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const fields = { name, description };
    const saved = await act(
      () => (album ? api.editAlbum(album.id, fields) : api.createAlbum(fields)),
      album ? text.albums.saved : text.albums.created,
    );
    setBusy(false);
    if (saved) onSaved(saved);
  };
  return (
    <form
      className="showcase-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className="console-field">
        <span>{text.albums.name}</span>
        <input
          value={name}
          maxLength={ALBUM_NAME_MAX}
          required
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="console-field">
        <span>
          {text.albums.description}
          <small className="showcase-muted">（{text.albums.descriptionHint}）</small>
        </span>
        <textarea
          value={description}
          maxLength={ALBUM_DESCRIPTION_MAX}
          rows={3}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <div className="console-dialog__actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {text.cancel}
        </button>
        <button type="submit" className="button button--primary" disabled={busy || name.trim() === ''}>
          {busy ? text.saving : text.save}
        </button>
      </div>
    </form>
  );
}
