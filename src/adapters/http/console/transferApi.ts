import * as zhCN from '../../../i18n/zh-CN';
import {
  IMPORT_MAX_ZIP_BYTES,
  TRANSFER_BACKUP_PATH,
  TRANSFER_EXPORT_PATH,
  TRANSFER_IMPORT_PATH,
  type ImportReportDto,
} from '../../../protocol/console/transfer';
import type { TransferConsoleApi } from '../../../ports/console/transferApi';
import { unlessReported } from '../accountApi';
import type { HttpClient } from '../httpClient';

export function createTransferConsoleApi(http: HttpClient): TransferConsoleApi {
  return {
    async importZip(file, fileName, onProgress, dryRun) {
      // The server would refuse it only after receiving all of it.
      if (file.size > IMPORT_MAX_ZIP_BYTES)
        throw new Error(zhCN.consoleTransfer.server.zipTooLarge(IMPORT_MAX_ZIP_BYTES / (1024 * 1024)));
      const form = new FormData();
      form.append('file', file, fileName);
      const report: ImportReportDto = await unlessReported(
        http.request<ImportReportDto>({
          method: 'POST',
          url: dryRun ? `${TRANSFER_IMPORT_PATH}?dryRun=true` : TRANSFER_IMPORT_PATH,
          data: form,
          // The browser sets the multipart boundary itself, so the JSON default must go.
          headers: { 'Content-Type': undefined },
          // A big blog takes longer to send and import than any ordinary call may wait.
          timeout: 0,
          onUploadProgress: (progress) => onProgress(progress.loaded, progress.total ?? file.size),
        }),
      );
      return report;
    },
    async downloads() {
      return {
        markdown: `${http.baseURL}${TRANSFER_EXPORT_PATH}`,
        backup: `${http.baseURL}${TRANSFER_BACKUP_PATH}`,
        backupWithoutMusic: `${http.baseURL}${TRANSFER_BACKUP_PATH}?music=false`,
      };
    },
  };
}
