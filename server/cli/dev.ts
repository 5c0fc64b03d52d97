import { createServer as createViteServer } from 'vite';
import { loadConfig } from '../config';
import { startServer } from '../main';
import { PROJECT_ROOT } from '../main';

// The API server on PORT (8080), Vite with hot reload in front of it on 5173.
const config = loadConfig();
const api = await startServer({ ...config, clientDir: '' });
const vite = await createViteServer({ root: PROJECT_ROOT, server: { port: 5173 } });
await vite.listen();
vite.printUrls();
api.app.log.info(`API：${api.url}`);
