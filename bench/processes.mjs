// What the benchmarks that start real server processes share: a free port, waiting on a
// condition, the JSON API, the chunked upload and a sign-in through the development outbox.
// Imports nothing of the built server, so a bench can say "run npm run build" before loading it.
import net from 'node:net';

/** A TCP port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });

/** Polls `check` until it answers something other than undefined. */
export async function until(check, timeoutMs, what, everyMs = 300) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A JSON call to `/api/v1{route}`; throws with the answer on a non-2xx. */
export async function api(base, method, route, token, body) {
  const res = await fetch(`${base}/api/v1${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** Uploads `bytes` through the local chunked-upload routes, as the upload dialog does. */
export async function chunkedUpload(base, token, bytes, fileName) {
  const s = await api(base, 'POST', '/integration/local/initiate-upload', token, {
    fileName,
    fileSize: bytes.length,
  });
  for (let i = 0; i < s.totalChunks; i++) {
    const form = new FormData();
    form.set('index', String(i));
    form.set('file', new Blob([bytes.subarray(i * s.chunkSize, (i + 1) * s.chunkSize)]), 'blob');
    const res = await fetch(
      `${base}/api/v1/integration/local/upload-chunk?uploadId=${s.uploadId}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
    );
    if (!res.ok) throw new Error(`chunk ${i}: ${res.status} ${await res.text()}`);
  }
  return api(base, 'POST', '/integration/local/complete-upload', token, {
    uploadId: s.uploadId,
    fileName,
  });
}

/**
 * Signs `email` in on the process at `base` with the code from its development outbox (each
 * process has its own outbox): answers the access token.
 */
export async function signInWithOutbox(base, email) {
  await api(base, 'POST', '/auth/request-signin', undefined, { email });
  const { code } = await api(base, 'GET', `/dev/outbox?email=${encodeURIComponent(email)}`);
  const { accessToken } = await api(base, 'POST', '/auth/verify-signin', undefined, {
    email,
    code,
  });
  return accessToken;
}
