import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { administratorPage, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser, waitForHydration } from './support/harness';

const text = zhCN.consoleMusic;
const DEMO = path.resolve('content/demo/music');

async function wapi<T>(site: AccountsSite, url: string): Promise<T> {
  return (await (await fetch(`${site.baseUrl}/wapi${url}`)).json()) as T;
}

describeInBrowser('the console: the music library', () => {
  let site: AccountsSite;
  let admin: Page;

  beforeAll(async () => {
    site = await startAccountsSite();
    admin = await administratorPage(site);
  });
  afterAll(() => site?.close());

  it('uploads a song with its lyric (a progress bar for it), renames it, reorders by dragging, and moves it to a new playlist the player lists', async () => {
    await admin.goto('/admin/music');
    await waitForHydration(admin);
    await admin.getByRole('heading', { level: 1, name: text.title }).waitFor();
    await admin.getByRole('heading', { name: text.songs.heading('清晨') }).waitFor();

    // Upload: an MP3 and its .lrc, matched by name; the file has its own progress bar until it is in.
    await admin.locator('input[type=file][multiple]').setInputFiles([
      { name: '新歌.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(path.join(DEMO, '05 古风', '02 山行.mp3')) },
      { name: '新歌.lrc', mimeType: 'text/plain', buffer: Buffer.from('[00:00.50]远上寒山石径斜\n[00:02.00]白云生处有人家\n') },
    ]);
    await admin.getByRole('progressbar', { name: '新歌.mp3' }).waitFor();
    await admin.getByText(zhCN.consoleShowcase.uploaded).waitFor();
    const row = admin.getByRole('row', { name: /山行/ });
    await row.waitFor();
    await expect(row.getByRole('cell', { name: text.songs.hasLyric, exact: true }).count()).resolves.toBe(1);

    // Rename in the song editor.
    await row.getByRole('button', { name: `${text.edit} 山行` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(text.editor.songTitle).fill('山行（新录）');
    await dialog.getByRole('button', { name: text.save }).click();
    await admin.getByText(text.saved).first().waitFor();
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('cell', { name: '山行（新录）', exact: true }).waitFor();

    // Reorder: the last song moved to the top with the keyboard drag (space, arrows, space).
    const toplist = async () => (await wapi<{ list: { id: number; name: string }[] }>(site, '/toplist/detail')).list;
    const morning = (await toplist()).find((playlist) => playlist.name === '清晨')!;
    const tracks = async (id: number) => (await wapi<{ songs: { id: number; name: string }[] }>(site, `/playlist/track/all?id=${id}`)).songs.map((song) => song.name);
    const before = await tracks(morning.id);
    expect(before.at(-1)).toBe('山行（新录）');
    const grip = (title: string) => admin.getByRole('button', { name: text.dragToSort(title) });
    const top = async (title: string) => (await grip(title).boundingBox())?.y ?? Number.NaN;
    // dnd-kit finds the next row up from the rows' measured places: each key waits until no row is still sliding,
    // or a press on a loaded machine can measure a row mid-slide and land where the dragged row already is.
    const settled = () => admin.locator('table.music-table').evaluate((table) => table.getAnimations({ subtree: true }).length === 0);
    await grip('山行（新录）').focus();
    // What a screen reader hears is Chinese: how to move it, then where it is (dnd-kit's live region).
    const sortable = zhCN.console.sortable;
    const describedBy = (await grip('山行（新录）').getAttribute('aria-describedby'))!;
    expect(await admin.locator(`[id="${describedBy}"]`).textContent()).toBe(sortable.instructions);
    // (Each list of the page has its own live region: the song table's is the one that speaks.)
    const heard = (words: string) => expect.poll(() => admin.locator('[id^="DndLiveRegion"]').allTextContents()).toContain(words);
    await admin.keyboard.press('Space');
    await heard(sortable.pickedUp('山行（新录）', before.length, before.length));
    for (let step = 1; step < before.length; step += 1) {
      await expect.poll(settled).toBe(true);
      const was = await top('山行（新录）');
      await admin.keyboard.press('ArrowUp');
      await expect.poll(() => top('山行（新录）')).toBeLessThan(was - 10);
    }
    await expect.poll(settled).toBe(true);
    await heard(sortable.movedTo('山行（新录）', 1, before.length));
    await admin.keyboard.press('Space');
    await heard(sortable.droppedAt('山行（新录）', 1, before.length));
    await admin.getByText(text.orderSaved).first().waitFor();
    const keyed = ['山行（新录）', ...before.slice(0, -1)];
    await expect.poll(() => tracks(morning.id)).toEqual(keyed);

    // And with the mouse: the top song's grip dragged down past the second row (measured once the rows stand still).
    await expect.poll(settled).toBe(true);
    const from = (await grip(keyed[0]!).boundingBox())!;
    const over = (await grip(keyed[1]!).boundingBox())!;
    const x = from.x + from.width / 2;
    await admin.mouse.move(x, from.y + from.height / 2);
    await admin.mouse.down();
    await admin.mouse.move(x, from.y + from.height / 2 + 8, { steps: 4 });
    await admin.mouse.move(x, over.y + over.height, { steps: 12 });
    await admin.mouse.up();
    await expect.poll(() => tracks(morning.id)).toEqual([keyed[1], keyed[0], ...keyed.slice(2)]);

    // A new playlist; the song moved into it; the public player lists it.
    await admin.getByRole('button', { name: text.playlists.create }).click();
    await admin.getByRole('dialog').getByLabel(text.playlists.name).fill('雨夜');
    await admin.getByRole('dialog').getByRole('button', { name: text.save }).click();
    await admin.getByText(text.playlists.created).first().waitFor();
    await admin.locator('.music-playlist__pick', { hasText: '清晨' }).click();
    await admin.getByRole('heading', { name: text.songs.heading('清晨') }).waitFor();
    await admin.getByRole('combobox', { name: `${text.songs.moveTo}：山行（新录）` }).selectOption({ label: '雨夜' });
    await admin.getByText(text.songs.moved('雨夜')).first().waitFor();
    await expect.poll(async () => (await toplist()).map((playlist) => playlist.name)).toContain('雨夜');
    const rain = (await toplist()).find((playlist) => playlist.name === '雨夜')!;
    expect(await tracks(rain.id)).toEqual(['山行（新录）']);
  });
});
