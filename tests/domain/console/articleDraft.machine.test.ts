import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  localDraftKey,
  sameDraft,
  type LocalDraft,
  type SaveAnswer,
  type SaveRequest,
} from '../../../src/domain/console/articles/articleDraft';
import { AUTOSAVE_DELAY_MS, OFFLINE_RETRY_MS } from '../../../src/domain/console/articles/articleDraft.machine';
import {
  draftOf,
  FakeArticleServer,
  MemoryStore,
  openEditor,
  settle,
  stamp,
  type EditorOptions,
} from '../../fakes/articleServer';

function setup(options: Partial<EditorOptions> = {}) {
  const server = options.server ?? new FakeArticleServer(draftOf('春雷'));
  const store = options.store ?? new MemoryStore();
  const clock = new SimulatedClock();
  const editor = openEditor({ server, store, clock, ...options });
  const state = () => editor.actor.getSnapshot();
  const type = (content: string) => editor.actor.send({ type: 'draft.change', change: { content } });
  return { ...editor, server, store, clock, state, type };
}

const kept = (store: MemoryStore, id: number | null = 1) => store.get<LocalDraft>(localDraftKey(id));

/** A tab that saved `sent`, had typed `typed` by the time it closed, and whose save is still on its way. */
function closedDuringSave(sent: string, typed: string) {
  const server = new FakeArticleServer(draftOf('春雷'));
  const { save, answer } = heldSave(server);
  const first = setup({ server, save });
  first.type(sent);
  first.actor.send({ type: 'draft.save' });
  first.type(typed);
  first.actor.send({ type: 'page.leave' });
  first.actor.stop();
  return { server, first, answer };
}

/** A save that reaches the server only when the test calls `answer()` (the last one sent). */
function heldSave(server: FakeArticleServer) {
  let reach = () => {};
  const save = (request: SaveRequest) =>
    new Promise<SaveAnswer>((resolve) => (reach = () => resolve(server.save(request))));
  return { save, answer: () => reach() };
}

describe('articleDraftMachine', () => {
  it('idle: opens the article as loaded, ready and without saving', async () => {
    const { state, requests } = setup();
    await settle();
    expect(state().value).toBe('idle');
    expect(state().hasTag('ready')).toBe(true);
    expect(state().context).toMatchObject({ version: 1, draft: draftOf('春雷'), savedAt: stamp(1) });
    expect(requests).toEqual([]);
  });

  it('dirty → saving → saved: saves a few seconds after typing stops, on the version it was written on', async () => {
    const { state, type, clock, requests, server } = setup();
    type('春雷一');
    expect(state().value).toEqual({ dirty: 'waiting' });
    clock.increment(AUTOSAVE_DELAY_MS - 1);
    type('春雷一声');
    clock.increment(AUTOSAVE_DELAY_MS - 1);
    expect(requests).toEqual([]);
    clock.increment(1);
    expect(state().value).toBe('saving');
    expect(state().hasTag('busy')).toBe(true);
    expect(requests).toEqual([{ id: 1, draft: draftOf('春雷一声'), baseVersion: 1, supersede: false }]);
    await settle();
    expect(state().value).toBe('saved');
    expect(state().context).toMatchObject({ version: 2, savedAt: stamp(2) });
    expect(server.current?.draft).toEqual(draftOf('春雷一声'));
  });

  it('saves at once on blur and on 保存草稿', async () => {
    const { actor, state, type, requests } = setup();
    type('一');
    actor.send({ type: 'draft.blur' });
    await settle();
    type('一二');
    actor.send({ type: 'draft.save' });
    await settle();
    expect(requests.map((request) => request.draft.content)).toEqual(['一', '一二']);
    expect(state().context.version).toBe(3);
  });

  it('keeps keystrokes typed during a save and saves them after it', async () => {
    const server = new FakeArticleServer(draftOf('春雷'));
    const { save, answer } = heldSave(server);
    const { actor, state, type, clock, requests } = setup({
      server,
      save,
    });
    type('甲');
    actor.send({ type: 'draft.save' });
    type('甲乙');
    expect(state().value).toBe('saving');
    answer();
    await settle();
    expect(state().value).toEqual({ dirty: 'waiting' });
    expect(state().context.draft.content).toBe('甲乙');
    clock.increment(AUTOSAVE_DELAY_MS);
    answer();
    await settle();
    expect(requests.map((request) => [request.draft.content, request.baseVersion])).toEqual([
      ['甲', 1],
      ['甲乙', 2],
    ]);
    expect(server.current?.draft.content).toBe('甲乙');
  });

  it('conflict: a newer server version is shown beside the text on screen, never overwritten', async () => {
    const { actor, state, type, server, requests } = setup();
    server.rivalWrite(draftOf('别的标签页写的'));
    type('我写的');
    actor.send({ type: 'draft.save' });
    await settle();
    expect(state().value).toBe('conflict');
    expect(state().hasTag('error')).toBe(true);
    expect(state().context.theirs).toMatchObject({ version: 2, draft: draftOf('别的标签页写的') });
    expect(state().context.draft.content).toBe('我写的');
    expect(server.current?.draft.content).toBe('别的标签页写的');
    expect(requests).toHaveLength(1);
  });

  it('conflict → keep mine: saves the text on screen on top of the server version', async () => {
    const { actor, state, type, server, store } = setup();
    server.rivalWrite(draftOf('别的标签页写的'));
    type('我写的');
    actor.send({ type: 'draft.save' });
    await settle();
    actor.send({ type: 'page.leave' });
    expect(kept(store)?.draft.content).toBe('我写的');
    actor.send({ type: 'conflict.keepMine' });
    await settle();
    expect(state().value).toBe('saved');
    expect(server.current).toMatchObject({ version: 3, draft: draftOf('我写的') });
    expect(server.overwrites.at(-1)?.replaced.author).toBe('rival');
    expect(kept(store)).toBeUndefined();
  });

  it('conflict → take theirs: the editor shows the server text and saves nothing', async () => {
    const { actor, state, type, server, requests } = setup();
    server.rivalWrite(draftOf('别的标签页写的'));
    type('我写的');
    actor.send({ type: 'draft.save' });
    await settle();
    actor.send({ type: 'conflict.takeTheirs' });
    await settle();
    expect(state().value).toBe('saved');
    expect(state().context).toMatchObject({ version: 2, draft: draftOf('别的标签页写的'), theirs: null });
    expect(requests).toHaveLength(1);
  });

  it('offline: edits are kept in the browser one by one and sent when the connection returns', async () => {
    const { actor, state, type, clock, store, server } = setup();
    type('一');
    actor.send({ type: 'network.offline' });
    expect(state().value).toBe('offline');
    expect(kept(store)).toEqual({ id: 1, baseVersion: 1, draft: draftOf('一') });
    type('一二');
    expect(kept(store)?.draft.content).toBe('一二');
    clock.increment(OFFLINE_RETRY_MS * 3);
    expect(state().value).toBe('offline');
    actor.send({ type: 'network.online' });
    await settle();
    expect(state().value).toBe('saved');
    expect(server.current?.draft.content).toBe('一二');
    expect(kept(store)).toBeUndefined();
  });

  it('offline after a failed save: keeps the edits and tries again while the browser claims to be online', async () => {
    let reachable = false;
    const server = new FakeArticleServer(draftOf('春雷'));
    const { actor, state, type, clock, store, requests } = setup({
      server,
      save: async (request) => (reachable ? server.save(request) : { kind: 'offline' }),
    });
    type('一');
    actor.send({ type: 'draft.save' });
    await settle();
    expect(state().value).toBe('offline');
    expect(kept(store)?.draft.content).toBe('一');
    clock.increment(OFFLINE_RETRY_MS);
    await settle();
    expect(requests).toHaveLength(2);
    reachable = true;
    clock.increment(OFFLINE_RETRY_MS);
    await settle();
    expect(state().value).toBe('saved');
    expect(server.current?.draft.content).toBe('一');
  });

  it('a save the server stored but whose answer was lost is recognised as its own, not as a conflict', async () => {
    const server = new FakeArticleServer(draftOf('春雷'));
    let loseNext = true;
    const {
      actor,
      state,
      type,
      server: s,
    } = setup({
      server,
      save: async (request) => {
        const answer = server.save(request);
        if (!loseNext) return answer;
        loseNext = false;
        return { kind: 'offline' };
      },
    });
    type('一');
    actor.send({ type: 'draft.save' });
    await settle();
    expect(state().value).toBe('offline');
    type('一二');
    actor.send({ type: 'network.online' });
    await settle();
    await settle();
    expect(state().value).toBe('saved');
    expect(s.current).toMatchObject({ version: 3, draft: draftOf('一二') });
  });

  it('after a lost answer, editing back to the last confirmed text still saves it over the unconfirmed one', async () => {
    const server = new FakeArticleServer(draftOf('春雷'));
    let loseNext = true;
    const { actor, state, type } = setup({
      server,
      save: async (request) => {
        const answer = server.save(request);
        if (!loseNext) return answer;
        loseNext = false;
        return { kind: 'offline' };
      },
    });
    type('春雷一');
    actor.send({ type: 'draft.save' });
    await settle();
    type('春雷');
    actor.send({ type: 'network.online' });
    await settle();
    await settle();
    expect(state().value).toBe('saved');
    expect(server.current).toMatchObject({ version: 3, draft: draftOf('春雷') });
  });

  it('before the tab closes, keeps unsent edits synchronously; the next open sends them', async () => {
    const first = setup();
    first.type('没来得及保存');
    first.actor.send({ type: 'page.leave' });
    expect(kept(first.store)).toEqual({ id: 1, baseVersion: 1, draft: draftOf('没来得及保存') });
    first.actor.stop();

    const second = setup({ server: first.server, store: first.store });
    expect(second.state().value).toBe('saving');
    await settle();
    expect(second.state().value).toBe('saved');
    expect(first.server.current?.draft.content).toBe('没来得及保存');
    expect(kept(first.store)).toBeUndefined();
  });

  it("a tab closed during a save does not take that save for someone else's on the next open", async () => {
    const { server, first, answer } = closedDuringSave('一', '一二');
    answer();
    await settle();
    expect(kept(first.store)).toEqual({ id: 1, baseVersion: 1, draft: draftOf('一二'), sent: draftOf('一') });

    const second = setup({ server, store: first.store });
    await settle();
    await settle();
    expect(second.state().value).toBe('saved');
    expect(server.current).toMatchObject({ version: 3, draft: draftOf('一二') });
  });

  it('a save still on its way when the tab closed cannot land over the text reopened after it', async () => {
    const { server, first, answer } = closedDuringSave('春雷b', '春雷');

    // The writer erased the "b" before closing: the reopened editor fences the server's version off.
    const second = setup({ server, store: first.store });
    await settle();
    await settle();
    expect(second.state().value).toBe('saved');
    expect(second.requests).toEqual([{ id: 1, draft: draftOf('春雷'), baseVersion: 1, supersede: true }]);
    answer();
    await settle();
    expect(server.current).toMatchObject({ version: 2, draft: draftOf('春雷') });
    expect(second.state().context.version).toBe(2);
    expect(kept(first.store)).toBeUndefined();
  });

  it('edits kept from before a newer server version open as a conflict', async () => {
    const store = new MemoryStore();
    store.set(localDraftKey(1), { id: 1, baseVersion: 1, draft: draftOf('笔记本睡着前写的') });
    const server = new FakeArticleServer(draftOf('春雷'));
    server.rivalWrite(draftOf('另一位管理员写的'));
    const { state } = setup({ server, store });
    await settle();
    expect(state().value).toBe('conflict');
    expect(state().context.draft.content).toBe('笔记本睡着前写的');
    expect(state().context.theirs?.draft.content).toBe('另一位管理员写的');
  });

  it('drops kept edits the server already holds', async () => {
    const store = new MemoryStore();
    store.set(localDraftKey(1), { id: 1, baseVersion: 1, draft: draftOf('春雷') });
    const { state, requests } = setup({ store });
    await settle();
    expect(state().value).toBe('idle');
    expect(requests).toEqual([]);
    expect(kept(store)).toBeUndefined();
  });

  it('dirty.refused: shows why the server refused and tries again on the next edit', async () => {
    let refuse = true;
    const server = new FakeArticleServer(draftOf('春雷'));
    const { actor, state, type, clock } = setup({
      server,
      save: async (request) => {
        if (refuse) throw new Error('标题不能超过 200 个字符');
        return server.save(request);
      },
    });
    type('一');
    actor.send({ type: 'draft.save' });
    await settle();
    expect(state().value).toEqual({ dirty: 'refused' });
    expect(state().hasTag('error')).toBe(true);
    expect(state().context.error).toBe('标题不能超过 200 个字符');
    clock.increment(AUTOSAVE_DELAY_MS * 2);
    expect(state().value).toEqual({ dirty: 'refused' });
    refuse = false;
    type('一二');
    clock.increment(AUTOSAVE_DELAY_MS);
    await settle();
    expect(state().value).toBe('saved');
    expect(state().context.error).toBeNull();
  });

  it('a new article stays in the browser until it has a title, then its first save creates it', async () => {
    const server = new FakeArticleServer();
    const { actor, state, clock, store, emitted } = setup({ server });
    expect(state().value).toBe('idle');
    actor.send({ type: 'draft.change', change: { content: '先写正文' } });
    clock.increment(AUTOSAVE_DELAY_MS);
    expect(state().value).toEqual({ dirty: 'untitled' });
    actor.send({ type: 'page.leave' });
    expect(kept(store, null)?.draft.content).toBe('先写正文');
    actor.send({ type: 'draft.change', change: { title: '惊蛰' } });
    clock.increment(AUTOSAVE_DELAY_MS);
    await settle();
    expect(state().value).toBe('saved');
    expect(state().context).toMatchObject({ id: 1, version: 1 });
    expect(emitted).toContainEqual({ type: 'article.created', id: 1 });
    expect(kept(store, null)).toBeUndefined();
    expect(server.created).toBe(1);
    expect(sameDraft(server.current!.draft, draftOf('先写正文'))).toBe(true);
  });

  it('an edit back to the saved text needs no save', async () => {
    const { state, type, clock, requests } = setup();
    type('改了');
    type('春雷');
    clock.increment(AUTOSAVE_DELAY_MS);
    await settle();
    expect(state().value).toBe('saved');
    expect(requests).toEqual([]);
  });
});
