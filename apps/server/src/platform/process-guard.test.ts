import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const GUARD = path.resolve(import.meta.dirname, 'process-guard.ts');

/**
 * In a process of its own, since vitest reports such errors itself: the two ways issue 21's
 * upload ended the server, a stream's unheard 'error' event and a rejection nobody awaited.
 */
const script = `
  import { createReadStream } from 'node:fs';
  import { guardProcess } from ${JSON.stringify(GUARD)};
  const log = { error: (obj, msg) => console.log(JSON.stringify({ msg, err: String(obj.err?.message ?? obj.err) })) };
  if (process.argv.includes('--guard')) guardProcess(log);
  createReadStream('/nonexistent/thumbnail.jpg');
  Promise.reject(new Error('nobody awaited this'));
  setTimeout(() => console.log(JSON.stringify({ msg: 'still serving' })), 300);
`;

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('the process guard', () => {
  it('logs an unheard stream error and an unhandled rejection, and the process goes on', () => {
    const guarded = run('--', '--guard');
    expect(guarded.status, guarded.stderr).toBe(0);
    const lines = guarded.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; err?: string });
    expect(lines).toContainEqual({
      msg: 'uncaught exception; the server keeps running',
      err: expect.stringContaining('ENOENT'),
    });
    expect(lines).toContainEqual({
      msg: 'unhandled promise rejection; the server keeps running',
      err: 'nobody awaited this',
    });
    expect(lines.at(-1)).toEqual({ msg: 'still serving' });
  });

  it('is what keeps it alive: without it the same errors end the process', () => {
    const bare = run();
    expect(bare.status).not.toBe(0);
    expect(bare.stdout).not.toContain('still serving');
  });
});
