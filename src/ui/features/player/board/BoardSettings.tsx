import { ImagePlus, Minus, Plus, RotateCcw, SlidersHorizontal, X } from 'lucide-react';
import { Popover, Slider, Switch } from 'radix-ui';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  AUTHOR_SIZE,
  BRIGHTNESS,
  LYRIC_OFFSET_STEP_S,
  LYRIC_SIZE,
  TITLE_SIZE,
  type LyricSettings,
  type SizeRange,
} from '../../../../domain/player/display';
import type { playerMachine } from '../../../../domain/player/player.machine';
import * as zhCN from '../../../../i18n/zh-CN';
import { setBackgroundFile, setProfessional, useBoardPrefs } from './boardPrefs';

const text = zhCN.music.lyricBoard;

interface RangeFieldProps {
  label: string;
  range: SizeRange;
  step: number;
  value: number;
  format: (value: number) => string;
  onChange: (value: number) => void;
}

function RangeField({ label, range, step, value, format, onChange }: RangeFieldProps) {
  const id = useId();
  return (
    <div className="lbs-field">
      <span className="lbs-field__label" id={id}>
        {label}
      </span>
      <Slider.Root
        className="lbs-slider"
        min={range.min}
        max={range.max}
        step={step}
        value={[value]}
        onValueChange={([next]) => {
          if (next !== undefined) onChange(Math.round(next * 10) / 10);
        }}
      >
        <Slider.Track className="lbs-slider__track">
          <Slider.Range className="lbs-slider__range" />
        </Slider.Track>
        <Slider.Thumb className="lbs-slider__thumb" aria-labelledby={id} aria-valuetext={format(value)} />
      </Slider.Root>
      <output className="lbs-field__value">{format(value)}</output>
    </div>
  );
}

interface Props {
  player: ActorRefFrom<typeof playerMachine>;
  settings: LyricSettings;
  offset: number;
  hasSong: boolean;
  /** Where the popover renders: inside the board, so it shows in full screen too. */
  container: HTMLElement | null;
}

/** Sizes, dimming, background, professional mode and the song's lyric offset. */
export function BoardSettings({ player, settings, offset, hasSong, container }: Props) {
  const prefs = useBoardPrefs();
  const fileRef = useRef<HTMLInputElement>(null);
  const set = (patch: Partial<LyricSettings>) => player.send({ type: 'lyric.settings', settings: patch });
  const rem = text.rem;
  const proId = useId();

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className="lb-icon" aria-label={text.settings} title={text.settings}>
          <SlidersHorizontal aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal container={container}>
        <Popover.Content className="lb-settings" side="bottom" align="end" sideOffset={10} collisionPadding={12} aria-label={text.settings}>
          <div className="lbs-head">
            <h3>{text.settings}</h3>
            <Popover.Close className="lb-icon lb-icon--small" aria-label={text.closeSettings}>
              <X aria-hidden="true" />
            </Popover.Close>
          </div>
          <RangeField label={text.titleSize} range={TITLE_SIZE} step={0.1} value={settings.titleSize} format={rem} onChange={(v) => set({ titleSize: v })} />
          <RangeField label={text.authorSize} range={AUTHOR_SIZE} step={0.1} value={settings.authorSize} format={rem} onChange={(v) => set({ authorSize: v })} />
          <RangeField label={text.lyricSize} range={LYRIC_SIZE} step={0.1} value={settings.lyricSize} format={rem} onChange={(v) => set({ lyricSize: v })} />
          <RangeField
            label={text.brightness}
            range={BRIGHTNESS}
            step={BRIGHTNESS.step}
            value={settings.brightness}
            format={text.percent}
            onChange={(v) => set({ brightness: v })}
          />

          <div className="lbs-row">
            <label className="lbs-field__label" htmlFor={proId}>
              {text.professional}
            </label>
            <Switch.Root id={proId} className="lbs-switch" checked={prefs.professional} onCheckedChange={setProfessional}>
              <Switch.Thumb className="lbs-switch__thumb" />
            </Switch.Root>
          </div>

          <div className="lbs-block">
            <span className="lbs-field__label">{text.background}</span>
            <div className="lbs-actions">
              <button type="button" className="lbs-button" onClick={() => fileRef.current?.click()}>
                <ImagePlus aria-hidden="true" />
                {text.chooseBackground}
              </button>
              {prefs.background && (
                <button type="button" className="lbs-button" onClick={() => setBackgroundFile(null)}>
                  <RotateCcw aria-hidden="true" />
                  {text.clearBackground}
                </button>
              )}
            </div>
            <input
              ref={fileRef}
              className="visually-hidden"
              type="file"
              accept="image/*"
              tabIndex={-1}
              aria-label={text.chooseBackground}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) setBackgroundFile(file);
                event.currentTarget.value = '';
              }}
            />
            <p className="lbs-hint">{prefs.background ? prefs.background.name : text.backgroundHint}</p>
          </div>

          <div className="lbs-block">
            <span className="lbs-field__label">{text.offset}</span>
            <div className="lbs-offset">
              <button
                type="button"
                className="lb-icon lb-icon--small"
                aria-label={text.offsetLater}
                title={text.offsetLater}
                disabled={!hasSong}
                onClick={() => player.send({ type: 'lyric.offset.shift', delta: -LYRIC_OFFSET_STEP_S })}
              >
                <Minus aria-hidden="true" />
              </button>
              <output className="lbs-offset__value" aria-live="polite">
                {text.offsetValue(offset)}
              </output>
              <button
                type="button"
                className="lb-icon lb-icon--small"
                aria-label={text.offsetEarlier}
                title={text.offsetEarlier}
                disabled={!hasSong}
                onClick={() => player.send({ type: 'lyric.offset.shift', delta: LYRIC_OFFSET_STEP_S })}
              >
                <Plus aria-hidden="true" />
              </button>
              <button
                type="button"
                className="lb-icon lb-icon--small"
                aria-label={text.offsetReset}
                title={text.offsetReset}
                disabled={!hasSong || offset === 0}
                onClick={() => player.send({ type: 'lyric.offset.reset' })}
              >
                <RotateCcw aria-hidden="true" />
              </button>
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
