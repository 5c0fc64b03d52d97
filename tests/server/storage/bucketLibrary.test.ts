import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LibraryEditor } from '../../../server/adapters/music/libraryEditor';
import { StoreLibraryFiles } from '../../../server/adapters/music/libraryFiles';
import { LocalLibrary, defaultCacheDir } from '../../../server/adapters/music/localLibrary';
import { S3ObjectStore, s3Client } from '../../../server/adapters/storage/s3ObjectStore';
import { DEMO_MUSIC_DIR } from '../../../server/main';
import { systemClock } from '../../../server/ports/clock';
import { backends, type TestDatabase } from '../support/databases';
import { startTestS3, type TestS3 } from '../support/s3Server';
import { temporaryFolder } from '../support/siteServer';

const sqlite = (await backends()).find((backend) => backend.name === 'SQLite')!;
let s3: TestS3;
let database: TestDatabase;
let library: LocalLibrary;
const cache = temporaryFolder('blog-bucket-library-');
beforeAll(async () => {
  s3 = await startTestS3();
  database = await sqlite.open();
});
afterAll(async () => {
  await library?.close();
  await database?.dispose();
  await s3?.close();
  fs.rmSync(cache, { recursive: true, force: true });
});

it('seeds the demo album into an empty bucket, reads its songs, lyrics and covers from there, and renames a playlist keeping its ids', async () => {
  const music = new S3ObjectStore(s3Client(s3.settings), s3.settings.bucket, 'music/');
  library = new LocalLibrary({
    db: database.handle.db,
    files: new StoreLibraryFiles(music),
    cacheDir: defaultCacheDir(cache),
    clock: systemClock,
    demoDir: DEMO_MUSIC_DIR,
  });
  await library.start();
  await library.ready();
  const demoFiles = fs
    .readdirSync(DEMO_MUSIC_DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => fs.statSync(path.join(DEMO_MUSIC_DIR, name)).isFile());
  expect((await music.list('')).length).toBe(demoFiles.length);
  const catalogue = library.catalogue();
  const demoSongs = demoFiles.filter((name) => name.endsWith('.mp3')).length;
  expect(catalogue.trackCount).toBe(demoSongs);

  const playlist = catalogue.folders.find((folder) => folder.folder === '05 古风')!;
  const song = catalogue.tracksOf(playlist.id).find((track) => track.file.endsWith('02 山行.mp3'))!;
  expect(song.title).toBe('山行');
  expect((await library.source.lyric(song.id)).lrc?.lyric).toContain('远上寒山石径斜');
  const cover = await library.cover('playlist', playlist.id, '200y200');
  expect(cover.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);

  // No watcher in a bucket: the console's edit rescans, and the song keeps its id under the new prefix.
  await new LibraryEditor(library).renamePlaylist(playlist, '唐诗');
  const renamed = library.catalogue().track(song.id)!;
  expect(renamed.file).toBe('05 唐诗/02 山行.mp3');
  expect(await music.stat('05 唐诗/02 山行.mp3')).toBeDefined();
  expect(await music.stat('05 古风/02 山行.mp3')).toBeUndefined();
});
