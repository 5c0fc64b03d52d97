import { useSelector } from '../../hooks/useSelector';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, fromCallback, type ActorRefFrom, type EventObject } from 'xstate';
import type { UploadProgress } from '../../../domain/console/showcase/showcase';
import type { UploadItem } from '../../../domain/console/showcase/uploads';
import { uploadsMachine, type UploadReport } from '../../../domain/console/showcase/uploads.machine';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

/** Sends one file; answers the picture's address. */
export type SendFile = (file: File, onProgress: UploadProgress, signal: AbortSignal) => Promise<string>;

type UploadsActor = ActorRefFrom<typeof uploadsMachine>;
const NO_ITEMS: readonly UploadItem[] = [];

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : zhCN.http.serverError);

/**
 * An upload list (uploadsMachine) whose uploads send the files the view was given with `send`, `limit` at
 * once. Pictures already on the server (`existing`) start the list. `previews` holds a local address for each file on its
 * way, so its picture shows before the server has it.
 */
/** Why a file is not put in line (a warning shown), or undefined to take it: pictures only, unless told otherwise. */
const onlyPictures = (file: File) => (file.type.startsWith('image/') ? undefined : zhCN.consoleShowcase.notAnImage(file.name));

export function useUploads(
  send: SendFile,
  {
    existing = [],
    limit,
    refuse = onlyPictures,
  }: { existing?: readonly string[]; limit?: number; refuse?: (file: File) => string | undefined } = {},
) {
  const notifier = useService(TOKENS.notifier);
  const files = useRef(new Map<string, File>());
  /** Local addresses of the files' pictures, kept in a ref too so that the last ones are freed on leaving. */
  const previewUrls = useRef(new Map<string, string>());
  const [previews, setPreviews] = useState<ReadonlyMap<string, string>>(new Map());
  const counter = useRef(0);
  // The upload of the latest render: the page's album, say, is read when a file starts, not when the list was made.
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const [input] = useState(() => ({
    items: existing.map((url, index) => ({ id: `s${index}`, url })),
    ...(limit ? { limit } : {}),
  }));
  const [actor, setActor] = useState<UploadsActor>();
  useEffect(() => {
    const machine = uploadsMachine.provide({
      actors: {
        uploadFile: fromCallback<EventObject, { id: string }>(({ input, sendBack }) => {
          const report = (event: UploadReport) => sendBack(event);
          const file = files.current.get(input.id);
          const controller = new AbortController();
          if (!file) {
            report({ type: 'upload.failed', id: input.id, error: zhCN.http.serverError });
            return undefined;
          }
          sendRef
            .current(file, (fraction) => report({ type: 'upload.progress', id: input.id, fraction }), controller.signal)
            .then(
              (url) => report({ type: 'upload.done', id: input.id, url }),
              (error: unknown) => {
                if (!controller.signal.aborted)
                  report({ type: 'upload.failed', id: input.id, error: messageOf(error) });
              },
            );
          return () => controller.abort();
        }),
      },
    });
    const list = createActor(machine, { input }).start();
    setActor(list);
    return () => {
      list.stop();
    };
  }, [input]);
  const items = useSelector(actor, (snapshot) => snapshot?.context.items ?? NO_ITEMS);

  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const forget = useCallback((ids: readonly string[]) => {
    for (const id of ids) {
      files.current.delete(id);
      const preview = previewUrls.current.get(id);
      if (preview) URL.revokeObjectURL(preview);
      previewUrls.current.delete(id);
    }
    setPreviews(new Map(previewUrls.current));
  }, []);

  /**
   * Puts pictures in line, at most `room` of them; anything that is not a picture is skipped, saying so.
   * Answers whether pictures were left out for want of room.
   */
  const add = useCallback(
    (chosen: Iterable<File>, room = Infinity): boolean => {
      const added: { id: string; name: string }[] = [];
      const shown: [string, string][] = [];
      let dropped = false;
      for (const file of chosen) {
        const refused = refuse(file);
        if (refused) {
          notifier.notify({ level: 'warning', message: refused });
          continue;
        }
        if (added.length >= room) {
          dropped = true;
          break;
        }
        const id = `f${++counter.current}`;
        files.current.set(id, file);
        // Only a picture has a preview to show (an audio file is listed by its name).
        if (file.type.startsWith('image/')) shown.push([id, URL.createObjectURL(file)]);
        added.push({ id, name: file.name });
      }
      for (const [id, url] of shown) previewUrls.current.set(id, url);
      setPreviews(new Map(previewUrls.current));
      if (added.length > 0) actor?.send({ type: 'files.add', files: added });
      return dropped;
    },
    [actor, notifier, refuse],
  );

  const remove = useCallback(
    (id: string) => {
      actor?.send({ type: 'item.remove', id });
      forget([id]);
    },
    [actor, forget],
  );

  /** Empties the list, or sets it to these pictures already on the server. */
  const reset = useCallback(
    (urls: readonly string[] = []) => {
      forget([...files.current.keys()]);
      actor?.send({ type: 'items.reset', items: urls.map((url) => ({ id: `s${++counter.current}`, url })) });
    },
    [actor, forget],
  );

  return {
    items,
    busy: useSelector(actor, (snapshot) => snapshot?.hasTag('busy') ?? false),
    add,
    remove,
    reset,
    retry: useCallback((id: string) => actor?.send({ type: 'item.retry', id }), [actor]),
    move: useCallback((id: string, overId: string) => actor?.send({ type: 'item.move', id, overId }), [actor]),
    previews,
  };
}
