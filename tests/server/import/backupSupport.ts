import type { ImportReportDto } from '../../../src/protocol/console/transfer';
import { MARKER } from '../accounts/support';
import type { CommentSite } from '../comments/support';

const BOUNDARY = '----backupimporttest';

/** One file uploaded to the console's import as the browser's FormData sends it: the status and the answer. */
export async function uploadToConsole(
  s: CommentSite,
  filename: string,
  bytes: Buffer,
): Promise<{ status: number; body: { code: number; result: ImportReportDto; message: string } }> {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await s.site.app.inject({
    method: 'POST',
    url: '/api/admin/transfer/import',
    headers: { ...MARKER, host: '127.0.0.1', origin: 'http://127.0.0.1', cookie: s.admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Where an old address leads: the status and Location of the answer. */
export async function redirectOf(s: CommentSite, url: string): Promise<[number, string | undefined]> {
  const response = await s.site.app.inject({ method: 'GET', url });
  return [response.statusCode, response.headers.location as string | undefined];
}
