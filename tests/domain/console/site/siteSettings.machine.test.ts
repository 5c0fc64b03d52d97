import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SiteSettings } from '../../../../src/domain/console/site/site';
import { siteSettingsMachine, type SiteSettingsEmitted } from '../../../../src/domain/console/site/siteSettings.machine';
import { forSaving, mottoLines, mottosOf, sameSettings } from '../../../../src/domain/console/site/siteSettings';

const STORED: SiteSettings = {
  name: '听雨小筑',
  author: '听雨',
  avatar: '/media/avatar.webp',
  motto: '在代码与诗词之间',
  typedMottos: ['写代码的人', '也可以慢慢听一场雨'],
  notice: '欢迎',
  copyright: '',
  filingNumber: '',
  since: '2024-01-01',
};

function openForm(save: (settings: SiteSettings) => Promise<SiteSettings>, load = async () => STORED) {
  const actor = createActor(
    siteSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise(load),
        saveSettings: fromPromise(({ input }) => save(input.settings)),
      },
    }),
  ).start();
  const emitted: SiteSettingsEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  return { actor, emitted };
}

describe('the settings form rules', () => {
  it('edits typed mottos one a line, dropping blank lines only when sent', () => {
    expect(mottosOf(mottoLines(['一', '二']))).toEqual(['一', '二']);
    const typing = { ...STORED, name: ' 雨后 ', typedMottos: mottosOf('一\n\n 二 \n') };
    expect(typing.typedMottos).toEqual(['一', '', ' 二 ', '']);
    expect(forSaving(typing)).toEqual({ ...STORED, name: '雨后', typedMottos: ['一', '二'] });
    expect(sameSettings(typing, { ...STORED, name: '雨后', typedMottos: ['一', '二'] })).toBe(true);
    expect(sameSettings(typing, STORED)).toBe(false);
  });
});

describe('siteSettingsMachine', () => {
  it('loads clean, turns dirty on an edit, clean again when edited back or reset, and saves what the server answers', async () => {
    const { actor, emitted } = openForm(async (settings) => settings);
    await waitFor(actor, (s) => s.matches({ ready: 'clean' }));
    actor.send({ type: 'settings.edit', change: { notice: '新公告 ' } });
    expect(actor.getSnapshot().matches({ ready: 'dirty' })).toBe(true);
    actor.send({ type: 'settings.edit', change: { notice: '欢迎' } });
    expect(actor.getSnapshot().matches({ ready: 'clean' })).toBe(true);
    actor.send({ type: 'settings.edit', change: { notice: '新公告 ' } });
    actor.send({ type: 'settings.reset' });
    expect(actor.getSnapshot().context.draft).toEqual(STORED);

    actor.send({ type: 'settings.edit', change: { notice: '新公告 ' } });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'clean' }));
    // The server's trimmed form replaces what was typed.
    expect(actor.getSnapshot().context).toMatchObject({ saved: { ...STORED, notice: '新公告' }, draft: { ...STORED, notice: '新公告' } });
    expect(emitted).toEqual([{ type: 'settings.saved' }]);
  });

  it('keeps the edits and says why when the server refuses them', async () => {
    const { actor, emitted } = openForm(async () => {
      throw new Error('请填写网站名称');
    });
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'settings.edit', change: { name: '' } });
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'dirty' }));
    expect(actor.getSnapshot().context.draft?.name).toBe('');
    expect(emitted).toEqual([{ type: 'settings.failed', message: '请填写网站名称', reported: false }]);
  });

  it('says why the settings cannot be read, and reads them again when asked', async () => {
    let attempts = 0;
    const { actor } = openForm(
      async (settings) => settings,
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('网络错误');
        return STORED;
      },
    );
    await waitFor(actor, (s) => s.hasTag('error'));
    expect(actor.getSnapshot().context.error).toBe('网络错误');
    actor.send({ type: 'settings.reload' });
    await waitFor(actor, (s) => s.matches({ ready: 'clean' }));
  });

  type Step = { kind: 'edit'; field: 'name' | 'notice' | 'motto'; value: string } | { kind: 'save' } | { kind: 'answer' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('edit' as const), field: fc.constantFrom('name', 'notice', 'motto'), value: fc.constantFrom('甲', ' 乙 ', '丙', '') }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'save' as const }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'answer' as const }) },
  );

  it('under any schedule of edits, slow saves and refusals, loses no edit, and is clean only when the server holds the form', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(step, { maxLength: 30 }), fc.array(fc.boolean(), { maxLength: 30 }), async (s, steps, refusals) => {
        let server = STORED;
        const fates = [...refusals];
        const save = s.scheduleFunction(async function save(settings: SiteSettings) {
          if (fates.shift()) throw new Error('保存失败');
          server = settings;
          return settings;
        });
        const { actor } = openForm(save);
        await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
        let expected = STORED;
        for (const next of steps) {
          if (next.kind === 'edit') {
            actor.send({ type: 'settings.edit', change: { [next.field]: next.value } });
            expected = { ...expected, [next.field]: next.value };
          }
          if (next.kind === 'save') actor.send({ type: 'settings.save' });
          if (next.kind === 'answer' && s.count() > 0) await s.waitOne();
          expect(sameSettings(actor.getSnapshot().context.draft!, expected)).toBe(true);
        }
        await s.waitAll();
        await waitFor(actor, (settled) => !settled.hasTag('busy'));
        const snapshot = actor.getSnapshot();
        expect(sameSettings(snapshot.context.draft!, expected)).toBe(true);
        expect(snapshot.context.saved).toEqual(server);
        if (snapshot.matches({ ready: 'clean' })) expect(sameSettings(server, expected)).toBe(true);
        else expect(sameSettings(server, expected)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
