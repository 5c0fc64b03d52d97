import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ReportedError } from '../../../../src/domain/account/account';
import {
  PREVIEW_QUIET_MS,
  noticeComposerMachine,
  type NoticeComposerEmitted,
} from '../../../../src/domain/console/users/noticeComposer.machine';
import { checkNotice, isSelf, NOTICE_MAX_LENGTH, toggledRole } from '../../../../src/domain/console/users/users';

const htmlOf = (message: string) => `<p>${message.trim()}</p>`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  preview: (message: string) => Promise<string> = async (m) => htmlOf(m),
  send: (message: string) => Promise<number> = async () => 3,
) {
  const clock = new SimulatedClock();
  const previews: string[] = [];
  const sends: string[] = [];
  const actor = createActor(
    noticeComposerMachine.provide({
      actors: {
        previewNotice: fromPromise(({ input }) => {
          previews.push(input.message);
          return preview(input.message);
        }),
        sendNotice: fromPromise(({ input }) => {
          sends.push(input.message);
          return send(input.message);
        }),
      },
    }),
    { clock },
  );
  const emitted: NoticeComposerEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
  });
  actor.start();
  return { actor, clock, previews, sends, emitted };
}

describe('noticeComposerMachine', () => {
  it('asks for the preview a quiet moment after typing stops, for the last text only', async () => {
    const { actor, clock, previews } = start();
    actor.send({ type: 'message.change', message: '本周' });
    clock.increment(PREVIEW_QUIET_MS - 1);
    actor.send({ type: 'message.change', message: '本周六停机' });
    clock.increment(PREVIEW_QUIET_MS - 1);
    expect(previews).toEqual([]);
    clock.increment(1);
    await settle();
    expect(previews).toEqual(['本周六停机']);
    expect(actor.getSnapshot().context).toMatchObject({ preview: '<p>本周六停机</p>', previewFor: '本周六停机', problem: null });
    // Emptied: no preview, nothing asked.
    actor.send({ type: 'message.change', message: '  ' });
    clock.increment(PREVIEW_QUIET_MS);
    expect(actor.getSnapshot().context.preview).toBeNull();
    expect(previews).toHaveLength(1);
  });

  it('shows why the server refused to preview', async () => {
    const { actor, clock } = start(async () => {
      throw new Error('消息内容不能超过2000个字符');
    });
    actor.send({ type: 'message.change', message: '太长了' });
    clock.increment(PREVIEW_QUIET_MS);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ preview: null, problem: '消息内容不能超过2000个字符' });
  });

  it('sends once, says to how many, and clears the text; refuses an empty one without asking the server', async () => {
    let release: (count: number) => void = () => undefined;
    const { actor, sends, emitted } = start(undefined, () => new Promise((resolve) => (release = resolve)));
    actor.send({ type: 'notice.send' });
    expect(emitted).toEqual([{ type: 'notice.refused', problem: 'empty' }]);
    actor.send({ type: 'message.change', message: '欢迎新朋友' });
    actor.send({ type: 'notice.send' });
    actor.send({ type: 'notice.send' });
    expect(sends).toEqual(['欢迎新朋友']);
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    release(12);
    await settle();
    expect(emitted.at(-1)).toEqual({ type: 'notice.sent', count: 12 });
    expect(actor.getSnapshot().context).toMatchObject({ message: '', preview: null });
  });

  it('keeps what was typed during the send, and reports a failed send once', async () => {
    let fail: Error | null = null;
    let release: (count: number) => void = () => undefined;
    const { actor, emitted } = start(undefined, () =>
      fail ? Promise.reject(fail) : new Promise((resolve) => (release = resolve)),
    );
    actor.send({ type: 'message.change', message: '第一版' });
    actor.send({ type: 'notice.send' });
    actor.send({ type: 'message.change', message: '第二版' });
    release(2);
    await settle();
    expect(actor.getSnapshot().context.message).toBe('第二版');
    fail = new ReportedError('服务器开小差了');
    actor.send({ type: 'notice.send' });
    await settle();
    expect(emitted.at(-1)).toEqual({ type: 'notice.failed', message: '服务器开小差了', reported: true });
    expect(actor.getSnapshot().context.message).toBe('第二版');
  });

  it('shows only the answer for the text it names, and once settled for the text in the box, whatever order answers arrive in', async () => {
    const step = fc.record({ text: fc.constantFrom('', '甲', '甲乙', '<b>丙</b>', ' 甲 '), waitMs: fc.constantFrom(0, PREVIEW_QUIET_MS - 1, PREVIEW_QUIET_MS) });
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(step, { minLength: 1, maxLength: 10 }), async (s, steps) => {
        const { actor, clock } = start((message) => s.schedule(Promise.resolve(htmlOf(message)), message));
        const problems: string[] = [];
        actor.subscribe((snapshot) => {
          const { context } = snapshot;
          // While typing the last preview may stay (the page dims it); an answer never lands on other text.
          const settled = !snapshot.hasTag('busy') && snapshot.matches({ preview: 'idle' });
          if (settled && context.preview !== null && context.previewFor !== context.message) {
            problems.push(`preview of "${context.previewFor}" beside "${context.message}"`);
          }
          if (context.preview !== null && context.preview !== htmlOf(context.previewFor ?? '')) problems.push('preview of other text');
        });
        const typing = s.scheduleSequence(
          steps.map(({ text, waitMs }) => ({
            label: `${text} +${waitMs}`,
            builder: async () => {
              actor.send({ type: 'message.change', message: text });
              clock.increment(waitMs);
            },
          })),
        );
        await s.waitFor(typing.task);
        clock.increment(PREVIEW_QUIET_MS);
        await s.waitAll();
        expect(problems).toEqual([]);
        const last = steps.at(-1)!.text;
        expect(actor.getSnapshot().context.preview).toBe(last.trim() === '' ? null : htmlOf(last));
        actor.stop();
      }),
      { numRuns: 150 },
    );
  });
});

describe('the people rules', () => {
  it('checks a notice as the server does: some text, at most 2000 characters once trimmed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2100 }), (message) => {
        const text = message.trim();
        expect(checkNotice(message)).toBe(text === '' ? 'empty' : text.length > NOTICE_MAX_LENGTH ? 'tooLong' : null);
      }),
    );
    expect(checkNotice(` ${'字'.repeat(NOTICE_MAX_LENGTH)} `)).toBeNull();
  });

  it('names oneself and the role a toggle gives', () => {
    expect(isSelf(3, { id: 3 })).toBe(true);
    expect(isSelf(null, { id: 3 })).toBe(false);
    expect([toggledRole({ role: 1 }), toggledRole({ role: 2 }), toggledRole({ role: 5 })]).toEqual([2, 1, 1]);
  });
});
