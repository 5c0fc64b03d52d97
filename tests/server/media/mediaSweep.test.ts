import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addReferencedStems, contentStem, originalOfVariant, variantKey } from '../../../server/domain/media/mediaNames';
import { MediaSweep } from '../../../server/domain/media/mediaSweep';
import { loadConfig } from '../../../server/config';
import type { MediaReferenceSource } from '../../../server/ports/mediaReferences';
import { IMAGE_VARIANT_WIDTHS } from '../../../src/domain/media/imageVariants';
import { MemoryObjectStore } from '../../fakes/memoryObjectStore';

const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
const extension = fc.constantFrom('webp', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'avif', 'mp3', 'mp4', 'pdf', 'ico');
const contentName = fc.tuple(hex(24), extension).map(([stem, ext]) => `${stem}.${ext}`);
const publicUrl = fc.constantFrom('', 'https://cdn.example.com', 'https://img.example.cn/blog', 'http://127.0.0.1:9000/bucket');

/** Every form in which the site (or a reader's paste) writes a media URL: what any text may hold. */
const urlForm = fc.oneof(
  fc.constant((name: string, base: string) => `${base}/media/${name}`),
  fc.constantFrom(...IMAGE_VARIANT_WIDTHS).map((width) => (name: string, base: string) => `${base}/media/w/${width}/${name}`),
  fc.string({ maxLength: 12 }).map((query) => (name: string, base: string) => `${base}/media/${name}?${query}`),
  fc.constant((name: string, base: string) => `${base}/media/${name}#frag`),
  fc.constant((name: string, base: string) => `${base}/MEDIA/${name.toUpperCase()}`),
  fc.constant((name: string, base: string) => `${base}/media/${name.replace('.', '%2E')}`),
);

/** How a URL sits in the stored text: Markdown, HTML, a srcset, a JSON array (talk images), a bare chat message. */
const container = fc.oneof(
  fc.constant((url: string) => url),
  fc.constant((url: string) => `![图片](${url} "标题")`),
  fc.constant((url: string) => `[下载](<${url}>)`),
  fc.constant((url: string) => `<p><img src="${url}" alt=""></p>`),
  fc.constant((url: string) => `<img srcset="${url} 320w, ${url} 640w" sizes="100vw">`),
  fc.constant((url: string) => JSON.stringify(['/media/other.png', url])),
  fc.constant((url: string) => JSON.stringify([url]).replaceAll('/', '\\/')),
);

describe('the references a text holds', () => {
  it('finds the name of every URL form the site writes, in any container, amid any text (no false negative)', () => {
    fc.assert(
      fc.property(contentName, publicUrl, urlForm, container, fc.string(), fc.string(), (name, base, form, wrap, before, after) => {
        const text = `${before}${wrap(form(name, base))}${after}`;
        expect(addReferencedStems(text, new Set())).toContain(contentStem(name));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds only what the text spells: every stem found is in it (lower-cased), and a text without hex finds none', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.array(contentName, { maxLength: 4 }), (noise, names) => {
        const text = `${noise}${names.map((name) => `/media/${name}`).join(' ')}`;
        const found = addReferencedStems(text, new Set());
        for (const stem of found) expect(text.toLowerCase()).toContain(`${stem}.`);
        for (const name of names) expect(found).toContain(contentStem(name));
      }),
    );
    expect(addReferencedStems('no pictures here: /media/logo.png, /media/3fa1b2.webp', new Set()).size).toBe(0);
  });

  it('knows a content name from a name put by hand, and a variant key from its original', () => {
    fc.assert(
      fc.property(contentName, hex(10), fc.constantFrom(...IMAGE_VARIANT_WIDTHS), (name, version, width) => {
        expect(contentStem(name)).toBe(name.slice(0, 24));
        expect(originalOfVariant(variantKey(name, version, width))).toBe(name);
      }),
    );
    expect(contentStem('logo.png')).toBeUndefined();
    expect(contentStem('2019/01/3fa1b2c3d4e5f60718293a4b.png')).toBeUndefined();
    expect(originalOfVariant('cover.jpg')).toBeUndefined();
  });
});

const NOW = new Date('2026-12-07T04:30:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const name = (digit: string, ext = 'webp') => `${digit.repeat(24)}.${ext}`;

function references(...batches: string[][]): MediaReferenceSource & { reads: number } {
  const source = {
    reads: 0,
    async *texts() {
      source.reads += 1;
      yield* batches;
    },
  };
  return source;
}

function site(texts: MediaReferenceSource) {
  const media = new MemoryObjectStore();
  const variants = new MemoryObjectStore();
  return { media, variants, sweep: new MediaSweep({ media, variants, references: texts, clock: { now: () => NOW } }) };
}

describe('the media sweep', () => {
  it('deletes old unreferenced content-named objects and their variants; keeps the referenced, the young and hand-put ones', async () => {
    const { media, variants, sweep } = site(references([`正文 ![](/media/w/640/${name('a')}) 和 https://cdn.example.com/media/${name('b').toUpperCase()}?v=1`], [`["/media/${name('c', 'png')}"]`]));
    for (const digit of 'abcde') media.add(name(digit), digit.repeat(100), hoursAgo(48));
    media.add(name('c', 'png'), 'c', hoursAgo(48));
    media.add(name('f'), 'young', hoursAgo(1));
    media.add('logo.png', 'by hand', hoursAgo(1000));
    variants.add(variantKey(name('a'), '0123456789', 640), 'va', hoursAgo(48));
    variants.add(variantKey(name('d'), '0123456789', 320), 'vd', hoursAgo(0));
    variants.add(variantKey(name('d'), '0123456789', 640), 'vd2', hoursAgo(48));
    variants.add(variantKey(name('9'), 'abcdefabcd', 640), 'orphan', hoursAgo(48));
    variants.add(variantKey(name('8'), 'abcdefabcd', 640), 'young orphan', hoursAgo(1));

    const report = await sweep.run({ graceHours: 24 });

    expect(media.keys()).toEqual([name('a'), name('b'), name('c'), name('c', 'png'), name('f'), 'logo.png'].sort());
    expect(media.deleted.sort()).toEqual([name('d'), name('e')]);
    // d's variants whatever their age; the old orphan; not the young orphan (its original may be an upload in flight).
    expect(variants.keys()).toEqual([variantKey(name('8'), 'abcdefabcd', 640), variantKey(name('a'), '0123456789', 640)].sort());
    expect(report).toEqual({ examined: 8, deleted: 2, deletedBytes: 200, variantsDeleted: 3, variantBytes: 2 + 3 + 6 });
  });

  it('with a grace of 0 deletes a picture uploaded a moment ago; the default grace keeps it', async () => {
    const { media, sweep } = site(references());
    media.add(name('a'), 'a', hoursAgo(0.5));
    expect((await sweep.run({ graceHours: 24 })).deleted).toBe(0);
    expect(media.keys()).toEqual([name('a')]);
    expect((await sweep.run({ graceHours: 0 })).deleted).toBe(1);
    expect(media.keys()).toEqual([]);
  });

  it('deletes nothing in a dry run, and tells what would go', async () => {
    const { media, variants, sweep } = site(references());
    media.add(name('a'), 'aaaa', hoursAgo(48));
    variants.add(variantKey(name('a'), '0123456789', 640), 'v', hoursAgo(0));
    const told: string[] = [];
    const report = await sweep.run({ graceHours: 24, dryRun: true, onDelete: (object, kind) => told.push(`${kind} ${object.key}`) });
    expect(media.deleted).toEqual([]);
    expect(variants.deleted).toEqual([]);
    expect(told).toEqual([`original ${name('a')}`, `variant ${variantKey(name('a'), '0123456789', 640)}`]);
    expect(report).toMatchObject({ deleted: 1, deletedBytes: 4, variantsDeleted: 1 });
  });

  it('deletes nothing when the references cannot be read (the database away)', async () => {
    const failing: MediaReferenceSource = {
      async *texts() {
        yield [];
        throw new Error('connection refused');
      },
    };
    const { media, variants, sweep } = site(failing);
    media.add(name('a'), 'a', hoursAgo(48));
    variants.add(variantKey(name('7'), '0123456789', 640), 'orphan', hoursAgo(48));
    await expect(sweep.run({ graceHours: 0 })).rejects.toThrow('connection refused');
    expect(media.deleted).toEqual([]);
    expect(variants.deleted).toEqual([]);
  });

  it('keeps an object a reference saved while the sweep was listing names', async () => {
    let stored: string[] = [];
    const source = references();
    source.texts = async function* () {
      source.reads += 1;
      yield stored;
    };
    const { media, sweep } = site(source);
    const listed = media.list.bind(media);
    // The article is saved between the first reading of the references and the listing's end.
    media.list = async (prefix) => {
      stored = [`![](/media/${name('a')})`];
      return listed(prefix);
    };
    media.add(name('a'), 'a', hoursAgo(48));
    media.add(name('b'), 'b', hoursAgo(48));
    await sweep.run({ graceHours: 24 });
    expect(media.keys()).toEqual([name('a')]);
    expect(source.reads).toBe(2);
  });
});

describe('the clean-up’s settings', () => {
  it('runs daily at 04:30 UTC with a day’s grace unless told otherwise; `off` disables it; a bad value stops the start', () => {
    expect(loadConfig({}, '/tmp')).toMatchObject({ mediaGcSchedule: '30 4 * * *', mediaGcGraceHours: 24 });
    expect(loadConfig({ MEDIA_GC_SCHEDULE: 'off', MEDIA_GC_GRACE_HOURS: '0' }, '/tmp')).toMatchObject({ mediaGcSchedule: undefined, mediaGcGraceHours: 0 });
    expect(loadConfig({ MEDIA_GC_SCHEDULE: '0 3 * * 0' }, '/tmp').mediaGcSchedule).toBe('0 3 * * 0');
    expect(() => loadConfig({ MEDIA_GC_SCHEDULE: 'daily' }, '/tmp')).toThrow(/MEDIA_GC_SCHEDULE/);
    expect(() => loadConfig({ MEDIA_GC_GRACE_HOURS: '-1' }, '/tmp')).toThrow(/MEDIA_GC_GRACE_HOURS/);
  });
});
