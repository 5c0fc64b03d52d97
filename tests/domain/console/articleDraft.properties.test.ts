import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { localDraftKey, type SaveAnswer, type SaveRequest } from '../../../src/domain/console/articles/articleDraft';
import { AUTOSAVE_DELAY_MS, OFFLINE_RETRY_MS } from '../../../src/domain/console/articles/articleDraft.machine';
import { draftOf, FakeArticleServer, MemoryStore, openEditor } from '../../fakes/articleServer';

/** How one save fares on the wire. */
type Outcome = 'ok' | 'lostBefore' | 'lostAfter' | 'refused';

type Step =
  | { kind: 'type'; char: string }
  /** Backspace: edits can come back to a text the server already had. */
  | { kind: 'erase' }
  | { kind: 'wait'; ms: number }
  | { kind: 'blur' }
  | { kind: 'save' }
  | { kind: 'offline' }
  | { kind: 'online' }
  | { kind: 'rival' }
  | { kind: 'resolve'; keepMine: boolean }
  /** The tab closes (beforeunload) and the article is opened again. */
  | { kind: 'reopen' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('type' as const), char: fc.constantFrom('a', 'b', '雨', '😀') }), weight: 6 },
  { arbitrary: fc.constant({ kind: 'erase' as const }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.constantFrom(0, 1000, AUTOSAVE_DELAY_MS - 1, AUTOSAVE_DELAY_MS, OFFLINE_RETRY_MS),
    }),
    weight: 4,
  },
  fc.constant({ kind: 'blur' as const }),
  fc.constant({ kind: 'save' as const }),
  fc.constant({ kind: 'offline' as const }),
  fc.constant({ kind: 'online' as const }),
  { arbitrary: fc.constant({ kind: 'rival' as const }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('resolve' as const), keepMine: fc.boolean() }), weight: 2 },
  fc.constant({ kind: 'reopen' as const }),
);

const outcome = fc.constantFrom<Outcome>('ok', 'lostBefore', 'lostAfter', 'refused');

const INITIAL = '春雷';

describe('articleDraftMachine under any schedule', () => {
  it('loses no keystroke and never overwrites a server version the writer did not see', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.array(outcome, { maxLength: 30 }),
        async (s, steps, outcomes) => {
          const server = new FakeArticleServer(draftOf(INITIAL));
          const store = new MemoryStore();
          const clock = new SimulatedClock();
          const fates = [...outcomes];
          let browserOnline = true;
          let rivals = 0;
          /** The text the writer has in front of them: what they typed, or what they chose to take. */
          let intended = INITIAL;
          /** Whether `intended` holds keystrokes (rather than a text the writer took from the server). */
          let typed = false;
          /** Server versions the writer has seen (loaded, or shown in a conflict they resolved). */
          const seen = new Set([1]);
          const problems: string[] = [];

          const save = (request: SaveRequest): Promise<SaveAnswer> => {
            const fate: Outcome = browserOnline ? (fates.shift() ?? 'ok') : 'lostBefore';
            return s.schedule(Promise.resolve(), `save "${request.draft.content}" on v${request.baseVersion}: ${fate}`).then(() => {
              if (fate === 'refused') throw new Error('服务器开小差了');
              if (fate === 'lostBefore') return { kind: 'offline' as const };
              const answer = server.save(request);
              return fate === 'lostAfter' ? { kind: 'offline' as const } : answer;
            });
          };
          const open = () => {
            seen.add(server.current!.version);
            const opened = openEditor({ server, store, clock, save, online: browserOnline });
            // Ready means saved: the server holds the text on screen at the version the editor stands on.
            opened.actor.subscribe((snapshot) => {
              const { version, draft } = snapshot.context;
              const stored = server.history.find((v) => v.version === version)?.draft.content;
              if (snapshot.hasTag('ready') && stored !== draft.content)
                problems.push(`ready at v${version} showing "${draft.content}" while the server holds "${stored}"`);
            });
            return opened;
          };
          let editor = open();
          const state = () => editor.actor.getSnapshot();

          const run = (action: Step) => {
            switch (action.kind) {
              case 'type':
                intended += action.char;
                typed = true;
                editor.actor.send({ type: 'draft.change', change: { content: intended } });
                break;
              case 'erase':
                intended = Array.from(intended).slice(0, -1).join('');
                typed = true;
                editor.actor.send({ type: 'draft.change', change: { content: intended } });
                break;
              case 'wait':
                clock.increment(action.ms);
                break;
              case 'blur':
                editor.actor.send({ type: 'draft.blur' });
                break;
              case 'save':
                editor.actor.send({ type: 'draft.save' });
                break;
              case 'offline':
                browserOnline = false;
                editor.actor.send({ type: 'network.offline' });
                break;
              case 'online':
                browserOnline = true;
                editor.actor.send({ type: 'network.online' });
                break;
              case 'rival':
                rivals += 1;
                server.rivalWrite(draftOf(`另一个标签页 ${rivals}|`));
                break;
              case 'resolve': {
                const { theirs } = state().context;
                if (!state().matches('conflict') || theirs === null) break;
                seen.add(theirs.version);
                if (action.keepMine) editor.actor.send({ type: 'conflict.keepMine' });
                else {
                  intended = theirs.draft.content;
                  typed = false;
                  editor.actor.send({ type: 'conflict.takeTheirs' });
                }
                break;
              }
              case 'reopen': {
                editor.actor.send({ type: 'page.leave' });
                editor.actor.stop();
                const before = intended;
                editor = open();
                intended = state().context.draft.content;
                // What was typed comes back, or the server already holds it as the writer's newest save.
                const saved = server.history.filter((v) => v.author === 'editor').at(-1)?.draft.content === before;
                if (typed && intended !== before && !saved) problems.push(`reopening lost "${before}", showed "${intended}"`);
                if (intended !== before) typed = false;
                break;
              }
            }
            if (state().context.draft.content !== intended)
              problems.push(`after ${action.kind} the editor shows "${state().context.draft.content}", not "${intended}"`);
          };

          const writing = s.scheduleSequence(
            steps.map((action) => ({ label: JSON.stringify(action), builder: async () => run(action) })),
          );
          await s.waitFor(writing.task);
          await s.waitAll();

          // Settle: the network heals; the writer keeps their text in any conflict still open.
          browserOnline = true;
          fates.length = 0;
          editor.actor.send({ type: 'network.online' });
          for (let round = 0; round < 20 && !state().hasTag('ready'); round += 1) {
            const snapshot = state();
            if (snapshot.matches('conflict')) run({ kind: 'resolve', keepMine: true });
            else if (snapshot.matches({ dirty: 'refused' })) run({ kind: 'save' });
            else if (snapshot.matches('offline')) run({ kind: 'online' });
            else run({ kind: 'wait', ms: AUTOSAVE_DELAY_MS });
            await s.waitAll();
          }

          expect(problems).toEqual([]);
          expect(state().hasTag('ready')).toBe(true);
          // No keystroke lost: the last text typed reached the server.
          expect(state().context.draft.content).toBe(intended);
          // The version the editor stands on holds exactly the text on screen, and no save of an older text of
          // the writer's lies on top of it.
          const { version } = state().context;
          expect(server.history.find((v) => v.version === version)?.draft.content).toBe(intended);
          expect(server.history.filter((v) => v.author === 'editor' && v.version > version)).toEqual([]);
          expect(store.get(localDraftKey(1))).toBeUndefined();
          // No unseen version overwritten: every accepted save replaced the writer's own version or one they saw.
          for (const { replaced, written } of server.overwrites) {
            if (replaced.author !== 'editor' && !seen.has(replaced.version))
              problems.push(`v${written.version} overwrote v${replaced.version} ("${replaced.draft.content}") unseen`);
          }
          expect(problems).toEqual([]);
          editor.actor.stop();
        },
      ),
      { numRuns: 500 },
    );
  });
});
