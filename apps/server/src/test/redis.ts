import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { TestContext } from './context.js';

/** The Redis that tests of several API processes share (TEST_REDIS_URL, else the local one). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers a PING within half a second: the tests that need it skip otherwise. */
export async function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(TEST_REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Another process of the same deployment: same database and configuration, mail dropped. */
export function secondProcess(ctx: TestContext): Promise<FastifyInstance> {
  return buildApp({
    config: ctx.config,
    database: ctx.database,
    now: ctx.clock.now,
    logger: false,
    mailer: { send: async () => {}, latest: () => undefined, close() {} },
  });
}
