/** The HTTP API adapters, one chunk loaded on the first call to any of them (see lazyPort). */
export { createAccountApi } from './accountApi';
export { createContentApi } from './contentApi';
export { createMusicApi } from './musicApi';
export { createNotifyApi } from './notifyApi';
export { createSiteApi } from './siteApi';
export { createSignInApi } from './signInApi';
