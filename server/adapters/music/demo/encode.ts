import { Mp3Encoder } from '@breezystack/lamejs';
import NodeID3 from 'node-id3';
import { SAMPLE_RATE } from './voices';

/**
 * Samples an MP3 decoder puts before the music when the file has no LAME gapless header (lamejs writes
 * none): the encoder's 576 plus the decoder's 529. Dropping them from the start of the PCM makes the
 * decoded audio line up with the score, so lyric times are right to the millisecond in every player.
 */
export const CODEC_DELAY_SAMPLES = 576 + 529;
const FRAME = 1152;

/** Mono CBR MP3 of float PCM in [-1, 1]. */
export function encodeMp3(pcm: Float32Array, kbps: number): Buffer {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, kbps);
  const samples = new Int16Array(pcm.length - CODEC_DELAY_SAMPLES);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, pcm[i + CODEC_DELAY_SAMPLES] ?? 0));
    samples[i] = Math.round(value * 32767);
  }
  const chunks: Buffer[] = [];
  // lamejs hands back Int8Array views despite its typings; copy the bytes as they are.
  const keep = (bytes: Uint8Array) => chunks.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  for (let at = 0; at < samples.length; at += FRAME * 32) keep(encoder.encodeBuffer(samples.subarray(at, at + FRAME * 32)));
  keep(encoder.flush());
  return Buffer.concat(chunks);
}

export interface SongTags {
  title: string;
  artist: string;
  album: string;
  trackNumber: string;
  /** TIT3, which the music library reads as the song's alias. */
  subtitle: string;
  cover?: Buffer;
}

/** Adds an ID3v2 tag (node-id3 writes v2.3, UTF-16 text, so Chinese survives). */
export function tagMp3(mp3: Buffer, tags: SongTags): Buffer {
  const { cover, ...text } = tags;
  const frames: NodeID3.Tags = { ...text, ...(cover === undefined ? {} : { image: { mime: 'image/jpeg', type: { id: 3 }, description: 'cover', imageBuffer: cover } }) };
  return NodeID3.write(frames, mp3);
}
