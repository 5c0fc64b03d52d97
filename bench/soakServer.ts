/**
 * The soak benchmark's server, alone in its own process so its memory is measured without the traffic
 * generator's: `node --expose-gc --import tsx bench/soakServer.ts <dataDir> <clientDir>` (started by
 * soak.bench.ts over an IPC channel). Sends `{ type: 'ready', url }`, then answers each 'sample' message.
 */
import { loadConfig } from '../server/config';
import { startServer } from '../server/main';
import { benchSiteEnv } from './benchSite';

export type SoakServerMessage = { type: 'ready'; url: string } | ({ type: 'sample' } & ServerSample);

export interface ServerSample {
  heapUsed: number;
  rss: number;
  external: number;
  arrayBuffers: number;
  /** Active libuv handles and requests (sockets, timers, file reads…). */
  handles: number;
  /** The same, counted by type (TCPSocketWrap, Timeout, FSReqCallback…). */
  resources: Record<string, number>;
}

const [dataDir, clientDir] = process.argv.slice(2);
if (!dataDir || !clientDir || !process.send || !global.gc) {
  throw new Error('start with: node --expose-gc --import tsx bench/soakServer.ts <dataDir> <clientDir> (IPC channel)');
}
const collect = global.gc;
const reply = process.send.bind(process) as (message: SoakServerMessage) => boolean;

const server = await startServer(
  loadConfig({ ...benchSiteEnv(dataDir), PORT: '0', HOST: '127.0.0.1', CLIENT_DIR: clientDir }, dataDir),
  { announce: () => undefined },
);
await server.music?.ready();

process.on('message', (message) => {
  if (message !== 'sample') return;
  // Twice: the first pass may only queue finalizers whose memory the second frees.
  collect();
  collect();
  const memory = process.memoryUsage();
  const active = process.getActiveResourcesInfo();
  const resources: Record<string, number> = {};
  for (const type of active) resources[type] = (resources[type] ?? 0) + 1;
  reply({
    type: 'sample',
    heapUsed: memory.heapUsed,
    rss: memory.rss,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    handles: active.length,
    resources,
  });
});
reply({ type: 'ready', url: server.url.replace(/\/$/, '') });
