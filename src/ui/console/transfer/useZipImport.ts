import { useSelector } from '../../hooks/useSelector';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, fromCallback, type ActorRefFrom, type EventObject } from 'xstate';
import { zipImportMachine, type ZipImportReport } from '../../../domain/console/transfer/zipImport.machine';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

type ZipImportActor = ActorRefFrom<typeof zipImportMachine>;

/**
 * The import machine (zipImportMachine) whose upload sends the file last chosen through the console's
 * transfer port; the machine knows the file by its name and size, the file itself stays here.
 */
export function useZipImport() {
  const api = useService(CONSOLE_TOKENS.transferConsoleApi);
  const chosen = useRef<File | null>(null);
  const [actor, setActor] = useState<ZipImportActor>();

  useEffect(() => {
    const machine = zipImportMachine.provide({
      actors: {
        importZip: fromCallback<EventObject, { name: string; dryRun: boolean }>(({ sendBack, input }) => {
          const report = (event: ZipImportReport) => sendBack(event);
          const file = chosen.current;
          if (!file) {
            report({ type: 'import.failed', message: zhCN.consoleTransfer.server.missingFile });
            return;
          }
          api
            .importZip(file, input.name, (sent, total) => report({ type: 'upload.progress', sent, total }), input.dryRun)
            .then(
              (result) => report({ type: 'import.done', report: result }),
              (error: unknown) =>
                report({
                  type: 'import.failed',
                  message: error instanceof Error && error.message ? error.message : zhCN.http.serverError,
                }),
            );
        }),
      },
    });
    const started = createActor(machine).start();
    setActor(started);
    return () => {
      started.stop();
    };
  }, [api]);

  const snapshot = useSelector(actor, (state) => state);
  const choose = useCallback(
    (file: File) => {
      if (!actor || actor.getSnapshot().hasTag('busy')) return;
      chosen.current = file;
      actor.send({ type: 'zip.choose', name: file.name, size: file.size });
    },
    [actor],
  );
  const reset = useCallback(() => actor?.send({ type: 'import.reset' }), [actor]);
  const confirm = useCallback(() => actor?.send({ type: 'import.confirm' }), [actor]);
  return { snapshot, choose, reset, confirm };
}
