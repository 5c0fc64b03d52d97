import { hasPending, uploadedUrls, type UploadItem } from './uploads';

/** The server's limits on a talk (MAX_TALK_IMAGES, MAX_TALK_LENGTH of the wire contract). */
export const TALK_MAX_IMAGES = 9;
export const TALK_MAX_LENGTH = 1000;

/** Why a talk cannot be sent yet, if it cannot. */
export type TalkProblem = 'empty' | 'tooLong' | 'uploading' | 'failedUploads';

/** Characters as a reader counts them (a Chinese character or an emoji is one). */
export function talkLength(content: string): number {
  return Array.from(content.trim()).length;
}

/** What stops the talk from being published or saved: the server's rules, and pictures still on their way or failed. */
export function talkProblem(content: string, pictures: readonly UploadItem[]): TalkProblem | null {
  const length = talkLength(content);
  if (length === 0) return 'empty';
  if (length > TALK_MAX_LENGTH) return 'tooLong';
  if (hasPending(pictures)) return 'uploading';
  if (pictures.some((item) => item.status === 'failed')) return 'failedUploads';
  return null;
}

/** The talk as it is sent: its text trimmed and its pictures' addresses in the order shown. */
export function talkToSend(content: string, pictures: readonly UploadItem[]): { content: string; images: string[] } {
  return { content: content.trim(), images: uploadedUrls(pictures) };
}
