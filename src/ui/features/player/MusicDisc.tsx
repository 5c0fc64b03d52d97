import { useSelector } from '../../hooks/useSelector';
import { Music2, Pause, Play } from 'lucide-react';
import type { Song } from '../../../domain/player/music';
import type { PlayerRuntime } from '../../../ports/playerRuntime';
import * as zhCN from '../../../i18n/zh-CN';
import { artistLine, sizedCover } from './cover';
import './disc.css';

const text = zhCN.disc;

interface DiscViewProps {
  song: Song | null;
  playing: boolean;
  busy: boolean;
  onOpen(): void;
  onToggle(): void;
  /** A first sign of intent (hover, focus, touch): fetch the player's code early. */
  onIntent?(): void;
}

/** The floating disc: cover (spinning while playing), song name and author, and a play/pause button. */
export function DiscView({ song, playing, busy, onOpen, onToggle, onIntent }: DiscViewProps) {
  const cover = song ? sizedCover(song.cover, 120) : '';
  return (
    <div
      className="music-disc"
      data-playing={playing}
      data-busy={busy}
      onPointerEnter={onIntent}
      onFocusCapture={onIntent}
      onTouchStart={onIntent}
    >
      {/* Named by what it shows, after what it does: a voice-control user can say either. */}
      <button type="button" className="music-disc__open" title={text.openPlayer} onClick={onOpen}>
        <span className="visually-hidden">{text.openPlayer}</span>
        <span className="music-disc__record" aria-hidden="true">
          {cover ? <img className="music-disc__cover" src={cover} alt="" draggable={false} /> : <Music2 className="music-disc__note" />}
        </span>
        <span className="music-disc__meta">
          <span className="music-disc__name">{song ? song.name : text.discIdle}</span>
          <span className="music-disc__artist">{song ? artistLine(song.artists, text.unknownArtist) : text.discIdleHint}</span>
        </span>
      </button>
      <button
        type="button"
        className="music-disc__toggle"
        aria-label={playing ? text.pause : text.play}
        title={playing ? text.pause : text.play}
        aria-pressed={playing}
        onClick={onToggle}
      >
        {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </button>
    </div>
  );
}

/** The disc once the runtime runs: it follows the player. */
export function LiveDisc({ runtime, onOpen, onToggle }: { runtime: PlayerRuntime; onOpen(): void; onToggle(): void }) {
  const { player } = runtime;
  const song = useSelector(player, (snapshot) => snapshot.context.current);
  const playing = useSelector(player, (snapshot) => snapshot.matches({ playback: 'playing' }));
  const busy = useSelector(player, (snapshot) => snapshot.hasTag('busy'));
  return <DiscView song={song} playing={playing} busy={busy} onOpen={onOpen} onToggle={onToggle} />;
}
