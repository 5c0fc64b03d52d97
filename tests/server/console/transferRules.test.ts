import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachment } from '../../../server/adapters/http/contentDisposition';
import { entryPath, isSkippedEntry, postFolders, unsafeEntryName } from '../../../server/domain/transfer/zipEntries';

const segment = fc.stringMatching(/^[\p{L}\p{N} ._-]{1,12}$/u).filter((s) => s !== '.' && s !== '..');

describe("a zip entry's name", () => {
  it('is safe when every segment stays inside, and unpacks to those segments', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('/', '\\'),
        (segments, separator) => {
          const name = segments.join(separator);
          fc.pre(!/^[A-Za-z]:/.test(name));
          expect(unsafeEntryName(name)).toBe(false);
          expect(entryPath(name)).toBe(segments.filter((s) => s !== '.').join('/'));
        },
      ),
    );
  });

  it('is unsafe with a .. segment anywhere, an absolute start, a drive letter or a NUL', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 3 }),
        fc.array(segment, { maxLength: 3 }),
        fc.constantFrom('/', '\\'),
        (before, after, separator) => {
          expect(unsafeEntryName([...before, '..', ...after].join(separator))).toBe(true);
          expect(unsafeEntryName(`${separator}${[...before, 'x'].join(separator)}`)).toBe(true);
        },
      ),
    );
    for (const name of ['C:/x.md', 'c:x.md', 'D:\\a\\b.md', 'a\u0000b.md', '', '..', '../', '\\\\host\\share\\x.md']) {
      expect(unsafeEntryName(name), JSON.stringify(name)).toBe(true);
    }
    for (const name of ['a..b.md', '...md', 'posts/..hidden.md', './posts/a.md'])
      expect(unsafeEntryName(name), name).toBe(false);
  });

  it("leaves out tools' folders and operating systems' droppings, nothing else", () => {
    for (const path of [
      'node_modules/hexo/README.md',
      'blog/.git/HEAD',
      '__MACOSX/blog/._a.md',
      'blog/._a.md',
      'blog/.DS_Store',
      'img/Thumbs.db',
    ]) {
      expect(isSkippedEntry(path), path).toBe(true);
    }
    for (const path of ['blog/source/_posts/a.md', 'modules/a.md', '.github/x.md', 'blog/_a.md'])
      expect(isSkippedEntry(path), path).toBe(false);
  });
});

describe('where the posts of a zip are', () => {
  it.each([
    [
      ['myblog/_config.yml', 'myblog/source/_posts/a.md', 'myblog/source/_drafts/b.md', 'myblog/source/about/index.md'],
      'hexo',
      ['myblog/source/_posts'],
    ],
    [['_config.yml', 'source/_posts/2024/a.markdown', 'themes/x/README.md'], 'hexo', ['source/_posts']],
    [
      ['site/_config.yml', 'site/_posts/2024-01-01-a.md', 'site/_drafts/b.md', 'site/index.md'],
      'jekyll',
      ['site/_posts'],
    ],
    [['hugo.toml', 'content/posts/a/index.md', 'content/about.md'], 'hugo', ['content/posts']],
    [['blog/config.yaml', 'blog/content/post/a.md'], 'hugo', ['blog/content/post']],
    [['config/_default/hugo.toml', 'content/a.md', 'content/b.md'], 'hugo', ['content']],
    [['content/a.md'], 'folder', ['content']],
    [['posts/a.md', 'images/x.png'], 'folder', ['']],
    [['export/posts/a.md', 'export/images/x.png'], 'folder', ['export']],
    [['a.md'], 'folder', ['']],
  ])('%j is read as %s from %j', (files, layout, folders) => {
    expect(postFolders(files)).toEqual({ layout, folders });
  });

  it('always names folders that hold some of its Markdown files', () => {
    const path = fc.array(fc.constantFrom('source', '_posts', 'content', 'posts', 'post', 'blog', '_drafts', 'a'), {
      minLength: 0,
      maxLength: 4,
    });
    const file = fc
      .tuple(path, fc.constantFrom('x.md', 'y.markdown', 'hugo.toml', '_config.yml', 'p.png'))
      .map(([dirs, name]) => [...dirs, name].join('/'));
    fc.assert(
      fc.property(fc.uniqueArray(file, { minLength: 1, maxLength: 12 }), (files) => {
        fc.pre(files.some((f) => /\.(md|markdown)$/.test(f)));
        const { folders } = postFolders(files);
        for (const folder of folders) {
          const prefix = folder === '' ? '' : `${folder}/`;
          expect(
            files.some((f) => f.startsWith(prefix) && /\.(md|markdown)$/.test(f)),
            `${folder} in ${files.join(', ')}`,
          ).toBe(true);
        }
      }),
    );
  });
});

describe("a download's Content-Disposition", () => {
  it('names the file in ASCII and, for browsers, in UTF-8 (RFC 5987)', () => {
    expect(attachment('博客备份-2026-05-01.backup', 'blog-backup-2026-05-01.backup')).toBe(
      `attachment; filename="blog-backup-2026-05-01.backup"; filename*=UTF-8''%E5%8D%9A%E5%AE%A2%E5%A4%87%E4%BB%BD-2026-05-01.backup`,
    );
  });

  it('keeps any name out of the header syntax: quotes, backslashes and non-ASCII never reach the ASCII name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ maxLength: 30 }), (name, ascii) => {
        const header = attachment(name, ascii);
        const match = /^attachment; filename="([\x20-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9%!._~-]*)$/.exec(header);
        expect(match, header).not.toBeNull();
        expect(match![1]).not.toMatch(/["\\]/);
        expect(decodeURIComponent(match![2]!)).toBe(name);
      }),
    );
  });
});
