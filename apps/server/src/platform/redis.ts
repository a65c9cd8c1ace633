import { createClient } from 'redis';

function newClient(url: string, failWhileDisconnected: boolean) {
  return createClient({
    url,
    disableOfflineQueue: failWhileDisconnected,
    // Keep retrying after a lost connection, but never faster than every 5 s.
    socket: { reconnectStrategy: (retries) => Math.min(250 * 2 ** retries, 5000) },
  });
}

export type RedisClient = ReturnType<typeof newClient>;

export interface RedisConnectOptions {
  /** How many connections (socket.io's adapter needs a publisher and a subscriber). */
  count: number;
  /** Named in the log line of a connection error ("realtime", "rate limit"). */
  purpose: string;
  log?: { warn(obj: object, msg: string): void };
  /**
   * Commands sent while the connection is down fail at once instead of waiting for it to
   * come back: for callers answering an HTTP request, which must not hang meanwhile.
   */
  failWhileDisconnected?: boolean;
}

const CONNECT_TIMEOUT_MS = 10_000;

/** REDIS_URL without its password, for messages. */
function withoutPassword(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.href;
}

/** Connected clients of REDIS_URL; starting fails when Redis has not answered within 10 s. */
export async function connectRedis(url: string, opts: RedisConnectOptions): Promise<RedisClient[]> {
  const clients = Array.from({ length: opts.count }, () => {
    const client = newClient(url, opts.failWhileDisconnected ?? false);
    // Without a listener a dropped connection would crash the process.
    client.on('error', (err: Error) =>
      opts.log?.warn({ err }, `${opts.purpose}: Redis connection error`),
    );
    return client;
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Could not connect to Redis at REDIS_URL (${withoutPassword(url)})`)),
      CONNECT_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([Promise.all(clients.map((c) => c.connect())), timeout]);
  } catch (err) {
    for (const c of clients) c.destroy();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return clients;
}

export async function closeRedis(clients: RedisClient[]): Promise<void> {
  await Promise.allSettled(clients.map((c) => c.quit()));
}
