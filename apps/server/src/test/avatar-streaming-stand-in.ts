import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/**
 * A local server speaking a HeyGen-style streaming avatar API (POST /v1/streaming.new, .ice,
 * .start, .task, .interrupt, .stop; X-Api-Key), keeping each session's state the way the
 * service does: a task needs a started session, nothing works after stop.
 */
export interface StreamingStandIn {
  url: string;
  calls: { path: string; body: Record<string, unknown> }[];
  sessions: Map<
    string,
    { state: 'new' | 'started' | 'stopped'; tasks: string[]; candidates: unknown[] }
  >;
  close(): Promise<void>;
}

async function read(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length
    ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>)
    : {};
}

export async function startStreamingStandIn(apiKey = 'heygen-key'): Promise<StreamingStandIn> {
  const calls: StreamingStandIn['calls'] = [];
  const sessions: StreamingStandIn['sessions'] = new Map();
  const server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-api-key'] !== apiKey)
        return send(401, { code: 401, message: 'Unauthorized' });
      const path = (req.url ?? '').replace(/^\/v1\//, '');
      if (req.method !== 'POST') return send(405, { message: 'POST only' });
      const body = await read(req);
      calls.push({ path, body });
      if (path === 'streaming.new') {
        const id = randomUUID();
        sessions.set(id, { state: 'new', tasks: [], candidates: [] });
        return send(200, {
          code: 100,
          data: {
            session_id: id,
            sdp: { type: 'offer', sdp: 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\n' },
            ice_servers2: [{ urls: ['stun:stun.example.org:3478'] }],
          },
        });
      }
      const session = sessions.get(String(body.session_id));
      if (!session || session.state === 'stopped') return send(400, { message: 'Unknown session' });
      if (path === 'streaming.ice') {
        session.candidates.push(body.candidate);
      } else if (path === 'streaming.start') {
        session.state = 'started';
      } else if (path === 'streaming.task') {
        if (session.state !== 'started') return send(400, { message: 'Session not started' });
        session.tasks.push(String(body.text));
      } else if (path === 'streaming.interrupt') {
        session.tasks.length = 0;
      } else if (path === 'streaming.stop') {
        session.state = 'stopped';
      } else {
        return send(404, { message: 'Not found' });
      }
      return send(200, { code: 100, data: null });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    calls,
    sessions,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
