import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createEndpointGuard } from '../../platform/net/endpoint-guard.js';
import { googleLink, startGoogleStandIn } from '../../test/coaching-kit.js';
import { createLinkChecker } from './link-check.js';

const google = await startGoogleStandIn();
// A server that accepts the request and never answers.
const silent = http.createServer(() => {});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const silentOrigin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
const open = createEndpointGuard({ allowPrivate: true });
const guarded = createEndpointGuard({ allowPrivate: false });
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await google.close();
  await open.close();
  await guarded.close();
});

const origins = (origin: string) => ({ 'docs.google.com': origin, 'drive.google.com': origin });

describe('the sharing check', () => {
  it('reads 200 as shared, 401 and 403 as private, 404 as missing', async () => {
    const check = createLinkChecker({ fetch: open.fetch, origins: origins(google.origin) });
    expect(await check(googleLink.ppt('public-deck-00001'))).toBe('shared');
    expect(await check(googleLink.doc('private401-doc-01'))).toBe('private');
    expect(await check(googleLink.pdf('private403-pdf-01'))).toBe('private');
    expect(await check(googleLink.pdf('signin-pdf-000001'))).toBe('private');
    expect(await check(googleLink.doc('no-such-document'))).toBe('missing');
  });

  it('refuses an internal address unless private endpoints are allowed', async () => {
    const check = createLinkChecker({ fetch: guarded.fetch, origins: origins(google.origin) });
    google.requested.length = 0;
    expect(await check(googleLink.ppt('public-deck-00001'))).toBe('unreachable');
    expect(google.requested).toEqual([]);
  });

  it('gives up after its time-out', async () => {
    const check = createLinkChecker({
      fetch: open.fetch,
      origins: origins(silentOrigin),
      timeoutMs: 200,
    });
    const started = Date.now();
    expect(await check(googleLink.ppt('public-deck-00001'))).toBe('unreachable');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
