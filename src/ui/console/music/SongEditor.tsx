import { Dialog, Tabs } from 'radix-ui';
import { Timer, Upload, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useState, type FormEvent } from 'react';
import { fromTapEditor, tapEditorText } from '../../../domain/console/music/lyricOffset';
import { lyricKindOf, type MusicLyrics, type MusicSong } from '../../../domain/console/music/music';
import { MUSIC_LIMITS } from '../../../domain/console/music/musicLimits';
import * as zhCN from '../../../i18n/zh-CN';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';
import { useService } from '../../di';
import { FilePickButton } from '../FilePickButton';
import { TextField } from '../site/TextField';
import { useAction } from '../showcase/useAction';

const LyricTapEditor = lazy(() => import('./LyricTapEditor'));
const text = zhCN.consoleMusic;
const NO_LYRICS: MusicLyrics = { lrc: '', translation: '', yrc: '', offsetMs: 0 };

/** 编辑歌曲: names, its own cover, and its lyrics (pasted, read from a file, or timed with the tap editor). */
export function SongEditor({ song, onClose, onSaved }: { song: MusicSong; onClose: () => void; onSaved: (song: MusicSong) => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--medium music-editor" aria-describedby={undefined}>
          <Dialog.Title className="console-dialog__title">{text.editor.title(song.title)}</Dialog.Title>
          <Dialog.Close className="icon-button console-dialog__close" aria-label={text.cancel}>
            <X aria-hidden="true" />
          </Dialog.Close>
          <Tabs.Root defaultValue="info">
            <Tabs.List className="music-tabs" aria-label={text.editor.title(song.title)}>
              <Tabs.Trigger className="music-tab" value="info">{text.editor.tabs.info}</Tabs.Trigger>
              <Tabs.Trigger className="music-tab" value="cover">{text.editor.tabs.cover}</Tabs.Trigger>
              <Tabs.Trigger className="music-tab" value="lyrics">{text.editor.tabs.lyrics}</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="info">
              <InfoForm song={song} onSaved={onSaved} />
            </Tabs.Content>
            <Tabs.Content value="cover">
              <CoverForm song={song} onSaved={onSaved} />
            </Tabs.Content>
            <Tabs.Content value="lyrics">
              <LyricsForm song={song} onSaved={onSaved} />
            </Tabs.Content>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function InfoForm({ song, onSaved }: { song: MusicSong; onSaved: (song: MusicSong) => void }) {
  const api = useService(CONSOLE_TOKENS.musicConsoleApi);
  const act = useAction();
  const [title, setTitle] = useState(song.title);
  const [artists, setArtists] = useState(song.artists.join(' / '));
  const [album, setAlbum] = useState(song.album);
  const [alias, setAlias] = useState(song.aliases[0] ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const saved = await act(
      () => api.editSong(song.id, { title, artists: artists.split('/').map((name) => name.trim()).filter(Boolean), album, aliases: alias.trim() ? [alias] : [] }),
      text.saved,
    );
    setBusy(false);
    if (saved) onSaved(saved);
  };
  return (
    <form className="site-dialog__form" onSubmit={(event) => void submit(event)}>
      <TextField label={text.editor.songTitle} value={title} onChange={setTitle} max={MUSIC_LIMITS.title} required />
      <TextField label={text.editor.artists} value={artists} onChange={setArtists} max={MUSIC_LIMITS.artist * 5} />
      <TextField label={text.editor.album} value={album} onChange={setAlbum} max={MUSIC_LIMITS.album} />
      <TextField label={text.editor.alias} value={alias} onChange={setAlias} max={MUSIC_LIMITS.alias} />
      <div className="console-dialog__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? text.saving : text.save}
        </button>
      </div>
    </form>
  );
}

function CoverForm({ song, onSaved }: { song: MusicSong; onSaved: (song: MusicSong) => void }) {
  const api = useService(CONSOLE_TOKENS.musicConsoleApi);
  const act = useAction();
  const [cover, setCover] = useState(song.coverUrl);
  return (
    <div className="music-cover-form">
      <img className="music-cover-form__image" src={`${cover}?param=300y300`} alt="" />
      <p className="music-muted">{text.editor.coverHint}</p>
      <FilePickButton
        accept="image/*"
        onFiles={([file]) => {
          if (!file) return;
          void act(() => api.setSongCover(song.id, file, file.name), text.editor.coverSet).then((saved) => {
            if (!saved) return;
            setCover(saved.coverUrl);
            onSaved(saved);
          });
        }}
      >
        <Upload aria-hidden="true" />
        {text.editor.cover}
      </FilePickButton>
    </div>
  );
}

function LyricsForm({ song, onSaved }: { song: MusicSong; onSaved: (song: MusicSong) => void }) {
  const api = useService(CONSOLE_TOKENS.musicConsoleApi);
  const act = useAction();
  const [lyrics, setLyrics] = useState<MusicLyrics | undefined>();
  const [tapping, setTapping] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void act(() => api.lyrics(song.id)).then((loaded) => live && setLyrics(loaded ?? NO_LYRICS));
    return () => {
      live = false;
    };
  }, [act, api, song.id]);
  if (!lyrics) return <p className="music-muted">{text.loading}</p>;
  const change = (patch: Partial<MusicLyrics>) => setLyrics({ ...lyrics, ...patch });
  const save = async (next: MusicLyrics) => {
    setBusy(true);
    const saved = await act(() => api.saveLyrics(song.id, next), text.editor.lyricsSaved);
    setBusy(false);
    if (saved) onSaved(saved);
    return saved;
  };
  if (tapping)
    return (
      <Suspense fallback={<p className="music-muted">{text.editor.tapLoading}</p>}>
        <LyricTapEditor
          audioSrc={song.audioUrl}
          text={tapEditorText(lyrics)}
          onCancel={() => setTapping(false)}
          onSave={async (lrc) => {
            const next = fromTapEditor(lyrics, lrc);
            if (!(await save(next))) throw new Error(text.editor.lyricsSaved);
            setLyrics(next);
            setTapping(false);
          }}
        />
      </Suspense>
    );
  return (
    <form
      className="site-dialog__form"
      onSubmit={(event) => {
        event.preventDefault();
        void save(lyrics);
      }}
    >
      <div className="music-lyric-tools">
        <FilePickButton
          accept=".lrc,.yrc,.txt"
          multiple
          onFiles={(files) =>
            void Promise.all(files.map(async (file) => [lyricKindOf(file.name) ?? 'lrc', await file.text()] as const)).then((read) =>
              change(Object.fromEntries(read)),
            )
          }
        >
          <Upload aria-hidden="true" />
          {text.editor.uploadLyric}
        </FilePickButton>
        <button type="button" className="button" onClick={() => setTapping(true)}>
          <Timer aria-hidden="true" />
          {text.editor.tap}
        </button>
      </div>
      <TextField label={text.editor.lrc} value={lyrics.lrc} onChange={(lrc) => change({ lrc })} max={MUSIC_LIMITS.lyric} rows={8} />
      <TextField label={text.editor.translation} value={lyrics.translation} onChange={(translation) => change({ translation })} max={MUSIC_LIMITS.lyric} rows={4} />
      <TextField label={text.editor.yrc} value={lyrics.yrc} onChange={(yrc) => change({ yrc })} max={MUSIC_LIMITS.lyric} rows={4} />
      <label className="console-field">
        <span>{text.editor.offset}</span>
        <input
          type="number"
          step={50}
          min={-MUSIC_LIMITS.offsetMs}
          max={MUSIC_LIMITS.offsetMs}
          value={lyrics.offsetMs}
          onChange={(event) => change({ offsetMs: Math.round(Number(event.currentTarget.value) || 0) })}
        />
      </label>
      <div className="console-dialog__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? text.saving : text.save}
        </button>
      </div>
    </form>
  );
}
