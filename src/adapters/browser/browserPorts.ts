import type { Clipboard, Clock, Random } from '../../ports/browser';

export const browserClock: Clock = { now: () => Date.now(), hour: () => new Date().getHours() };

export const browserRandom: Random = { int: (max) => Math.floor(Math.random() * max) };

export const browserClipboard: Clipboard = {
  async write(text) {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
    // Fallback for plain-http origins where the async clipboard API is unavailable.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('copy refused');
  },
};
