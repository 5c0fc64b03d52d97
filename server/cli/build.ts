import { loadConfig } from '../config';
import { PROJECT_ROOT } from '../main';
import { buildClient } from './clientBuild';
import { buildServer } from './serverBuild';

// `npm run build`: the browser client and its server renderer, into CLIENT_DIR (./dist by default), and the
// server itself, into ./dist-server.
await buildClient(loadConfig().clientDir);
await buildServer(PROJECT_ROOT);
