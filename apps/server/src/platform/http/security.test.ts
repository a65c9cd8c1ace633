import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';

/** A web build as Vite lays it out: index.html with the inline theme script, hashed assets. */
const THEME_SCRIPT = "\n      document.documentElement.classList.add('dark');\n    ";
const SCRIPT = `export const pages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `page ${i}`))};\n`;
function webBuild(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'parley-web-test-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script>` +
      '<script type="module" crossorigin src="/assets/index-B0gjHWi5.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-B0gjHWi5.js'), SCRIPT);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

const directives = (csp: unknown) =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = webBuild();
  ctx = await createTestContext({
    webDist: dist,
    env: { PUBLIC_URL: 'https://parley.example.com' },
  });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it('come with every answer: API, API errors, pages, client routes and assets', async () => {
    for (const url of ['/api/health', '/api/v1/no-such-route', '/', '/library', '/favicon.svg']) {
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.has('upgrade-insecure-requests'), url).toBe(true);
    }
  });

  it('let the page run its own scripts and the inline theme script, and no eval', async () => {
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scripts = directives((await get('/')).headers['content-security-policy']).get(
      'script-src',
    );
    expect(scripts).toEqual(["'self'", "'wasm-unsafe-eval'", `'sha256-${hash}'`]);
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
  });

  it('let coaching frame Google’s Slides, Docs and Drive viewers, and nothing else', async () => {
    const frames = directives((await get('/coaching')).headers['content-security-policy']).get(
      'frame-src',
    );
    expect(frames).toEqual(["'self'", 'https://docs.google.com', 'https://drive.google.com']);
  });
});

describe('the web build', () => {
  it('keeps hashed assets cached for a year and revalidates index.html and other files', async () => {
    expect((await get('/assets/index-B0gjHWi5.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/', '/meetings/123', '/favicon.svg']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('is compressed with brotli or gzip for browsers that accept it, and plain otherwise', async () => {
    const asset = '/assets/index-B0gjHWi5.js';
    const br = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get(asset, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.rawPayload.length).toBeLessThan(SCRIPT.length / 2);

    const plain = await get(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers client routes with index.html, compressed too, and unknown files and API paths with 404', async () => {
    const page = await get('/meetings/123', { 'accept-encoding': 'gzip' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root"></div>');
    expect((await get('/assets/index-gone1234.js')).statusCode).toBe(404);
    const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    expect((await get('/assets/index-gone1234.js', HTML)).statusCode).toBe(404);
    expect((await get('/logo-gone.png', { accept: 'image/avif,image/*' })).statusCode).toBe(404);
    const api = await get('/api/v1/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: 'The requested resource could not be found' });
  });
});

describe('spec participant links', () => {
  it('open the app although they end in an e-mail address, which looks like a file name', async () => {
    const link = '/participants/invite-form/0b6c2a8e-4f1d-4c7e-9a55-1f2e3d4c5b6a/ada@example.com';
    const hr = '/participants/invite-form/hr-workflow/org-1/ada.lovelace@example.co.uk/app-7';
    for (const url of [link, `${link}?lang=en`, hr]) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });
});

describe('over plain http', () => {
  it('sends no HSTS and does not upgrade requests', async () => {
    const local = await createTestContext({ env: { PUBLIC_URL: 'http://localhost:8080' } });
    try {
      const res = await local.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      await local.close();
    }
  });
});
