import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCKED_CODE,
  createEndpointGuard,
  isPublicAddress,
  isUnreachable,
  type EndpointGuard,
} from './endpoint-guard.js';

/** A stand-in on every loopback address: '/' answers, '/hop' redirects to 127.0.0.2. */
let server: http.Server;
let port: number;
const guards: EndpointGuard[] = [];
const guard = (...args: Parameters<typeof createEndpointGuard>) => {
  const g = createEndpointGuard(...args);
  guards.push(g);
  return g;
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/hop') {
      res.writeHead(302, { location: `http://127.0.0.2:${port}/` }).end();
    } else res.end(`hello from ${req.socket.localAddress}`);
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await Promise.all(guards.map((g) => g.close()));
  await new Promise((r) => server.close(r));
});

/** How a refused fetch fails: undici wraps the connector's error as the cause. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

describe('endpoint guard', () => {
  it('lets only public unicast addresses through', () => {
    for (const ok of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isPublicAddress(ok), ok).toBe(true);
    }
    for (const no of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '0.1.2.3',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      'not-an-address',
    ]) {
      expect(isPublicAddress(no), no).toBe(false);
    }
  });

  it('refuses loopback literals and names resolving to internal addresses, and allows them when told', async () => {
    const strict = guard({ allowPrivate: false });
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`, // 127.0.0.1 written as one number
      `http://localhost:${port}/`,
    ]) {
      const err = await failure(strict.fetch(url));
      expect(isUnreachable(err), url).toBe(true);
      expect(JSON.stringify((err as { cause?: { code?: string } }).cause?.code)).toBe(
        JSON.stringify(BLOCKED_CODE),
      );
    }
    const open = guard({ allowPrivate: true });
    expect(await (await open.fetch(`http://localhost:${port}/`)).text()).toMatch(/^hello/);
  });

  it('checks the name once and connects to the checked address (no rebinding)', async () => {
    let lookups = 0;
    const names: Record<string, string> = { 'rebind.test': '127.0.0.1' };
    const g = guard({
      allowPrivate: false,
      // Only 127.0.0.1 is "public" here; the name answers something else from the second time.
      isBlocked: (a) => a !== '127.0.0.1',
      resolve: async (host) => {
        lookups += 1;
        return [{ address: lookups === 1 ? (names[host] ?? '') : '127.0.0.2', family: 4 }];
      },
    });
    const res = await g.fetch(`http://rebind.test:${port}/`);
    expect(await res.text()).toBe('hello from 127.0.0.1');
    expect(lookups).toBe(1);
  });

  it('checks every redirect hop', async () => {
    const g = guard({ allowPrivate: false, isBlocked: (a) => a !== '127.0.0.1' });
    expect(await (await g.fetch(`http://127.0.0.1:${port}/`)).text()).toMatch(/^hello/);
    const err = await failure(g.fetch(`http://127.0.0.1:${port}/hop`));
    expect((err as { cause?: { code?: string } }).cause?.code).toBe(BLOCKED_CODE);
  });

  it('guards node:http agents the same way', async () => {
    const get = (g: EndpointGuard, url: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(url, { agent: g.agents().http }, (res) => {
            res.setEncoding('utf8');
            let body = '';
            res.on('data', (d: string) => (body += d));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    const strict = guard({ allowPrivate: false });
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
      const err = await failure(get(strict, url));
      expect((err as { code?: string }).code, url).toBe(BLOCKED_CODE);
    }
    expect(await get(guard({ allowPrivate: true }), `http://localhost:${port}/`)).toMatch(/^hello/);
  });
});
