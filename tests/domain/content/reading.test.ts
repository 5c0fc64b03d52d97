import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_READING_REPORT_SECONDS,
  pauseReading,
  resumeReading,
  startReading,
  takeReadingSeconds,
  type ReadingClock,
} from '../../../src/domain/content/reading';

describe('reading clock', () => {
  it('counts only visible time', () => {
    let clock = startReading(0, true);
    clock = pauseReading(clock, 10_000);
    clock = resumeReading(clock, 70_000);
    const { seconds } = takeReadingSeconds(clock, 75_500);
    expect(seconds).toBe(15);
  });

  it('never reports more than was visible, and loses nothing across reports', () => {
    const event = fc.record({ kind: fc.constantFrom('hide', 'show', 'report'), after: fc.nat(5_000) });
    fc.assert(
      fc.property(fc.boolean(), fc.array(event, { maxLength: 30 }), (visible, events) => {
        let now = 0;
        let clock: ReadingClock = startReading(now, visible);
        let shown = visible;
        let visibleMs = 0;
        let reported = 0;
        for (const { kind, after } of events) {
          if (shown) visibleMs += after;
          now += after;
          if (kind === 'hide') {
            clock = pauseReading(clock, now);
            shown = false;
          } else if (kind === 'show') {
            clock = resumeReading(clock, now);
            shown = true;
          } else {
            const taken = takeReadingSeconds(clock, now);
            reported += taken.seconds;
            clock = taken.clock;
          }
        }
        reported += takeReadingSeconds(clock, now).seconds;
        expect(reported).toBe(Math.floor(visibleMs / 1000));
      }),
    );
  });

  it('caps one report at two hours', () => {
    expect(takeReadingSeconds(startReading(0, true), 10 * 3600 * 1000).seconds).toBe(MAX_READING_REPORT_SECONDS);
  });
});
