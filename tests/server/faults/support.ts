import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { vi } from 'vitest';
import pg from 'pg';
import { POSTGRES_URL, adminQuery } from '../support/databases';

/**
 * A TCP hop between the server and PostgreSQL, standing for the network and the database's availability:
 * `cut()` drops every open connection (a restart, a failover), `refuse()` turns every new one away until
 * `pass()` (the database is down).
 */
export interface DatabaseLink {
  port: number;
  pass(): void;
  refuse(): void;
  cut(): void;
  close(): Promise<void>;
}

export async function databaseLink(target = new URL(POSTGRES_URL)): Promise<DatabaseLink> {
  const open = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    pass: () => (refusing = false),
    refuse: () => (refusing = true),
    cut,
    close: async () => {
      cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A database of its own on the shared cluster, so terminating its connections touches no other test. */
export async function ownDatabase() {
  const name = `fault_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const urlVia = (port: number | string) => {
    const url = new URL(POSTGRES_URL);
    url.port = String(port);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const direct = urlVia(new URL(POSTGRES_URL).port || 5432);
  return {
    name,
    /** The address of this database through another port (a DatabaseLink). */
    urlVia,
    /** Runs one statement on this database directly. */
    async query<R extends pg.QueryResultRow>(statement: string, values: unknown[] = []): Promise<R[]> {
      const client = new pg.Client({ connectionString: direct });
      await client.connect();
      try {
        return (await client.query<R>(statement, values)).rows;
      } finally {
        await client.end();
      }
    },
    /** pg_terminate_backend for every connection to this database: what a restart does to them. */
    async terminateConnections(): Promise<number> {
      const rows = await this.query<{ count: number }>(
        'select count(pg_terminate_backend(pid))::int as count from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return rows[0]!.count;
    },
    /** A connection of the test's own to this database, for holding locks. */
    async connect(): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: direct });
      await client.connect();
      return client;
    },
    async drop() {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Redis server of this test's own on `port`, answering once this resolves. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve();
        });
        socket.on('error', reject);
      }),
    { timeout: 10_000, interval: 50 },
  );
  return child;
}
