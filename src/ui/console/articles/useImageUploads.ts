import { useCallback, useRef, useState } from 'react';
import { ReportedError } from '../../../domain/account/account';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import type { UploadState } from './UploadProgress';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleArticles.upload;

/**
 * Uploads pictures with a progress bar each. Answers the addresses of those that arrived; a failed one is
 * reported with the reason and simply missing from the answer, so nothing is inserted for it.
 */
export function useImageUploads(): { uploads: UploadState[]; upload: (files: readonly File[]) => Promise<string[]> } {
  const api = useService(CONSOLE_TOKENS.articleConsoleApi);
  const notifier = useService(TOKENS.notifier);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const nextId = useRef(0);

  const upload = useCallback(
    async (files: readonly File[]) => {
      const one = async (file: File): Promise<string | null> => {
        if (!file.type.startsWith('image/')) {
          notifier.notify({ level: 'error', message: text.failed(text.notImage) });
          return null;
        }
        const id = (nextId.current += 1);
        const name = file.name || 'image';
        const progress = (fraction: number) =>
          setUploads((all) => all.map((each) => (each.id === id ? { ...each, fraction } : each)));
        setUploads((all) => [...all, { id, name, fraction: 0 }]);
        try {
          return await api.uploadImage(file, name, progress);
        } catch (error) {
          const reason = error instanceof Error && error.message ? error.message : zhCN.http.serverError;
          // The HTTP client has already said why; still say that the text is as it was.
          notifier.notify({ level: error instanceof ReportedError ? 'warning' : 'error', message: text.failed(reason) });
          return null;
        } finally {
          setUploads((all) => all.filter((each) => each.id !== id));
        }
      };
      const urls = await Promise.all(files.map(one));
      return urls.filter((url): url is string => url !== null);
    },
    [api, notifier],
  );
  return { uploads, upload };
}
