import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZOOM_MESSAGES, type Meeting, type ZoomStatus } from '@parley/contracts';
import { integrationConfigs, meetings } from '../../platform/db/schema.js';
import { call, createTestContext, json, signIn, type TestContext } from '../../test/context.js';
import { createMediaContext, fixture, mediaDone, waitFor } from '../../test/media.js';
import {
  ZOOM_APP,
  recordingCompleted,
  startZoomStandIn,
  zoomDelivery,
  type ZoomStandIn,
} from '../../test/zoom-stand-in.js';

/**
 * Issue 18 item 3, Zoom: connecting with Server-to-Server OAuth credentials (checked at
 * Zoom), the signed webhook (URL validation, recording.completed), the recording downloaded
 * with the webhook's token and analysed, a replayed webhook imported once.
 */

let ctx: TestContext & { mediaDir: string };
let zoom: ZoomStandIn;
let poc: string;
let manager: string;
let org: string;

beforeAll(async () => {
  zoom = await startZoomStandIn();
  ctx = await createMediaContext({
    env: { ZOOM_OAUTH_ORIGIN: zoom.origin, ALLOW_PRIVATE_ENDPOINTS: 'true' },
  });
  const s = await signIn(ctx, 'poc@acme.parley.local');
  poc = s.accessToken;
  org = s.user.organizationId;
  manager = (await signIn(ctx, 'manager@acme.parley.local')).accessToken;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await zoom?.close();
});

const webhook = (
  delivery: { body: string; headers: Record<string, string> },
  organizationId = org,
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/zoom/webhook/${organizationId}`,
    headers: delivery.headers,
    payload: delivery.body,
  });

const status = async () =>
  json<ZoomStatus>(await call(ctx, 'GET', '/configuration/zoom/configure', { token: poc }));

describe('connecting Zoom', () => {
  it('refuses credentials Zoom does not accept, and keeps nothing', async () => {
    const res = await call(ctx, 'POST', '/configuration/zoom', {
      token: poc,
      payload: { ...ZOOM_APP, clientSecret: 'wrong' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(ZOOM_MESSAGES.refused);
    expect((await status()).connected).toBe(false);
  });

  it('saves checked credentials sealed, and shows the webhook URL but never the secrets', async () => {
    const res = await call(ctx, 'POST', '/configuration/zoom', { token: poc, payload: ZOOM_APP });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(ZOOM_APP.clientSecret);
    expect(res.body).not.toContain(ZOOM_APP.secretToken);
    expect(json<ZoomStatus>(res)).toMatchObject({
      connected: true,
      accountId: ZOOM_APP.accountId,
      clientId: ZOOM_APP.clientId,
      webhookUrl: `${ctx.config.publicUrl}/api/v1/zoom/webhook/${org}`,
      imported: 0,
    });
    expect(zoom.tokenRequests.at(-1)).toEqual({ accountId: ZOOM_APP.accountId, ok: true });
    const [row] = await ctx.database.db
      .select()
      .from(integrationConfigs)
      .where(eq(integrationConfigs.provider, 'zoom'));
    expect(row?.secretSealed).toMatch(/^v1\./);
    expect(row?.secretSealed).not.toContain(ZOOM_APP.secretToken);
    // Members see the status; only who manages integrations connects.
    const member = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
    expect(
      (await call(ctx, 'POST', '/configuration/zoom', { token: member, payload: ZOOM_APP }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the webhook', () => {
  it('answers Zoom’s URL validation challenge with the HMAC of the plain token', async () => {
    const res = await webhook(
      zoomDelivery({
        event: 'endpoint.url_validation',
        payload: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw' },
        event_ts: Date.now(),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
      encryptedToken: createHmac('sha256', ZOOM_APP.secretToken)
        .update('qgg8vlvZRS6UYooatFL8Aw')
        .digest('hex'),
    });
  });

  it('refuses a wrong signature, a changed body and an old timestamp, importing nothing', async () => {
    const rec = zoom.addRecording(fixture('small-face-wide-shot.mp4'));
    const event = recordingCompleted({
      uuid: 'forged==',
      topic: 'Forged',
      hostEmail: 'manager@acme.parley.local',
      ...rec,
    });
    const wrongKey = zoomDelivery(event, { secretToken: 'not-the-secret' });
    const changed = {
      ...zoomDelivery(event),
      body: JSON.stringify({ ...event, event: 'recording.completed ' }),
    };
    const stale = zoomDelivery(event, { timestamp: Date.now() - 10 * 60_000 });
    for (const d of [wrongKey, changed, stale]) {
      const res = await webhook(d);
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe(ZOOM_MESSAGES.badSignature);
    }
    // Another organisation's URL: not connected there.
    const outsider = await webhook(zoomDelivery(event), '00000000-0000-4000-8000-000000000000');
    expect(outsider.statusCode).toBe(404);
    expect(zoom.downloads).toEqual([]);
    expect((await status()).imported).toBe(0);
  });

  it('imports a completed recording once, owned by its host, and sends it through the analysis', async () => {
    const file = fixture('small-face-wide-shot.mp4');
    const rec = zoom.addRecording(file);
    const event = recordingCompleted({
      uuid: 'Tg2Rz+4uQ0C3yYq1ZcPpbw==',
      topic: 'Quarterly review',
      hostEmail: 'Manager@Acme.parley.local',
      ...rec,
    });
    const delivery = zoomDelivery(event);
    const first = await webhook(delivery);
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first)).toEqual({ received: true, imported: true });

    const done = await waitFor(
      async () => {
        const s = await status();
        return s.lastImport?.state === 'imported' ? s : undefined;
      },
      30_000,
      'the Zoom import',
    );
    expect(done).toMatchObject({
      imported: 1,
      lastImport: { topic: 'Quarterly review', error: null },
    });
    // The MP4 (speaker view), with the webhook's download token.
    expect(zoom.downloads).toEqual([
      { path: new URL(rec.downloadUrl).pathname, bearer: rec.downloadToken, status: 200 },
    ]);

    const meetingId = done.lastImport?.meetingId ?? '';
    const [row] = await ctx.database.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(row).toMatchObject({
      title: 'Quarterly review',
      storageProvider: 'local',
      mimeType: 'video/mp4',
      sizeBytes: readFileSync(file).length,
    });
    expect(
      readFileSync(path.join(ctx.mediaDir, row?.sourceKey ?? 'missing')).equals(readFileSync(file)),
    ).toBe(true);
    // The host's meeting; the real file decoded by the pipeline's media step.
    const analysed = await mediaDone(ctx, manager, meetingId, 90_000);
    expect(analysed.inferenceStatus).not.toBe('failed');
    // Minutes: the 10-second fixture.
    expect(analysed.duration * 60).toBeGreaterThan(9);

    // Zoom delivers again (a retry, or someone replaying the request): nothing more happens.
    const again = await webhook(delivery);
    expect(json(again)).toEqual({ received: true, imported: false });
    await new Promise((r) => setTimeout(r, 1500));
    expect(zoom.downloads).toHaveLength(1);
    expect((await status()).imported).toBe(1);
    const list = json<{ data: Meeting[] }>(
      await call(ctx, 'GET', '/meeting/user?search=Quarterly', { token: manager }),
    );
    expect(list.data).toHaveLength(1);
  }, 120_000);
});

describe('disconnecting Zoom', () => {
  it('forgets the credentials, keeps the imported meetings, and refuses later webhooks', async () => {
    const res = await call(ctx, 'DELETE', '/configuration/zoom', { token: poc });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ message: ZOOM_MESSAGES.disconnected });
    expect((await status()).connected).toBe(false);
    const later = await webhook(
      zoomDelivery({ event: 'endpoint.url_validation', payload: { plainToken: 'x' } }),
    );
    expect(later.statusCode).toBe(404);
    const list = json<{ data: Meeting[] }>(
      await call(ctx, 'GET', '/meeting/user?search=Quarterly', { token: manager }),
    );
    expect(list.data).toHaveLength(1);
  });
});

describe('Zoom out of reach', () => {
  // Found by the route fuzzer (platform/http/route-properties.test.ts): a Zoom that does not
  // answer at all (there, no DNS) made the check throw past the service, a 500.
  it('answers 502 with a message to try again, and keeps nothing', async () => {
    // A port that was free a moment ago: nothing listens there, so connecting is refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const offline = await createTestContext({
      env: { ZOOM_OAUTH_ORIGIN: `http://127.0.0.1:${port}`, ALLOW_PRIVATE_ENDPOINTS: 'true' },
    });
    try {
      const token = (await signIn(offline, 'poc@acme.parley.local')).accessToken;
      const res = await call(offline, 'POST', '/configuration/zoom', { token, payload: ZOOM_APP });
      expect(res.statusCode).toBe(502);
      expect(json(res).message).toBe(ZOOM_MESSAGES.unreachable);
      const after = await call(offline, 'GET', '/configuration/zoom/configure', { token });
      expect(json<ZoomStatus>(after).connected).toBe(false);
    } finally {
      await offline.close();
    }
  });
});
