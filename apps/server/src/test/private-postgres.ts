import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a spare port, that the
 * test may stop and start (the fault tests): never the shared server others are using.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
const BIN = [
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
]
  .map((dir) => dir)
  .find((dir) => existsSync(path.join(dir, 'pg_ctl')));

const asRoot = process.getuid?.() === 0;

/** Why the private server cannot run here, or null when it can. */
export function privatePostgresMissing(): string | null {
  if (!BIN) return 'no PostgreSQL server binaries under /usr/lib/postgresql/{15,16,17}/bin';
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root without a postgres user to run the server as';
  }
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });
}

function run(tool: string, args: string[]): string {
  const file = path.join(BIN ?? '', tool);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): void;
  /** Fast shutdown: open connections are cut, as in a restart or failover. */
  stop(): void;
  /** Stops the server if running and removes its directory. */
  destroy(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const missing = privatePostgresMissing();
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const opts = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    // Its socket in its own directory: /var/run/postgresql belongs to the shared server.
    `-k ${dir}`,
    '-c fsync=off',
    '-c max_connections=60',
  ].join(' ');
  let running = false;
  const pg = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    destroy() {
      if (running) {
        try {
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // Already gone: the directory is removed below anyway.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
