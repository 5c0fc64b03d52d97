import { useSelector } from '../../hooks/useSelector';
import { Mic2, Pause, Play, Repeat, Repeat1, Search, Shuffle, SkipBack, SkipForward, Volume, Volume1, Volume2, VolumeX } from 'lucide-react';
import { Popover, Slider } from 'radix-ui';
import { useState } from 'react';
import { formatTime, sliderFromVolume } from '../../../domain/player/display';
import type { PlayMode } from '../../../domain/player/music';
import type { PlayerRuntime } from '../../../ports/playerRuntime';
import * as zhCN from '../../../i18n/zh-CN';
import { artistLine } from './cover';
import { Cover } from './Cover';
import { MyListPopover } from './MyListPopover';
import { usePortalContainer } from './portal';
import { SearchPanel } from './SearchPanel';
import { Spinner } from './Spinner';

const text = zhCN.music;
const MODE_ICONS: Record<PlayMode, typeof Shuffle> = { RANDOM: Shuffle, LISTLOOP: Repeat, SINGLECYCLE: Repeat1 };

interface BottomBarProps {
  runtime: PlayerRuntime;
  visible: boolean;
  /** A popover opened or closed: the bar stays while one is open. */
  onHold(holder: string, open: boolean): void;
}

/** Progress, the song, previous / play / next, mode, volume, my list and search. */
export function BottomBar({ runtime, visible, onHold }: BottomBarProps) {
  const { player } = runtime;
  const song = useSelector(player, (snapshot) => snapshot.context.current);
  const playing = useSelector(player, (snapshot) => snapshot.matches({ playback: 'playing' }));
  const busy = useSelector(player, (snapshot) => snapshot.hasTag('busy'));
  const mode = useSelector(player, (snapshot) => snapshot.context.mode);
  const source = useSelector(player, (snapshot) => snapshot.context.source);
  const ModeIcon = MODE_ICONS[mode];

  return (
    <div className="mp-bar" data-visible={visible} data-source={source}>
      <Progress runtime={runtime} />
      <div className="mp-bar__row">
        <button
          type="button"
          className="mp-bar__now"
          disabled={!song}
          title={text.openLyricBoard}
          onClick={() => player.send({ type: 'board.show', show: true })}
        >
          <Cover url={song?.cover ?? ''} px={120} className="mp-bar__cover" />
          <span className="mp-bar__titles">
            <span className="mp-bar__name">{song ? song.name : text.noSong}</span>
            <span className="mp-bar__artist">{song ? artistLine(song.artists, zhCN.disc.unknownArtist) : text.noSongHint}</span>
          </span>
        </button>
        <div className="mp-bar__controls">
          <button
            type="button"
            className="mp-icon-button mp-bar__mode"
            data-mode={mode}
            aria-label={text.modeSwitch(text.modes[mode])}
            title={text.modes[mode]}
            onClick={() => player.send({ type: 'mode.cycle' })}
          >
            <ModeIcon aria-hidden="true" />
          </button>
          <button type="button" className="mp-icon-button" aria-label={text.previous} title={text.previous} onClick={() => player.send({ type: 'track.previous' })}>
            <SkipBack aria-hidden="true" />
          </button>
          <button
            type="button"
            className="mp-bar__play"
            aria-label={playing ? zhCN.disc.pause : zhCN.disc.play}
            title={playing ? zhCN.disc.pause : zhCN.disc.play}
            data-playing={playing}
            onClick={() => player.send({ type: 'playback.toggle' })}
          >
            {busy ? <Spinner size={22} /> : playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </button>
          <button type="button" className="mp-icon-button" aria-label={text.next} title={text.next} onClick={() => player.send({ type: 'track.next' })}>
            <SkipForward aria-hidden="true" />
          </button>
          <VolumePopover runtime={runtime} onOpenChange={(open) => onHold('volume', open)} />
        </div>
        <div className="mp-bar__tools">
          <SearchPopover runtime={runtime} onOpenChange={(open) => onHold('search', open)} />
          <MyListPopover runtime={runtime} onOpenChange={(open) => onHold('myList', open)} />
          <button
            type="button"
            className="mp-icon-button mp-bar__tool"
            aria-label={text.openLyricBoard}
            title={text.openLyricBoard}
            onClick={() => player.send({ type: 'board.show', show: true })}
          >
            <Mic2 aria-hidden="true" />
          </button>
        </div>
      </div>
    </div>
  );
}

/** The progress slider: it moves with the drag and seeks only when let go (`seek.commit`). */
function Progress({ runtime }: { runtime: PlayerRuntime }) {
  const { player } = runtime;
  const currentTime = useSelector(player, (snapshot) => snapshot.context.currentTime);
  const duration = useSelector(player, (snapshot) => snapshot.context.duration);
  const hasSong = useSelector(player, (snapshot) => snapshot.context.current !== null);
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = dragging ?? Math.min(currentTime, duration || currentTime);
  const max = duration > 0 ? duration : 1;
  return (
    <div className="mp-progress">
      <span className="mp-progress__time" data-role="elapsed">{formatTime(shown)}</span>
      <Slider.Root
        className="mp-slider mp-progress__slider"
        min={0}
        max={max}
        step={0.1}
        value={[Math.min(shown, max)]}
        disabled={!hasSong}
        onValueChange={([value]) => setDragging(value ?? 0)}
        onValueCommit={([value]) => {
          setDragging(null);
          player.send({ type: 'seek.commit', time: value ?? 0 });
        }}
      >
        <Slider.Track className="mp-slider__track">
          <Slider.Range className="mp-slider__range" />
        </Slider.Track>
        <Slider.Thumb className="mp-slider__thumb" aria-label={text.progress} aria-valuetext={`${formatTime(shown)} / ${formatTime(duration)}`} />
      </Slider.Root>
      <span className="mp-progress__time">{formatTime(duration)}</span>
    </div>
  );
}

function VolumePopover({ runtime, onOpenChange }: { runtime: PlayerRuntime; onOpenChange(open: boolean): void }) {
  const { player } = runtime;
  const percent = useSelector(player, (snapshot) => sliderFromVolume(snapshot.context.volume));
  const container = usePortalContainer();
  const Icon = percent === 0 ? VolumeX : percent < 34 ? Volume : percent < 67 ? Volume1 : Volume2;
  return (
    <Popover.Root onOpenChange={onOpenChange}>
      <Popover.Trigger className="mp-icon-button mp-bar__volume" aria-label={text.volumeValue(percent)} title={text.volumeValue(percent)}>
        <Icon aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal container={container}>
        <Popover.Content className="mp-popover mp-volume" side="top" sideOffset={12} collisionPadding={8} aria-label={text.volume}>
          <span className="mp-volume__value" aria-hidden="true">
            {percent}
          </span>
          <Slider.Root
            className="mp-slider mp-slider--vertical"
            orientation="vertical"
            min={0}
            max={100}
            step={1}
            value={[percent]}
            onValueChange={([value]) => player.send({ type: 'volume.set', percent: value ?? 0 })}
          >
            <Slider.Track className="mp-slider__track">
              <Slider.Range className="mp-slider__range" />
            </Slider.Track>
            <Slider.Thumb className="mp-slider__thumb" aria-label={text.volume} />
          </Slider.Root>
          <Popover.Arrow className="mp-popover__arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function SearchPopover({ runtime, onOpenChange }: { runtime: PlayerRuntime; onOpenChange(open: boolean): void }) {
  const container = usePortalContainer();
  return (
    <Popover.Root onOpenChange={onOpenChange}>
      <Popover.Trigger className="mp-icon-button mp-bar__tool" aria-label={text.search} title={text.search}>
        <Search aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal container={container}>
        <Popover.Content
          className="mp-popover mp-search-popover"
          side="top"
          align="end"
          sideOffset={12}
          collisionPadding={8}
          aria-label={text.search}
        >
          <SearchPanel runtime={runtime} />
          <Popover.Arrow className="mp-popover__arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
