// The image's health check: an API process answers /health/live on its port; a worker serves
// no HTTP, so its metrics port answering shows it is alive.
const role = process.env.ROLE ?? 'all';
const url =
  role === 'worker'
    ? `http://127.0.0.1:${process.env.METRICS_PORT ?? '9464'}/metrics`
    : `http://127.0.0.1:${process.env.PORT ?? '8080'}/health/live`;
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
