import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHtmlAudioOutput } from '../../../src/adapters/audio/htmlAudioOutput';
import type { AudioOutputEvent } from '../../../src/ports/audioOutput';
import { mediaSpanOf, withMediaSpan } from '../../../src/protocol/music';

/** The parts of an audio element the adapter uses; the test moves its clock and fires its events. */
class FakeAudio extends EventTarget {
  preload = '';
  src = '';
  duration = Number.NaN;
  readyState = 0;
  paused = true;
  ended = false;
  playbackRate = 1;
  volume = 1;
  error = null;
  private time = 0;

  get currentTime() {
    return this.time;
  }
  set currentTime(value: number) {
    this.time = value;
    this.fire('timeupdate');
  }
  getAttribute(name: string) {
    return name === 'src' ? this.src : null;
  }
  load() {
    this.time = 0;
    this.readyState = 0;
  }
  async play() {
    this.paused = false;
    this.fire('play');
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.fire('pause');
  }
  /** The metadata of a file `seconds` long arrives. */
  metadata(seconds: number) {
    this.duration = seconds;
    this.readyState = 1;
    this.fire('durationchange');
    this.fire('loadedmetadata');
  }
  /** Playback reaches `seconds` of the file, and the element says so. */
  playTo(seconds: number) {
    this.currentTime = seconds;
  }
  /** Playback reaches `seconds` between two time updates. */
  silentlyPlayTo(seconds: number) {
    this.time = seconds;
  }
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

describe('the span of a song URL (a CUE track)', () => {
  it('reads back what the server writes, for any span of any URL', () => {
    const ms = fc.integer({ min: 0, max: 10 * 3600 * 1000 });
    fc.assert(
      fc.property(fc.webUrl({ withFragments: false }), ms, fc.option(ms, { nil: null }), (url, startMs, endMs) => {
        expect(mediaSpanOf(withMediaSpan({ url, startMs, endMs }))).toEqual({ url, startMs, endMs });
      }),
    );
  });

  it('is the whole file when the URL names none', () => {
    expect(mediaSpanOf('/wapi/song/media/3/abc')).toEqual({ url: '/wapi/song/media/3/abc', startMs: 0, endMs: null });
    expect(mediaSpanOf('https://cdn.example/a.mp3#xywh=1')).toEqual({ url: 'https://cdn.example/a.mp3#xywh=1', startMs: 0, endMs: null });
  });
});

describe('the HTML audio output playing a span of a file', () => {
  let element: FakeAudio;
  let events: AudioOutputEvent[];
  let output: ReturnType<typeof createHtmlAudioOutput>;

  beforeEach(() => {
    vi.useFakeTimers();
    element = new FakeAudio();
    output = createHtmlAudioOutput(element as unknown as HTMLAudioElement);
    events = [];
    output.subscribe((event) => events.push(event));
  });
  afterEach(() => vi.useRealTimers());

  const times = () => events.flatMap((event) => (event.type === 'time' ? [event.time] : []));

  it('loads the file without the fragment, starts at the span, and counts time and duration from its start', () => {
    output.load('/wapi/song/media/7/abc#t=4,9');
    expect(element.src).toBe('/wapi/song/media/7/abc');
    element.metadata(13);
    expect(element.currentTime).toBe(4);
    expect(events).toContainEqual({ type: 'duration', duration: 5 });
    element.playTo(6.5);
    expect(times().at(-1)).toBe(2.5);
    expect(output.currentTime()).toBe(2.5);
    expect(Math.min(...times())).toBeGreaterThanOrEqual(0);
  });

  it('starts a restored song at its saved time within the span, and keeps seeks inside the span', () => {
    output.load('/m#t=4,9', 2);
    element.metadata(13);
    expect(element.currentTime).toBe(6);
    output.seek(1);
    expect(element.currentTime).toBe(5);
    output.seek(-3);
    expect(element.currentTime).toBe(4);
    output.seek(60);
    expect(element.currentTime).toBe(9);
  });

  it('ends at the span’s end on time: pauses there, reports `ended` and no pause', async () => {
    output.load('/m#t=4,9');
    element.metadata(13);
    await output.play();
    element.playTo(8.8);
    expect(events.some((event) => event.type === 'ended')).toBe(false);
    element.playTo(9.01);
    expect(element.paused).toBe(true);
    expect(events.filter((event) => event.type === 'ended')).toHaveLength(1);
    expect(events.some((event) => event.type === 'pause')).toBe(false);
    expect(times().at(-1)).toBe(5);
    // Pausing queued a time update; by the time it comes the player may be loading the next song.
    const reported = events.length;
    element.fire('timeupdate');
    expect(events).toHaveLength(reported);
  });

  it('stops by its timer between time updates, not a time update later', async () => {
    output.load('/m#t=4,9');
    element.metadata(13);
    await output.play();
    element.playTo(8.8);
    vi.advanceTimersByTime(150);
    expect(events.some((event) => event.type === 'ended')).toBe(false);
    // The timer, due 200 ms after the last time update, finds the element at the end.
    element.silentlyPlayTo(9);
    vi.advanceTimersByTime(60);
    expect(events.filter((event) => event.type === 'ended')).toHaveLength(1);
    expect(element.paused).toBe(true);
  });

  it('plays a span without an end to the end of the file, and a plain URL as the whole file', async () => {
    output.load('/m#t=9');
    element.metadata(13);
    expect(events).toContainEqual({ type: 'duration', duration: 4 });
    await output.play();
    element.playTo(12);
    expect(element.paused).toBe(false);
    expect(times().at(-1)).toBe(3);

    output.load('/whole.mp3');
    element.metadata(13);
    element.playTo(12);
    expect(times().at(-1)).toBe(12);
    expect(events).toContainEqual({ type: 'duration', duration: 13 });
  });

  it('reports a pause the listener asked for as before, once the span has ended and played again', async () => {
    output.load('/m#t=4,9');
    element.metadata(13);
    await output.play();
    element.playTo(9);
    output.seek(0);
    await output.play();
    output.pause();
    expect(events.at(-1)).toEqual({ type: 'pause' });
  });
});
