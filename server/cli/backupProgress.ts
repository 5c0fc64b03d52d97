import cliProgress from 'cli-progress';
import * as zhCN from '../../src/i18n/zh-CN';

/** A progress bar per stage on a terminal; nothing when the output is a file or a pipe (cron). */
export function terminalProgress(): { stage(stage: string, total: number): void; advance(done: number): void; stop(): void } | undefined {
  if (!process.stdout.isTTY) return undefined;
  let bar: cliProgress.SingleBar | undefined;
  return {
    stage(stage, total) {
      bar?.stop();
      bar = new cliProgress.SingleBar(
        { format: `${zhCN.backup.stage[stage] ?? stage} [{bar}] {percentage}%`, hideCursor: true, clearOnComplete: false },
        cliProgress.Presets.shades_classic,
      );
      bar.start(Math.max(total, 1), 0);
    },
    advance(done) {
      bar?.update(done);
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}

export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
