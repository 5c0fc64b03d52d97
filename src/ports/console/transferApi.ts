import type { ImportReport, TransferDownloads } from '../../domain/console/transfer/transfer';

/**
 * The console's 导入导出. Every call rejects with the server's Chinese message; one the HTTP client already
 * showed (401, 403, 500…) rejects with a ReportedError.
 */
export interface TransferConsoleApi {
  /**
   * Uploads a zip of posts (a Hexo, Hugo or Jekyll folder, or a folder of Markdown) and answers the importer's
   * report; `onProgress` hears the bytes sent as they go. `dryRun`: the report of what it would do, nothing written.
   */
  importZip(file: Blob, fileName: string, onProgress: (sent: number, total: number) => void, dryRun: boolean): Promise<ImportReport>;
  /** The addresses the page links to: the Markdown export and the backup, downloaded by the browser itself. */
  downloads(): Promise<TransferDownloads>;
}
