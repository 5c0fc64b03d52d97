import { ImagePlus, Music, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { lyricKindOf, songBaseOf, type LyricKind, type MusicLibrary, type MusicSong } from '../../../domain/console/music/music';
import { MUSIC_AUDIO_EXTENSIONS } from '../../../domain/console/music/musicLimits';
import * as zhCN from '../../../i18n/zh-CN';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import { LoadFailed } from '../../features/content/LoadFailed';
import { useLoad } from '../../features/content/useLoad';
import { ConfirmButton } from '../ConfirmButton';
import { FilePickButton } from '../FilePickButton';
import { UploadList } from '../showcase/UploadList';
import { useAction } from '../showcase/useAction';
import { useUploads, type SendFile } from '../showcase/useUploads';
import { PlaylistDialog } from './PlaylistDialog';
import { PlaylistList } from './PlaylistList';
import { SongEditor } from './SongEditor';
import { SongTable } from './SongTable';
import '../showcase/showcase.css';
import '../site/site.css';
import './music.css';

const text = zhCN.consoleMusic;
const MB = 1024 * 1024;
const isAudio = (name: string) => (MUSIC_AUDIO_EXTENSIONS as readonly string[]).includes(/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '');

/** 音乐: playlists on the left, the chosen one's songs on the right; uploads with a progress bar per file. */
export default function MusicPage() {
  const api = useService(CONSOLE_TOKENS.musicConsoleApi);
  const act = useAction();
  const library = useLoad('console-music', () => api.library());
  const [chosen, setChosen] = useState<number>();
  const [dialog, setDialog] = useState<'create' | 'edit'>();
  const [editing, setEditing] = useState<MusicSong>();
  /** What a change answered, shown until the next load replaces it. */
  const [changed, setChanged] = useState<{ from: MusicLibrary; to: MusicLibrary } | null>(null);
  const view = changed && changed.from === library.data ? changed.to : library.data;
  const playlists = view?.playlists ?? [];
  const current = playlists.find((playlist) => playlist.id === chosen) ?? playlists[0];
  const songs = useLoad(`console-music-songs:${current?.id ?? 0}`, () => (current ? api.songs(current.id) : Promise.resolve([])));
  const [arranged, setArranged] = useState<{ from: MusicSong[]; to: MusicSong[] } | null>(null);
  const songView = arranged && arranged.from === songs.data ? arranged.to : songs.data;
  /** Lyric files chosen with the songs, by the song's base name: sent once their song has arrived. */
  const sidecars = useRef(new Map<string, Partial<Record<LyricKind, File>>>());

  const reloadAll = useCallback(() => {
    library.reload();
    songs.reload();
  }, [library, songs]);

  const maxBytes = view?.maxUploadBytes ?? 0;
  const currentId = current?.id;
  const { reload: reloadLibrary } = library;
  const { reload: reloadSongs } = songs;
  const send = useCallback<SendFile>(
    async (file, onProgress, signal) => {
      if (currentId === undefined) throw new Error(text.playlists.empty);
      const song = await api.uploadSong(currentId, file, file.name, maxBytes, onProgress, signal);
      const lyrics = sidecars.current.get(songBaseOf(file.name));
      if (lyrics) {
        const texts = Object.fromEntries(await Promise.all(Object.entries(lyrics).map(async ([kind, lyric]) => [kind, await lyric.text()])));
        await api.saveLyrics(song.id, { lrc: '', translation: '', yrc: '', offsetMs: 0, ...texts });
      }
      reloadLibrary();
      reloadSongs();
      return song.audioUrl;
    },
    [api, currentId, maxBytes, reloadLibrary, reloadSongs],
  );
  const refuse = useCallback(
    (file: File) => (!isAudio(file.name) ? text.upload.notAudio(file.name) : file.size > maxBytes ? text.upload.tooLarge(file.name, maxBytes / MB) : undefined),
    [maxBytes],
  );
  const uploads = useUploads(send, { limit: 2, refuse });

  const addFiles = (files: File[]) => {
    const audio = files.filter((file) => lyricKindOf(file.name) === undefined);
    const bases = new Set(audio.map((file) => songBaseOf(file.name)));
    for (const file of files) {
      const kind = lyricKindOf(file.name);
      if (!kind) continue;
      const base = songBaseOf(file.name);
      if (!bases.has(base)) continue;
      sidecars.current.set(base, { ...sidecars.current.get(base), [kind]: file });
    }
    uploads.add(audio);
  };

  if (!view) return <div className="console-page">{library.error ? <LoadFailed error={library.error} onRetry={library.reload} /> : <Loading />}</div>;
  if (!view.local)
    return (
      <div className="console-page">
        <h1 className="console-page__title">{text.title}</h1>
        <p className="console-empty">{text.upstream}</p>
      </div>
    );

  const show = (next: MusicLibrary) => setChanged({ from: library.data ?? next, to: next });
  const replaceSong = (song: MusicSong) => {
    if (songs.data) setArranged({ from: songs.data, to: (songView ?? []).map((item) => (item.id === song.id ? song : item)) });
    setEditing(song);
  };

  return (
    <div className="console-page music-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{text.title}</h1>
        <div className="console-page__actions">
          <button type="button" className="button" onClick={() => setDialog('create')}>
            <Plus aria-hidden="true" />
            {text.playlists.create}
          </button>
        </div>
      </header>
      <div className="music-layout">
        <section className="console-card music-side" aria-label={text.playlists.heading}>
          <p className="music-muted">{text.playlists.dragHint}</p>
          <PlaylistList
            playlists={playlists}
            selected={current?.id}
            onSelect={setChosen}
            onArrange={(moved) => {
              const loose = playlists.filter((playlist) => playlist.loose);
              show({ ...view, playlists: [...moved, ...loose] });
              void act(() => api.arrangePlaylists(moved.map((playlist) => playlist.id)), text.orderSaved).then((answer) => {
                if (answer) show({ ...view, playlists: answer });
                else library.reload();
              });
            }}
          />
        </section>
        {current && (
          <section
            className="console-card music-main"
            aria-labelledby="music-songs-title"
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              addFiles([...event.dataTransfer.files]);
            }}
          >
            <div className="music-main__head">
              <img className="music-main__cover" src={`${current.coverUrl}?param=140y140`} alt="" />
              <div className="music-main__text">
                <h2 className="showcase-card-title" id="music-songs-title">
                  {text.songs.heading(current.name)}
                </h2>
                {current.description && <p className="music-muted">{current.description}</p>}
              </div>
              <div className="music-main__actions">
                <FilePickButton
                  className="button button--primary"
                  multiple
                  accept={[...MUSIC_AUDIO_EXTENSIONS.map((extension) => `.${extension}`), '.lrc', '.yrc'].join(',')}
                  onFiles={addFiles}
                >
                  <Upload aria-hidden="true" />
                  {text.upload.button}
                </FilePickButton>
                <button type="button" className="button" onClick={() => setDialog('edit')}>
                  <Pencil aria-hidden="true" />
                  {text.edit}
                </button>
                <FilePickButton
                  accept="image/*"
                  onFiles={([file]) => {
                    if (file) void act(() => api.setPlaylistCover(current.id, file, file.name), text.playlists.coverSet).then(() => library.reload());
                  }}
                >
                  <ImagePlus aria-hidden="true" />
                  {text.playlists.setCover}
                </FilePickButton>
                {!current.loose && (
                  <ConfirmButton
                    className="button"
                    danger
                    title={text.playlists.deleteTitle(current.name)}
                    description={text.playlists.deleteText}
                    action={text.delete}
                    onConfirm={() => act(() => api.deletePlaylist(current.id), text.playlists.deleted).then(() => library.reload())}
                  >
                    <Trash2 aria-hidden="true" />
                    {text.delete}
                  </ConfirmButton>
                )}
              </div>
            </div>
            <p className="music-muted">{text.upload.hint(maxBytes / MB)}</p>
            <UploadList uploads={uploads} icon={<Music />} />
            {!songView ? (
              songs.error ? <LoadFailed error={songs.error} onRetry={songs.reload} /> : <Loading />
            ) : songView.length === 0 ? (
              <p className="console-empty">{text.songs.empty}</p>
            ) : (
              <>
                <p className="music-muted">{text.songs.dragHint}</p>
                <SongTable
                  songs={songView}
                  playlists={playlists}
                  onArrange={(moved) => {
                    if (songs.data) setArranged({ from: songs.data, to: moved });
                    void act(() => api.arrangeSongs(current.id, moved.map((song) => song.id)), text.orderSaved).then((answer) => {
                      if (answer && songs.data) setArranged({ from: songs.data, to: answer });
                      else if (!answer) songs.reload();
                    });
                  }}
                  onEdit={setEditing}
                  onMove={(song, playlistId) =>
                    void act(
                      () => api.moveSong(song.id, playlistId),
                      text.songs.moved(playlists.find((playlist) => playlist.id === playlistId)?.name ?? ''),
                    ).then(reloadAll)
                  }
                  onDelete={(song) => act(() => api.deleteSong(song.id), text.songs.deleted).then(reloadAll)}
                />
              </>
            )}
          </section>
        )}
      </div>
      {dialog && (
        <PlaylistDialog
          playlist={dialog === 'edit' ? current : undefined}
          open
          onOpenChange={(open) => !open && setDialog(undefined)}
          onSaved={(saved) => {
            setChosen(saved.id);
            library.reload();
          }}
        />
      )}
      {editing && (
        <SongEditor
          song={editing}
          onClose={() => {
            setEditing(undefined);
            songs.reload();
          }}
          onSaved={replaceSong}
        />
      )}
    </div>
  );
}
