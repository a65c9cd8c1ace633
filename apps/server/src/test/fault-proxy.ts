import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP proxy in front of a stand-in server (s3rver, Azurite) that can be told to
 * misbehave, the way a store does in an outage: answer 5xx without forwarding, or take a
 * request and never answer. Requests are otherwise forwarded as they came (Host included, so
 * request signatures still match) and the answers streamed back.
 */
export interface FaultProxy {
  /** Give this to the app as the store's endpoint. */
  url: string;
  /** Answers the next `count` requests with `status` (Infinity: until heal()). */
  fail(count: number, status?: 500 | 503): void;
  /** Takes every request from now on without answering, until heal(). */
  hang(): void;
  /** Forwards everything again. Requests already held stay unanswered (their clients gave up). */
  heal(): void;
  /** Requests answered with a fault or held, since the proxy started. */
  readonly faulted: number;
  close(): Promise<void>;
}

type Mode =
  { kind: 'forward' } | { kind: 'fail'; left: number; status: 500 | 503 } | { kind: 'hang' };

/** The XML error body S3 and Azure Blob both send with a 5xx (their SDKs read its Code). */
const ERRORS: Record<500 | 503, { code: string; message: string }> = {
  500: { code: 'InternalError', message: 'We encountered an internal error. Please try again.' },
  503: { code: 'ServiceUnavailable', message: 'Please reduce your request rate.' },
};

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let mode: Mode = { kind: 'forward' };
  let faulted = 0;
  const held = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    // A client giving up (its time limit) resets the connection: nothing to answer then.
    req.on('error', () => res.destroy());
    if (mode.kind === 'hang') {
      faulted++;
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (mode.kind === 'fail' && mode.left > 0) {
      faulted++;
      const { status } = mode;
      if (--mode.left === 0) mode = { kind: 'forward' };
      // Read the request's body first, as a server does before it answers.
      req.resume();
      req.on('end', () => {
        const { code, message } = ERRORS[status];
        const body =
          '<?xml version="1.0" encoding="UTF-8"?>' +
          `<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
      return;
    }
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    fail(count, status = 500) {
      mode = { kind: 'fail', left: count, status };
    },
    hang() {
      mode = { kind: 'hang' };
    },
    heal() {
      mode = { kind: 'forward' };
    },
    get faulted() {
      return faulted;
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
