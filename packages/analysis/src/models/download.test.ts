// `npm run models` against a local HTTP server serving small files: progress, resume after a
// cut connection, checksum failure, no network, disk space, list and remove.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueModel } from './catalogue.js';
import { runModelsCli, type CliIo } from './cli.js';

const BODY = randomBytes(300_000);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const model = (name: string, extra: Partial<CatalogueModel> = {}): CatalogueModel => ({
  name,
  kind: 'whisper',
  file: `ggml-${name}.bin`,
  url: `https://example.invalid/ggml-${name}.bin`,
  bytes: BODY.length,
  sha256: sha(BODY),
  multilingual: true,
  rank: 1,
  description: 'test file',
  ...extra,
});
const CATALOGUE = [
  model('good'),
  model('cut'),
  model('bad', { sha256: '0'.repeat(64) }),
  model('missing'),
];

/** Requests the server saw: file and Range header. */
let seen: { file: string; range: string | undefined }[] = [];
let cutOnce = true;
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const file = (req.url ?? '').split('/').pop() ?? '';
    seen.push({ file, range: req.headers.range });
    if (file === 'ggml-missing.bin') return res.writeHead(404).end();
    const from = Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const rest = BODY.subarray(from);
    res.writeHead(from > 0 ? 206 : 200, {
      'content-length': rest.length,
      ...(from > 0 ? { 'content-range': `bytes ${from}-${BODY.length - 1}/${BODY.length}` } : {}),
    });
    if (file === 'ggml-cut.bin' && cutOnce) {
      // The first time, the socket dies 40 % into the body.
      cutOnce = false;
      res.write(rest.subarray(0, 120_000), () => res.socket?.destroy());
      return;
    }
    // In slices, so a progress bar has something to show.
    let at = 0;
    const next = () => {
      if (at >= rest.length) return res.end();
      const slice = rest.subarray(at, at + 16_384);
      at += slice.length;
      res.write(slice, next);
    };
    next();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mirror`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let dataDir = '';
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'parley-models-'));
  seen = [];
  cutOnce = true;
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(overrides: Partial<CliIo> & { tty?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: { write: (s: string) => out.push(s), isTTY: overrides.tty ?? false },
    err: { write: (s: string) => err.push(s) },
    env: { DATA_DIR: dataDir, MODELS_BASE_URL: base },
    catalogue: CATALOGUE,
    freeBytes: async () => 10e9,
    ...overrides,
  };
  return {
    run: (...argv: string[]) => runModelsCli(argv, io),
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

const modelFile = (name: string) => join(dataDir, 'models', `ggml-${name}.bin`);

describe('npm run models -- pull', () => {
  it('downloads into DATA_DIR/models with a line per 10 % when stdout is not a terminal', async () => {
    const c = cli();
    expect(await c.run('pull', 'good')).toBe(0);
    expect(readFileSync(modelFile('good')).equals(BODY)).toBe(true);
    const lines = c.out().trim().split('\n');
    const steps = lines.filter((l) => /^good: \d+% /.test(l));
    // One line each time a new tenth is reached (several tenths may arrive in one chunk).
    const pcts = steps.map((l) => Number(/(\d+)%/.exec(l)![1]));
    const tenths = pcts.map((p) => Math.floor(p / 10));
    expect(new Set(tenths).size).toBe(tenths.length);
    expect(tenths).toEqual([...tenths].sort((a, b) => a - b));
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(steps.length).toBeLessThanOrEqual(10);
    // Bytes, per cent and rate on each line.
    for (const l of steps)
      expect(l).toMatch(/^good: \d+% [\d.]+ kB of 300\.0 kB, [\d.]+ (B|kB|MB|GB)\/s$/);
    expect(steps.at(-1)).toMatch(/^good: 100% 300\.0 kB of 300\.0 kB/);
    expect(lines.at(-1)).toMatch(/^Installed good \(300\.0 kB, SHA-256 verified\): /);
    expect(existsSync(`${modelFile('good')}.part`)).toBe(false);
  });

  it('redraws one bar in place on a terminal', async () => {
    const c = cli({ tty: true });
    expect(await c.run('pull', 'good')).toBe(0);
    expect(c.out()).toContain('\r[########################] 100% 300.0 kB of 300.0 kB');
  });

  it('resumes with an HTTP Range request after the connection is cut mid-body', async () => {
    const c = cli();
    expect(await c.run('pull', 'cut')).toBe(0);
    expect(readFileSync(modelFile('cut')).equals(BODY)).toBe(true);
    expect(c.out()).toMatch(/Connection lost at [\d.]+ kB; resuming \(1\/3\)/);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.range).toBeUndefined();
    // The second request asks only for what is missing.
    const from = Number(/bytes=(\d+)-/.exec(seen[1]!.range ?? '')?.[1]);
    expect(from).toBeGreaterThan(0);
    expect(from).toBeLessThanOrEqual(120_000);
  });

  it('a later pull continues a .part left by an earlier one', async () => {
    const dir = join(dataDir, 'models');
    await cli().run('list'); // creates nothing; make the folder by hand as a killed pull would
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${modelFile('good')}.part`, BODY.subarray(0, 100_000));
    const l = cli();
    await l.run('list');
    expect(l.out()).toMatch(/^good\s.*\s+partial, 100\.0 kB \(pull resumes\)$/m);
    const c = cli();
    expect(await c.run('pull', 'good')).toBe(0);
    expect(c.out()).toContain('Resuming good at 100.0 kB of 300.0 kB');
    expect(seen[0]!.range).toBe('bytes=100000-');
    expect(readFileSync(modelFile('good')).equals(BODY)).toBe(true);
  });

  it('deletes a download whose SHA-256 does not match and says so in one line', async () => {
    const c = cli();
    expect(await c.run('pull', 'bad')).toBe(1);
    const err = c.err().trim();
    expect(err.split('\n')).toHaveLength(1);
    expect(err).toMatch(
      /^Checksum mismatch for bad: expected SHA-256 0{64}, got [0-9a-f]{64}; the downloaded file was deleted\.$/,
    );
    expect(existsSync(modelFile('bad'))).toBe(false);
    expect(existsSync(`${modelFile('bad')}.part`)).toBe(false);
  });

  it('says in one line that there is no internet access when the host refuses connections', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const c = cli({ env: { DATA_DIR: dataDir, MODELS_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(await c.run('pull', 'good')).toBe(1);
    const err = c.err();
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(
      new RegExp(
        `^Cannot reach 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\): this machine seems to have no internet access\\.`,
      ),
    );
    expect(err).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
    expect(c.out()).toBe(''); // and nothing else
  });

  it('as a process: one line on stderr, exit code 1, nothing on stdout', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const cliPath = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts');
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', cliPath, 'pull', 'tiny.en'],
      {
        env: { ...process.env, DATA_DIR: dataDir, MODELS_BASE_URL: `http://127.0.0.1:${port}` },
      },
    );
    const failed = await run.then(
      () => null,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toBe('');
    expect(failed?.stderr).toMatch(/^Cannot reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)[^\n]*\n$/);
  });

  it('refuses to start when the disk lacks the room, before any request', async () => {
    const c = cli({ freeBytes: async () => 50_000_000 });
    expect(await c.run('pull', 'good')).toBe(1);
    expect(c.err()).toMatch(
      /^Not enough disk space in .*models: good needs 300\.0 kB more \(plus 104\.9 MB kept free\), 50\.0 MB is free\.\n$/,
    );
    expect(seen).toHaveLength(0);
  });

  it('measures the real free space with statfs when not told', async () => {
    const c = cli({ freeBytes: undefined });
    expect(await c.run('pull', 'good')).toBe(0);
  });

  it('reports an HTTP error from the mirror in one line', async () => {
    const c = cli();
    expect(await c.run('pull', 'missing')).toBe(1);
    expect(c.err()).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/mirror\/ggml-missing\.bin answered HTTP 404 Not Found\n$/,
    );
  });
});

describe('npm run models -- list | remove', () => {
  it('lists installed and available models with sizes, and removes one', async () => {
    await cli().run('pull', 'good');
    const c = cli();
    expect(await c.run('list')).toBe(0);
    expect(c.out()).toMatch(/good\s+whisper, multilingual\s+300\.0 kB\s+installed/);
    expect(c.out()).toMatch(/cut\s+whisper, multilingual\s+300\.0 kB\s+available/);

    const r = cli();
    expect(await r.run('remove', 'good')).toBe(0);
    expect(r.out()).toMatch(/^Removed good from /);
    expect(existsSync(modelFile('good'))).toBe(false);
    expect(await r.run('remove', 'good')).toBe(0);
    expect(r.out()).toContain('good is not installed');
  });

  it('names an unknown model in one line', async () => {
    const c = cli();
    expect(await c.run('pull', 'nope')).toBe(1);
    expect(c.err()).toBe('Unknown model "nope"; `npm run models -- list` shows the known ones.\n');
  });

  it('the real catalogue lists whisper tiny.en to large-v3-turbo and a speaker-embedding model', async () => {
    const c = cli({ catalogue: undefined });
    expect(await c.run('list')).toBe(0);
    for (const name of [
      'tiny.en',
      'base',
      'small',
      'medium',
      'large-v3',
      'large-v3-turbo',
      'campplus-en-voxceleb',
    ])
      expect(c.out()).toMatch(new RegExp(`^${name.replace('.', '\\.')}\\s`, 'm'));
    expect(c.out()).toMatch(/^campplus-en-voxceleb\s+speaker-embedding\s+29\.6 MB\s+available$/m);
  });
});
