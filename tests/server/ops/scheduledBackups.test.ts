import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestScheduledBackup } from '../../../server/adapters/backup/scheduledBackups';
import { restoreBackup } from '../../../server/adapters/backup/restore';
import { backups } from '../../../server/adapters/metrics/metrics';
import { HOT_PATHS, sharedData, startSite, type SharedData, type TestSite } from '../cache/support';
import { postgresAndRedisUnreachable } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';

/*
 * BACKUP_SCHEDULE under two instances over one PostgreSQL database: one scheduled time makes exactly one
 * archive, a failure is counted and told to the administrator, and a restore drill brings the newest
 * scheduled archive up as a fresh site that answers like the original.
 */

const skipReason = await postgresAndRedisUnreachable();
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI requires PostgreSQL and Redis`);

const failures = async () => (await backups.get()).values.find((sample) => sample.labels.result === 'failed')?.value ?? 0;

describe.skipIf(skipReason !== undefined)('scheduled backups', () => {
  const backupDir = temporaryFolder('blog-scheduled-');
  let data: SharedData;
  const sites: TestSite[] = [];
  let restored: { data: SharedData; site: TestSite } | undefined;

  beforeAll(async () => {
    // A schedule that never comes during the test: the test calls the tick itself.
    data = await sharedData('PostgreSQL', { BACKUP_SCHEDULE: '0 3 1 1 *', BACKUP_KEEP: '2' });
    data.config.backupDir = backupDir;
    for (let i = 0; i < 2; i++) sites.push(await startSite(data));
  }, 60_000);

  afterAll(async () => {
    for (const site of sites) await site.close();
    await restored?.site.close();
    await restored?.data.dispose();
    await data?.dispose();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('runs each scheduled time on exactly one instance, keeps BACKUP_KEEP archives, and restores the newest', async () => {
    const tick = new Date('2026-01-01T03:00:00Z');
    const outcomes = await Promise.all(sites.map((site) => site.server.backups!.run(tick)));
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(fs.readdirSync(backupDir)).toEqual(['scheduled-2026-01-01T03-00-00Z.tar']);

    for (const year of [2027, 2028]) await sites[year % 2]!.server.backups!.run(new Date(`${year}-01-01T03:00:00Z`));
    expect(fs.readdirSync(backupDir).sort()).toEqual(['scheduled-2027-01-01T03-00-00Z.tar', 'scheduled-2028-01-01T03-00-00Z.tar']);

    // The drill: the newest archive into an empty data folder, started as a site of its own.
    const newest = await newestScheduledBackup(backupDir);
    expect(newest).toBe(path.join(backupDir, 'scheduled-2028-01-01T03-00-00Z.tar'));
    const fresh = await sharedData('SQLite', { SEED_DEMO: 'false' });
    await restoreBackup({ file: newest!, dataDir: fresh.config.dataDir, musicDir: fresh.config.musicDir });
    restored = { data: fresh, site: await startSite(fresh) };
    for (const url of HOT_PATHS) {
      const [original, copy] = await Promise.all([sites[0]!, restored.site].map((site) => site.app.inject({ method: 'GET', url })));
      expect(copy!.json(), url).toEqual(original!.json());
    }
  });

  it('counts a failure and tells the administrator', async () => {
    const before = await failures();
    fs.rmSync(backupDir, { recursive: true, force: true });
    // A file where the folder should be: nothing can be written there.
    fs.writeFileSync(backupDir, 'not a folder');
    const outcome = await sites[0]!.server.backups!.run(new Date('2029-01-01T03:00:00Z'));
    expect(outcome).toMatchObject({ ran: true, error: expect.any(Error) });
    expect(await failures()).toBe(before + 1);
    const db = data.open();
    try {
      const notices = await db.db.selectFrom('notification').select(['message', 'type']).where('type', '=', 4).execute();
      expect(notices.some((notice) => notice.message.startsWith('定时备份失败：'))).toBe(true);
    } finally {
      await db.close();
      fs.rmSync(backupDir, { force: true });
    }
  });
});
