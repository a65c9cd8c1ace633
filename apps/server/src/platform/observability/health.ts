import type { FastifyInstance } from 'fastify';

/** One dependency the process needs to serve: it resolves when usable and throws why not. */
export type HealthCheck = () => Promise<void>;

/** A check slower than this counts as failed: a hung database must not hang the probe too. */
const CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: HealthCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([check(), late]).finally(() => clearTimeout(timer));
}

export interface ReadyAnswer {
  status: 'ok' | 'unavailable';
  checks: Record<string, { ok: boolean; ms: number; error?: string }>;
}

/** Runs every check at once; the answer names each and why it failed. */
export async function readiness(checks: Record<string, HealthCheck>): Promise<ReadyAnswer> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      const started = performance.now();
      try {
        await withTimeout(check);
        return [name, { ok: true, ms: Math.round(performance.now() - started) }] as const;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        return [name, { ok: false, ms: Math.round(performance.now() - started), error }] as const;
      }
    }),
  );
  const all = Object.fromEntries(entries);
  return { status: entries.every(([, c]) => c.ok) ? 'ok' : 'unavailable', checks: all };
}

/**
 * Probes for an orchestrator (issue 20): /health/live answers while the process can answer at
 * all (restart it otherwise); /health/ready answers 200 only when every dependency does (take
 * it out of the load balancer otherwise), 503 naming the one that failed. No authentication:
 * they say nothing but the dependencies' names and state.
 */
export function registerHealth(app: FastifyInstance, checks: Record<string, HealthCheck>): void {
  app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const answer = await readiness(checks);
    return reply.status(answer.status === 'ok' ? 200 : 503).send(answer);
  });
}
