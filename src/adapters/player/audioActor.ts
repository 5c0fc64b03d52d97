import { fromCallback } from 'xstate';
import type { AudioCommand, AudioEvent } from '../../domain/player/player.machine';
import type { AudioOutput, AudioOutputEvent } from '../../ports/audioOutput';

function toMachine(event: AudioOutputEvent): AudioEvent {
  switch (event.type) {
    case 'time':
      return { type: 'audio.time', time: event.time };
    case 'duration':
      return { type: 'audio.duration', duration: event.duration };
    case 'ended':
      return { type: 'audio.ended' };
    case 'playFailed':
      return { type: 'audio.playFailed', message: event.message };
    case 'error':
      return { type: 'audio.error', message: event.message };
    case 'play':
      return { type: 'audio.played' };
    case 'pause':
      return { type: 'audio.paused' };
  }
}

/** The player machine's `audio` actor: commands go to the output, the output's events come back as `audio.*`. */
export function audioActor(output: AudioOutput) {
  return fromCallback<AudioCommand, { volume: number }>(({ input, receive, sendBack }) => {
    output.setVolume(input.volume);
    const unsubscribe = output.subscribe((event) => sendBack(toMachine(event)));
    receive((command) => {
      switch (command.type) {
        case 'load':
          return output.load(command.url, command.startAt);
        case 'play':
          // A refusal comes back as a `playFailed` event.
          return void output.play().catch(() => undefined);
        case 'pause':
          return output.pause();
        case 'seek':
          return output.seek(command.time);
        case 'volume':
          return output.setVolume(command.volume);
      }
    });
    return unsubscribe;
  });
}
