import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the metrics read on each scrape: jobs waiting and running per queue. */
export type QueueDepth = () => Promise<{ queue: string; state: string; count: number }[]>;

/**
 * The process's Prometheus metrics (issue 20), in a registry of its own so that several apps
 * in one process (tests) never register a name twice: request rate, latency and errors per
 * route, queue depth and job duration per queue, and Node's own (memory, event loop, GC).
 */
export function createMetrics(opts: { role: string; queueDepth?: QueueDepth }) {
  const registry = new Registry();
  registry.setDefaultLabels({ role: opts.role });
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'parley_http_request_duration_seconds',
    help: 'HTTP requests by route and status, and how long they took',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'parley_http_server_errors_total',
    help: 'Answers with a 5xx status, by route',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'parley_job_duration_seconds',
    help: 'Jobs run by this process, by queue and outcome, and how long they took',
    labelNames: ['queue', 'outcome'],
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [registry],
  });
  const queueDepth = opts.queueDepth;
  new Gauge({
    name: 'parley_queue_jobs',
    help: 'Jobs waiting (created, retry) or running (active), by queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!queueDepth) return;
      for (const row of await queueDepth()) {
        this.set({ queue: row.queue, state: row.state }, row.count);
      }
    },
  });

  return {
    registry,
    /** Times every request by its route pattern (never its raw URL: ids would explode labels). */
    instrument(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        const labels = { method: request.method, route };
        requests.observe({ ...labels, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
        if (reply.statusCode >= 500) errors.inc(labels);
      });
    },
    jobDone(queue: string, seconds: number, ok: boolean) {
      jobs.observe({ queue, outcome: ok ? 'completed' : 'failed' }, seconds);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Serves the metrics on their own port, away from the public API (scrapers reach it inside
 * the cluster). A port already taken is reported and the app goes on without it.
 */
export function serveMetrics(
  registry: Registry,
  port: number,
  host: string,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
): Server {
  const server = createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry
      .metrics()
      .then((text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text))
      .catch((err: unknown) => {
        log.warn({ err }, 'metrics: could not be collected');
        res.writeHead(500).end();
      });
  });
  server.on('error', (err) => log.warn({ err, port }, 'metrics: not served (port unavailable)'));
  server.listen(port, host, () => log.info({ port }, 'metrics served at /metrics'));
  return server;
}
