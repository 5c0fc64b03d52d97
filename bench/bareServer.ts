import http from 'node:http';
import type { AddressInfo } from 'node:net';

/* The baseline of the page benches: a bare node:http server sending the bytes the blog sent, as it sent them. */

/** What a browser sends: autocannon names no user agent, and an empty one is left out of the statistics as a bot. */
export const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'zh-CN,zh;q=0.9',
};

export interface Answer {
  body: Buffer;
  headers: http.OutgoingHttpHeaders;
}

/** The page exactly as sent (still compressed), with its headers. */
export function fetchRaw(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
          // Every header the blog sent but those node:http writes itself, so both send the same bytes.
          const { date, connection, 'keep-alive': keepAlive, 'content-length': length, ...headers } = response.headers;
          resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

export async function bareServer(answers: Map<string, Answer>): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) return void response.writeHead(404).end();
    response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
