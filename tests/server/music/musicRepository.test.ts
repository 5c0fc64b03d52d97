import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KyselyMusicRepository } from '../../../server/adapters/db/musicRepository';
import { LibraryScanner } from '../../../server/adapters/music/libraryScanner';
import { FolderLibraryFiles } from '../../../server/adapters/music/libraryFiles';
import { MusicFolder } from '../../../server/adapters/music/musicFolder';
import { romanise } from '../../../server/adapters/music/pinyin';
import { systemClock } from '../../../server/ports/clock';
import { backends, type TestDatabase } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { buildTestLibrary, writeCueAlbum } from './testLibrary';

const backendList = await backends();

describe.each(backendList)('the music catalogue on $name', (backend) => {
  let database: TestDatabase;
  let musicDir: string;

  const scannerOn = () => new LibraryScanner(new MusicFolder(new FolderLibraryFiles(musicDir)), new KyselyMusicRepository(database.handle.db), romanise, systemClock);
  const idsOf = (scanner: LibraryScanner) =>
    Object.fromEntries(scanner.catalogue.playlists.flatMap((playlist) => scanner.catalogue.tracksOf(playlist.id).map((track) => [track.file, track.id])));

  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    database = await backend.open();
    musicDir = temporaryFolder('blog-music-');
    await buildTestLibrary(musicDir);
  });
  afterEach(async () => {
    await database?.dispose();
    fs.rmSync(musicDir, { recursive: true, force: true });
  });

  it('stores each file once with a stable id, even when two instances scan at the same moment', async () => {
    const [one, two] = [scannerOn(), scannerOn()];
    const [first, second] = await Promise.all([one.rescan(), two.rescan()]);
    expect(first.songs).toBe(5);
    expect(second.songs).toBe(5);
    expect(idsOf(one)).toEqual(idsOf(two));
    const rows = await database.handle.db.selectFrom('music_song').select('file').execute();
    expect(rows).toHaveLength(5);

    const later = scannerOn();
    await later.load();
    expect(idsOf(later)).toEqual(idsOf(one));
  });

  it('follows a renamed file with its id and forgets nothing when it comes back', async () => {
    const scanner = scannerOn();
    await scanner.rescan();
    const before = idsOf(scanner);
    fs.renameSync(path.join(musicDir, 'loose tune.mp3'), path.join(musicDir, '02 夜曲', 'tune.mp3'));
    await scanner.rescan();
    expect(idsOf(scanner)['02 夜曲/tune.mp3']).toBe(before['loose tune.mp3']);
    expect(scanner.catalogue.playlists.map((playlist) => playlist.name)).toEqual(['山居', '夜曲']);
  });

  it('stores a CUE album as its tracks with their spans, and the file as one song again once the sheet is gone', async () => {
    writeCueAlbum(path.join(musicDir, '03 夏日合辑'));
    const spansOf = (scanner: LibraryScanner) => {
      const album = scanner.catalogue.playlists.find((playlist) => playlist.name === '夏日合辑')!;
      return scanner.catalogue.tracksOf(album.id).map((track) => [track.file, track.cue]);
    };
    await scannerOn().rescan();
    const later = scannerOn();
    await later.load();
    expect(spansOf(later)).toEqual([
      ['03 夏日合辑/CDImage.wav', { number: 1, startMs: 0, endMs: 4000 }],
      ['03 夏日合辑/CDImage.wav', { number: 2, startMs: 4000, endMs: 9000 }],
      ['03 夏日合辑/CDImage.wav', { number: 3, startMs: 9000, endMs: null }],
    ]);

    fs.rmSync(path.join(musicDir, '03 夏日合辑', 'CDImage.cue'));
    await later.rescan();
    expect(spansOf(later)).toEqual([['03 夏日合辑/CDImage.wav', undefined]]);
  });
});
