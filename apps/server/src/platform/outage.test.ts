import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { registerErrorHandler } from './errors.js';
import { DATABASE_UNAVAILABLE_MESSAGE, outageOf, STORAGE_FULL_MESSAGE } from './outage.js';

/** Real errors, as the driver and the file system raise them, not hand-made look-alikes. */
async function refusedConnection(): Promise<unknown> {
  // Port 1 on loopback: nothing listens there, so the connect is refused at once.
  const pool = new pg.Pool({ connectionString: 'postgres://x@127.0.0.1:1/x' });
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    return err;
  } finally {
    await pool.end();
  }
  throw new Error('the query on a closed port succeeded');
}

async function fullDisk(): Promise<unknown> {
  const { writeFile } = await import('node:fs/promises');
  // /dev/full answers every write with ENOSPC (Linux).
  return writeFile('/dev/full', 'x').then(
    () => new Error('/dev/full accepted a write'),
    (err: unknown) => err,
  );
}

describe('outages', () => {
  it('tell the database being down, the disk being full and ordinary failures apart', async () => {
    const refused = await refusedConnection();
    expect(outageOf(refused)).toBe('database');
    // drizzle wraps the driver's error.
    expect(outageOf(new Error('Failed query: select 1', { cause: refused }))).toBe('database');
    expect(outageOf(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      'database',
    );
    expect(outageOf(await fullDisk())).toBe('disk-full');
    expect(outageOf(new Error('the step broke'))).toBeNull();
    expect(outageOf(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
    // A refused outside service is not the database.
    const fetchFailed = await fetch('http://127.0.0.1:1/').catch((err: unknown) => err);
    expect(outageOf(fetchFailed)).toBeNull();
  });

  describe('answered by the central handler', () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/db', async () => {
      throw new Error('Failed query', { cause: await refusedConnection() });
    });
    app.get('/disk', async () => {
      throw await fullDisk();
    });
    afterAll(() => app.close());

    it('a database outage is a 503 in the one error shape, with Retry-After', async () => {
      const res = await app.inject({ method: 'GET', url: '/db' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    });

    it('a full disk is a 507 saying so', async () => {
      const res = await app.inject({ method: 'GET', url: '/disk' });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({
        statusCode: 507,
        error: 'Insufficient Storage',
        message: STORAGE_FULL_MESSAGE,
      });
    });
  });
});
