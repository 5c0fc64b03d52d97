import { describe, expect, it } from 'vitest';
import { DatabaseUnavailable, dependencyFault } from '../../../server/adapters/faults';
import { queryName } from '../../../server/adapters/db/connect';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('dependencyFault', () => {
  it('reads a lost or refused database from PostgreSQL codes, socket errors, pg messages and the breaker', () => {
    for (const error of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new DatabaseUnavailable(new Error('read ECONNRESET')),
      new Error('wrapped', { cause: withCode('ECONNRESET') }),
    ]) {
      expect(dependencyFault(error), error.message).toBe('unavailable');
    }
  });

  it('reads a cancelled or blocked statement as a timeout and a full disk on either database or the file system', () => {
    expect(dependencyFault(withCode('57014', 'canceling statement due to statement timeout'))).toBe('timeout');
    expect(dependencyFault(withCode('SQLITE_BUSY'))).toBe('timeout');
    expect(dependencyFault(new Error('Query read timeout'))).toBe('timeout');
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']) expect(dependencyFault(withCode(code))).toBe('diskFull');
  });

  it('leaves everything else to be a bug: constraint failures, syntax errors, plain errors, non-errors', () => {
    for (const error of [withCode('23505'), withCode('42601'), withCode('SQLITE_CONSTRAINT_UNIQUE'), new Error('boom'), undefined, null, 'text', 42]) {
      expect(dependencyFault(error)).toBeUndefined();
    }
  });
});

describe('queryName', () => {
  it('names a statement by its verb and first table, for the slow-query log', () => {
    expect(queryName('select "id", "title" from "article" where "id" = $1')).toBe('select article');
    expect(queryName('insert into "talk" ("content") values ($1) returning *')).toBe('insert talk');
    expect(queryName('update "article" set "views" = "views" + $1')).toBe('update article');
    expect(queryName('delete from "session" where "expires_at" < $1')).toBe('delete session');
    expect(queryName('with recent as (select * from "message") select * from "recent"')).toBe('select message');
    expect(queryName('pragma integrity_check')).toBe('pragma integrity_check');
  });
});
