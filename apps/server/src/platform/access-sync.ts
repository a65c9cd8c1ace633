import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AccessCache, AccessChange } from './access-cache.js';
import type { Database } from './db/client.js';
import { createNotifier } from './realtime/bridge.js';

/**
 * Access changes travel between the API processes of one database as NOTIFYs on this channel,
 * so a session signed out or a role taken away on one process is refused by the others at once
 * rather than up to ACCESS_CACHE_MS later (issue 20, several API processes behind a proxy).
 */
export const ACCESS_CHANNEL = 'parley_access';

const changeSchema = z.object({ origin: z.string(), userId: z.string().optional() });

export interface AccessSync {
  publish(change: AccessChange): void;
  /** The ACCESS_CHANNEL handler: applies other processes' changes to `cache`. */
  handler(cache: AccessCache): (text: string) => void;
}

export function createAccessSync(
  database: Database,
  log: { warn(obj: object, msg: string): void },
): AccessSync {
  // This process already forgot what it changed: its own notifications are skipped.
  const origin = randomUUID();
  const notify = createNotifier(database, ACCESS_CHANNEL, log);
  return {
    publish(change) {
      notify(JSON.stringify({ origin, ...change }));
    },
    handler(cache) {
      return (text) => {
        const parsed = readChange(text);
        // Unreadable: forget everything rather than keep what may have been taken away.
        if (!parsed?.success) return cache.apply({});
        if (parsed.data.origin === origin) return;
        cache.apply(parsed.data.userId ? { userId: parsed.data.userId } : {});
      };
    },
  };
}

function readChange(text: string) {
  try {
    return changeSchema.safeParse(JSON.parse(text));
  } catch {
    return null;
  }
}
