import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { administratorPage, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser, waitForHydration, waitForPage } from './support/harness';

const text = zhCN.consoleShowcase;

/** A picture file as the blogger picks it: a plain colour, landscape or portrait. */
async function picture(name: string, colour: string, width: number, height: number) {
  return {
    name,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  };
}

/** Drags `item` by its handle onto `target`, as a person does: press, move a little, move over, release. */
async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** Waits until the console page's chunk has replaced its loading fallback. */
async function openConsole(page: Page, pathname: string, heading: string): Promise<void> {
  await page.goto(pathname);
  await waitForHydration(page);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describeInBrowser('the console: talks and albums', () => {
  let site: AccountsSite;
  let admin: Page;
  let visitor: Page;

  beforeAll(async () => {
    site = await startAccountsSite();
    admin = await administratorPage(site);
    visitor = await site.newPage();
  });
  afterAll(() => site?.close());

  it('writes a talk with two uploaded pictures, reorders them by dragging and publishes it: a visitor sees them in that order on /talk', async () => {
    await openConsole(admin, '/admin/talks', text.talks.title);
    const words = '傍晚的云烧起来了，拍了两张。';
    await admin.getByPlaceholder(text.talks.placeholder).fill(words);
    await admin
      .locator('.talk-composer input[type=file]')
      .setInputFiles([await picture('wide.png', '#d04040', 300, 200), await picture('tall.png', '#4040d0', 200, 300)]);
    const tiles = admin.locator('.picture-tile');
    await admin.locator('.picture-tile[data-status="done"] img[src^="/media/"]').nth(1).waitFor();
    const publish = admin.getByRole('button', { name: text.talks.publish, exact: true });
    expect(await publish.isEnabled()).toBe(true);
    const urls = await tiles
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
    expect(urls).toHaveLength(2);

    await dragOnto(
      admin,
      admin.getByRole('button', { name: text.dragToSort(text.talks.picture(2)) }),
      admin.getByRole('listitem', { name: text.talks.picture(1) }),
    );
    const reordered = [urls[1], urls[0]];
    await admin.waitForFunction(
      (expected) =>
        [...document.querySelectorAll('.picture-tile img')].map((image) => image.getAttribute('src')).join() ===
        expected.join(),
      reordered,
    );
    await publish.click();
    await admin.getByText(text.talks.published).waitFor();
    await admin.locator('.talk-row', { hasText: words }).waitFor();

    await visitor.goto('/talk');
    await waitForPage(visitor);
    const talk = visitor.locator('article.talk', { hasText: words });
    await talk.waitFor();
    expect(
      await talk.locator('.talk__image img').evaluateAll((images) => images.map((image) => image.getAttribute('src'))),
    ).toEqual(reordered);
    // The tall picture, dragged first, is first for the visitor too (its size says which it is).
    const first = await visitor.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, reordered[0]!);
    expect(first).toEqual([200, 300]);
  });

  it('creates an album, uploads three photos at once with a progress bar each and makes the second the cover: a visitor sees that cover on /photoAlbum and the photos on /photos', async () => {
    await admin.getByRole('link', { name: zhCN.console.nav.albums }).click();
    await admin.getByRole('heading', { level: 1, name: text.albums.title }).waitFor();
    await admin.getByRole('button', { name: text.albums.create }).click();
    const dialog = admin.getByRole('dialog', { name: text.albums.createTitle });
    await dialog.getByLabel(text.albums.name).fill('秋天的河边');
    await dialog.getByRole('button', { name: text.save }).click();
    await admin.getByRole('heading', { level: 1, name: '秋天的河边' }).waitFor();

    await admin
      .locator('input[type=file]')
      .setInputFiles([
        await picture('one.png', '#e0a030', 480, 360),
        await picture('two.png', '#30a0e0', 360, 480),
        await picture('three.png', '#30e0a0', 400, 400),
      ]);
    // Each file has its own bar, and each reaches the end.
    const bars = admin.locator('.upload-list').getByRole('progressbar');
    for (const name of ['one.png', 'two.png', 'three.png']) {
      await admin.locator('.upload-list').getByRole('progressbar', { name }).waitFor();
    }
    await admin.waitForFunction(() => {
      const done = [...document.querySelectorAll('.upload-list [role=progressbar]')].filter(
        (bar) => bar.getAttribute('aria-valuenow') === '100',
      );
      return done.length === 3 && document.querySelectorAll('.photo-tile').length === 3;
    });
    expect(await bars.count()).toBe(3);
    expect(await admin.locator('.upload-list').getByText(text.uploaded).count()).toBe(3);
    const photos = await admin
      .locator('.photo-tile .photo-tile__image img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
    expect(photos).toHaveLength(3);
    // Photos keep the order they were chosen in: the second is the portrait one.
    expect(await admin.locator('.photo-tile').nth(1).innerText()).toContain(text.photos.size(360, 480));

    await admin.getByRole('button', { name: `${text.photos.setCover} ${text.photos.photo(2)}` }).click();
    await admin.getByText(text.photos.coverSet).waitFor();
    await admin.locator('.photo-tile[data-cover="true"]', { hasText: text.photos.size(360, 480) }).waitFor();

    await visitor.goto('/photoAlbum');
    await waitForPage(visitor);
    const card = visitor.locator('.album-card', { hasText: '秋天的河边' });
    expect(await card.locator('img').getAttribute('src')).toBe(photos[1]);
    await card.click();
    await visitor.waitForURL(/\/photos\?id=\d+/);
    await visitor.locator('.masonry__item').nth(2).waitFor();
    expect(
      await visitor.locator('.masonry img').evaluateAll((images) => images.map((image) => image.getAttribute('src'))),
    ).toEqual(photos);
  });
});
