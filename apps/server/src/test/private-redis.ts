import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './private-postgres.js';
import { waitFor } from './media.js';

/**
 * A redis-server of the test's own on a spare port, which the test may stop and start again
 * (the fault tests): never the shared one others use. Nothing is persisted.
 */
export function privateRedisMissing(): string | null {
  return spawnSync('redis-server', ['--version']).status === 0 ? null : 'no redis-server binary';
}

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const answers = async () => {
    const r = spawnSync('redis-cli', ['-p', String(port), 'PING'], { encoding: 'utf8' });
    return r.stdout.trim() === 'PONG';
  };
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitFor(async () => ((await answers()) ? true : undefined), 10_000, 'redis-server');
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
  };
  await redis.start();
  return redis;
}
