import { createServer as createViteServer } from 'vite';
import { loadConfig } from '../config';
import { PROJECT_ROOT, startServer } from '../main';

// The API server on PORT (8080), Vite with hot reload in front of it on 5173.
const config = loadConfig();
const api = await startServer({ ...config, clientDir: '' });
// vite.config.ts proxies /api, /wapi, /media and /ws to this address.
process.env.API_TARGET ??= api.url;
const vite = await createViteServer({ root: PROJECT_ROOT, server: { port: 5173 } });
await vite.listen();
vite.printUrls();
api.app.log.info(`API：${api.url}`);
