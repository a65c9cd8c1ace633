import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signIn, type TestContext } from '../../test/context.js';

/**
 * Tracing against a collector stand-in: a plain HTTP server taking what the OTLP exporter
 * posts to /v1/traces (OTLP's JSON encoding), as an OpenTelemetry collector would.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const received: { path: string; body: OtlpExport }[] = [];
let collector: Server;
let ctx: TestContext;

const spans = () =>
  received.flatMap((r) =>
    r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)),
  );
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  ctx = await createTestContext({
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/`,
      OTEL_SERVICE_NAME: 'parley-test',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => collector?.close(resolve));
});

describe('tracing', () => {
  it('sends a span per request named by its route, continuing the caller’s trace', async () => {
    const { accessToken: token } = await signIn(ctx, 'poc@acme.parley.local');
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/meeting/${missing}`,
      headers: {
        authorization: `Bearer ${token}`,
        traceparent: `00-${callerTrace}-${callerSpan}-01`,
        'x-request-id': 'trace-test-1',
      },
    });
    expect(res.statusCode).toBe(404);

    await expect
      .poll(() => spans().find((s) => attribute(s, 'parley.request_id') === 'trace-test-1'), {
        timeout: 10_000,
      })
      .toBeDefined();
    const span = spans().find((s) => attribute(s, 'parley.request_id') === 'trace-test-1')!;
    expect(span.name).toBe('GET /api/v1/meeting/:meetingId');
    expect(span.name).not.toContain(missing);
    expect(span.traceId).toBe(callerTrace);
    expect(span.parentSpanId).toBe(callerSpan);
    expect(attribute(span, 'http.response.status_code')).toBe(404);
    expect(received[0]?.path).toBe('/v1/traces');
    const service = received[0]?.body.resourceSpans[0]?.resource.attributes.find(
      (a) => a.key === 'service.name',
    );
    expect(service?.value.stringValue).toBe('parley-test');
  });

  it('puts the job a request queued in the request’s trace, under the request’s span', async () => {
    const { accessToken: token } = await signIn(ctx, 'poc@acme.parley.local');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/trackers',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-test-2' },
      payload: { name: 'Traced', phrases: ['pricing'] },
    });
    expect(res.statusCode).toBe(201);

    const jobSpan = () => spans().find((s) => s.name === 'job tracker-recount');
    await expect.poll(jobSpan, { timeout: 20_000 }).toBeDefined();
    const request = spans().find((s) => attribute(s, 'parley.request_id') === 'trace-test-2')!;
    expect(request.name).toBe('POST /api/v1/trackers');
    expect(jobSpan()!.traceId).toBe(request.traceId);
    expect(jobSpan()!.parentSpanId).toBe(request.spanId);
  });
});
