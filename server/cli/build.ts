import { loadConfig } from '../config';
import { buildClient } from './clientBuild';

// `npm run build`: the browser client and its server renderer, into CLIENT_DIR (./dist by default).
await buildClient(loadConfig().clientDir);
