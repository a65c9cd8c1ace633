import type { FastifyInstance } from 'fastify';
import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { AppError } from '../errors.js';
import { closeRedis, connectRedis, type RedisClient } from '../redis.js';

/**
 * One window's count: the first request of a window sets its expiry. A script, so it runs
 * atomically: two API processes counting the same address never both start a window.
 */
const COUNT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}
`;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** Counts that every API process sharing REDIS_URL sees: fixed windows, like the local store. */
export function redisRateLimitStore(
  client: RedisClient,
  namespace = 'parley:rate-limit:',
  log?: { warn(obj: object, msg: string): void },
): FastifyRateLimitStoreCtor {
  class RedisCounter implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      client
        .eval(COUNT, { keys: [this.prefix + key], arguments: [String(timeWindow)] })
        .then((reply) => {
          const [current, ttl] = reply as [number, number];
          callback(null, { current, ttl });
        })
        .catch((err: unknown) => {
          // Redis unreachable: the route is refused as unavailable (503, the client retries)
          // rather than served uncounted, and not as a 500 that reads like a bug.
          log?.warn({ err }, 'rate limit: Redis unavailable; the request is refused with 503');
          callback(new AppError(503));
        });
    }

    /** Each route counts on its own, as with the local store. */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes its merged settings with the route under `routeInfo`, not the route.
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new RedisCounter(`${this.prefix}${String(route?.method)}${String(route?.url)}:`);
    }
  }
  return class extends RedisCounter {
    constructor(options: FastifyRateLimitOptions) {
      const growing = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      if (growing.continueExceeding || growing.exponentialBackoff) {
        throw new Error('The Redis rate-limit store counts fixed windows only');
      }
      super(namespace);
    }
  };
}

/**
 * @fastify/rate-limit for the routes that ask for it (`config.rateLimit`). With REDIS_URL the
 * counts live in Redis, so a limit holds across every API process behind a load balancer;
 * while Redis is unreachable those routes answer 503 rather than let requests through
 * uncounted.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<void> {
  let store: FastifyRateLimitStoreCtor | undefined;
  if (redisUrl) {
    const clients = await connectRedis(redisUrl, {
      count: 1,
      purpose: 'rate limit',
      log: app.log,
      failWhileDisconnected: true,
    });
    app.addHook('onClose', () => closeRedis(clients));
    store = redisRateLimitStore(clients[0] as RedisClient, undefined, app.log);
  }
  await app.register(rateLimit, {
    global: false,
    ...(store ? { store } : {}),
    // The plugin sends Retry-After itself; the message says the same in words.
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        `Too many requests from this address. Please try again in ${context.after}.`,
      ),
  });
}
