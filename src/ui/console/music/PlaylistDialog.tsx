import { useState } from 'react';
import type { MusicPlaylist } from '../../../domain/console/music/music';
import { MUSIC_LIMITS } from '../../../domain/console/music/musicLimits';
import * as zhCN from '../../../i18n/zh-CN';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';
import { useService } from '../../di';
import { FormDialog } from '../site/FormDialog';
import { TextField } from '../site/TextField';
import { useAction } from '../showcase/useAction';

const text = zhCN.consoleMusic;

/** 新建歌单 (no `playlist`) or 编辑歌单: its name (the folder's) and description (description.txt). */
export function PlaylistDialog({
  playlist,
  open,
  onOpenChange,
  onSaved,
}: {
  playlist?: MusicPlaylist | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (playlist: MusicPlaylist) => void;
}) {
  const api = useService(CONSOLE_TOKENS.musicConsoleApi);
  const act = useAction();
  const [name, setName] = useState(playlist?.name ?? '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const submit = async () => {
    const saved = await act(
      () => (playlist ? api.editPlaylist(playlist.id, name, description) : api.createPlaylist(name, description)),
      playlist ? text.saved : text.playlists.created,
    );
    if (saved) onSaved(saved);
    return saved !== undefined;
  };
  return (
    <FormDialog title={playlist ? text.playlists.editTitle : text.playlists.createTitle} open={open} onOpenChange={onOpenChange} onSubmit={submit}>
      <TextField label={text.playlists.name} value={name} onChange={setName} max={MUSIC_LIMITS.playlistName} required disabled={playlist?.loose} />
      <TextField label={text.playlists.description} value={description} onChange={setDescription} max={MUSIC_LIMITS.playlistDescription} rows={3} />
    </FormDialog>
  );
}
