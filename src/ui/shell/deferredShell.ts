import { lazyPart } from '../hooks/lazyPart';

/**
 * The layout's parts that are below the fold or only answer a click (footer, floating buttons, music disc,
 * context menu): a chunk of their own, out of the first load's JavaScript. The browser fetches it beside the
 * page's chunk and hydrates once both are in (src/main.tsx), so it is evaluated in a task of its own and yet
 * no tap on the disc or the chat button can arrive before its handler.
 */
export const deferredShell = lazyPart(() => import('./DeferredShell'));
