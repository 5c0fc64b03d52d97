import { PROJECT_ROOT } from '../main';
import { ensureServerBuilt } from './serverBuild';

// `npm start`'s first step: builds the server ahead when it is missing or older than its sources; then
// `node dist-server/start.js` runs it (the client is built by the server's start when missing).
await ensureServerBuilt(PROJECT_ROOT);
