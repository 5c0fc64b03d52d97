import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { KyselyAuditLogRepository } from '../../../server/adapters/db/auditLogRepository';
import type { Database } from '../../../server/adapters/db/schema';
import { describeConsoleWrite } from '../../../server/domain/audit/auditEntry';
import { AuditLog } from '../../../server/domain/audit/auditLog';
import * as zhCN from '../../../src/i18n/zh-CN';
import { AUDIT_AREAS } from '../../../src/protocol/console/audit';
import { backends, type TestDatabase } from '../support/databases';

const words = zhCN.consoleAudit;
const SECRET = 'Sekret-Value-42';

const route = fc
  .array(fc.oneof(fc.constantFrom(...AUDIT_AREAS, 'publish', 'order', 'bin', 'zzz'), fc.constantFrom(':id', ':userId', ':kind')), {
    minLength: 1,
    maxLength: 4,
  })
  .map((segments) => `/${segments.join('/')}`);
const body = fc.dictionary(
  fc.constantFrom('title', 'name', 'pinned', 'role', 'password', 'content', 'summary', 'code', 'token', 'other'),
  fc.oneof(fc.boolean(), fc.integer(), fc.string({ maxLength: 40 }), fc.constant(SECRET)),
);

describe('what the log says of a console write', () => {
  it('always names a known area, never carries a password, a body text or a code, and stays short', () => {
    fc.assert(
      fc.property(route, fc.constantFrom('POST', 'PUT', 'DELETE'), body, fc.string({ maxLength: 6 }), (path, method, fields, id) => {
        const secretFields = ['password', 'content', 'summary', 'code', 'token'];
        const withSecrets = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, secretFields.includes(key) ? SECRET : value]));
        // The secret may also be drawn for a field the log shows (a title): then it is no secret.
        const onlyInSecretFields = !Object.entries(withSecrets).some(([key, value]) => !secretFields.includes(key) && value === SECRET);
        const entry = describeConsoleWrite({ method, route: path, params: { id, userId: id, kind: 'tags' }, body: withSecrets, actorId: 1 });
        expect(AUDIT_AREAS).toContain(entry.area);
        if (onlyInSecretFields) expect(entry.summary).not.toContain(SECRET);
        expect(Array.from(entry.summary).length).toBeLessThan(220);
        expect(entry.mergeKey !== undefined).toBe(method === 'PUT' && path === '/articles/:id');
      }),
    );
  });

  it('says what was done in the catalogue’s words', () => {
    const write = (method: string, route: string, params: Record<string, string> = {}, body: unknown = undefined) =>
      describeConsoleWrite({ method, route, params, body, actorId: 1 }).summary;
    expect(write('POST', '/articles/:id/publish', { id: '7' })).toBe(`${words.verbs.publish} ${words.areas.articles} #7`);
    expect(write('DELETE', '/articles/bin')).toBe(words.verbs.emptyBin);
    expect(write('PUT', '/users/:id/role', { id: '3' }, { role: 1 })).toBe(`${words.verbs.update} ${words.areas.users} ${words.parts.role} #3：${words.parts.role}=1`);
    expect(write('POST', '/taxonomy/:kind', { kind: 'tags' }, { name: '节气' })).toBe(`${words.verbs.create} ${words.areas.taxonomy} ${words.parts.tags}「节气」`);
  });
});

const list = await backends();

describe.each(list)('the log’s store on $name', (backend) => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of opened) await database.dispose();
  });

  it.skipIf(backend.skipReason !== undefined)('purges only what is older than the kept days', async () => {
    const database = await backend.open();
    opened.push(database);
    const repository = new KyselyAuditLogRepository(database.handle.db as Kysely<Database>);
    let now = new Date('2026-01-01T00:00:00Z');
    const log = new AuditLog(repository, { now: () => now }, 30);
    const actor = { id: 1, name: 'admin', address: '127.0.0.1', userAgent: '' };
    await log.record({ area: 'site', action: 'update', objectId: '', summary: '旧的' }, actor);
    now = new Date('2026-01-25T00:00:00Z');
    await log.record({ area: 'site', action: 'update', objectId: '', summary: '新的' }, actor);
    now = new Date('2026-02-05T00:00:00Z');
    expect(await log.purge()).toBe(1);
    expect((await log.page({})).list.map((entry) => entry.summary)).toEqual(['新的']);
  });
});
