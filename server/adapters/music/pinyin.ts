import { pinyin } from 'pinyin-pro';
import type { Romanise } from '../../domain/music/songSearch';

/**
 * Pinyin by pinyin-pro, read in context (重庆 chong-qing, 长大 zhang-da) and, for artists, with surname readings
 * (曾 zeng, 单 shan). One syllable per code point, '' for anything that is not a Chinese character.
 */
export const romanise: Romanise = (text, kind) => {
  const characters = [...text];
  const readings = pinyin(text, { toneType: 'none', type: 'array', v: true, nonZh: 'spaced', mode: kind === 'person' ? 'surname' : 'normal' });
  if (readings.length === characters.length) return readings.map((reading) => reading.toLowerCase().trim());
  // Rare characters can shift the alignment: fall back to one character at a time.
  return characters.map((character) => pinyin(character, { toneType: 'none', v: true }).toLowerCase().trim());
};
