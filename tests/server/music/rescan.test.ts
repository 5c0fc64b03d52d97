import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SongDto } from '../../../src/protocol/music';
import { startMusicServer, tagged, toneMp3 } from './testLibrary';

type Server = Awaited<ReturnType<typeof startMusicServer>>;

async function allSongs(server: Server): Promise<Map<string, number>> {
  const songs = new Map<string, number>();
  const list = (await server.app.inject('/wapi/toplist/detail')).json().list as { id: number }[];
  for (const playlist of list) {
    const tracks = (await server.app.inject(`/wapi/playlist/track/all?id=${playlist.id}`)).json().songs as SongDto[];
    for (const track of tracks) songs.set(track.name, track.id);
  }
  return songs;
}

/** Resolves once the library shows what `done` waits for; the watcher is what brings it there. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the library did not pick up the change');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('rescanning the music folder', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  it('keeps every id across restarts, and across renames of unrelated files', async () => {
    const first = await startMusicServer();
    servers.push(first);
    const before = await allSongs(first);
    fs.renameSync(path.join(first.musicDir, '01 山居', '02 重庆森林.mp3'), path.join(first.musicDir, '01 山居', '09 重庆森林.mp3'));
    await first.library!.rescan();
    await first.close();
    servers.pop();

    const second = await startMusicServer({ dataDir: first.dataDir });
    servers.push(second);
    expect(await allSongs(second)).toEqual(before);
  });

  it('keeps the id of a renamed or moved file by its content', async () => {
    const server = await startMusicServer();
    servers.push(server);
    const before = await allSongs(server);
    fs.renameSync(path.join(server.musicDir, '01 山居', '01 静夜思.mp3'), path.join(server.musicDir, '02 夜曲', '静夜思（新）.mp3'));
    await server.library!.rescan();
    const after = await allSongs(server);
    expect(after.get('静夜思')).toBe(before.get('静夜思'));
    const moved = (await server.app.inject(`/wapi/song/detail?ids=${before.get('静夜思')}`)).json().songs as SongDto[];
    expect(moved[0]!.al.id).not.toBe(0);
  });

  it('picks up added, changed and removed files while it runs, without a restart', async () => {
    const server = await startMusicServer();
    servers.push(server);
    const before = await allSongs(server);
    const folder = path.join(server.musicDir, '02 夜曲');

    fs.writeFileSync(path.join(folder, '枫桥夜泊.mp3'), tagged(toneMp3(1, 294), { title: '枫桥夜泊', artist: '张继' }));
    await eventually(async () => (await allSongs(server)).has('枫桥夜泊'));
    const added = (await allSongs(server)).get('枫桥夜泊')!;
    expect([...before.values()]).not.toContain(added);
    expect((await server.app.inject('/wapi/search?keywords=fqyb')).json().result.songs[0].id).toBe(added);

    fs.writeFileSync(path.join(folder, '枫桥夜泊.mp3'), tagged(toneMp3(1.5, 294), { title: '枫桥夜泊（重录）', artist: '张继' }));
    await eventually(async () => (await allSongs(server)).has('枫桥夜泊（重录）'));
    expect((await allSongs(server)).get('枫桥夜泊（重录）')).toBe(added);

    fs.rmSync(path.join(folder, '枫桥夜泊.mp3'));
    await eventually(async () => !(await allSongs(server)).has('枫桥夜泊（重录）'));
    expect((await server.app.inject(`/wapi/song/url/v1?id=${added}`)).statusCode).toBe(404);
    expect(await allSongs(server)).toEqual(before);
  });

  it('hides a folder whose songs are all gone and brings it back with its id', async () => {
    const server = await startMusicServer();
    servers.push(server);
    const lists = async () => (await server.app.inject('/wapi/toplist/detail')).json().list as { id: number; name: string }[];
    const night = (await lists()).find((playlist) => playlist.name === '夜曲')!;
    const wav = path.join(server.musicDir, '02 夜曲', '春晓.wav');
    const kept = fs.readFileSync(wav);
    fs.rmSync(wav);
    await server.library!.rescan();
    expect((await lists()).map((playlist) => playlist.name)).toEqual(['山居', '散曲集']);
    fs.writeFileSync(wav, kept);
    await server.library!.rescan();
    expect((await lists()).find((playlist) => playlist.name === '夜曲')!.id).toBe(night.id);
  });
});
