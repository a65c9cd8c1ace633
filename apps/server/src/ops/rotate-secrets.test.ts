import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { integrationConfigs, publicLinks } from '../platform/db/schema.js';
import { createSecretBox, SecretOpenError } from '../platform/secrets.js';
import { openCredentials, sealCredentials } from '../modules/ai-providers/credentials.js';
import { call, createTestContext, json, signIn, type TestContext } from '../test/context.js';
import { publicLinkSealContext } from '../modules/sharing/service.js';
import { insertMeeting } from '../test/transcripts-kit.js';
import { rotateSecrets } from './rotate-secrets.js';

const OLD = 'old-secret-old-secret-old-secret-0123456';
const NEW = 'new-secret-new-secret-new-secret-6543210';
const LOST = 'lost-secret-lost-secret-lost-secret-9999';

let ctx: TestContext;
let app: FastifyInstance | null = null;
let token = '';
let meetingId = '';
let organizationId = '';
let lostOrg = '';

/** The running app on the same database, restarted with these secrets (as a deploy would). */
async function restartWith(env: Record<string, string>) {
  await (app ?? ctx.app).close();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-parley-test',
    LOG_LEVEL: 'silent',
    SHUTDOWN_GRACE_SECONDS: '2',
    ...env,
  });
  app = await buildApp({ config, database: ctx.database, logger: false, now: ctx.clock.now });
  await app.ready();
  return config;
}

const viewStatus = async () =>
  (await (app ?? ctx.app).inject({ method: 'GET', url: `/api/v1/public/view/${token}` }))
    .statusCode;

async function aiRow(orgId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(integrationConfigs)
    .where(
      and(eq(integrationConfigs.organizationId, orgId), eq(integrationConfigs.provider, 'chatgpt')),
    );
  if (!row) throw new Error('no AI configuration row');
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { APP_SECRET: OLD } });
  const owner = await signIn(ctx, 'user@acme.parley.local');
  organizationId = owner.user.organizationId;
  meetingId = await insertMeeting(ctx, organizationId, owner.user.id, 'rotation');
  const created = await call(ctx, 'GET', `/share/public/create/${meetingId}`, {
    token: owner.accessToken,
  });
  token = json<{ shareLink: string }>(created).shareLink.split('/').at(-1) ?? '';
  // An AI key sealed the way the AI providers module seals it, under the old secret.
  const values = sealCredentials(createSecretBox(OLD), organizationId, 'chatgpt', {
    apiKey: 'sk-rotation-test',
  });
  await ctx.database.db
    .insert(integrationConfigs)
    .values({ organizationId, provider: 'chatgpt', ...values });
  // Another organisation's key sealed under a secret nobody has any more.
  const lead = await signIn(ctx, 'seeker@parley.local');
  lostOrg = lead.user.organizationId;
  const lost = sealCredentials(createSecretBox(LOST), lostOrg, 'chatgpt', { apiKey: 'sk-lost' });
  await ctx.database.db
    .insert(integrationConfigs)
    .values({ organizationId: lostOrg, provider: 'chatgpt', ...lost });
}, 60_000);

afterAll(async () => {
  if (app) await app.close();
  // The test context closes its own app too: it is closed already, so only the database goes.
  await ctx.database.close();
});

describe('APP_SECRET rotation', () => {
  it('opens old values during the rotation, re-seals them all, and reads them after', async () => {
    expect(await viewStatus()).toBe(200);

    // The new secret alone: nothing sealed or hashed under the old one opens.
    await restartWith({ APP_SECRET: NEW });
    expect(await viewStatus()).toBe(404);
    const before = await aiRow(organizationId);
    expect(() => openCredentials(createSecretBox(NEW), before, 'chatgpt')).toThrow(SecretOpenError);

    // New with the old as previous: both read.
    const during = await restartWith({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD });
    expect(await viewStatus()).toBe(200);
    const rotating = createSecretBox(during.appSecret, during.previousAppSecrets);
    expect(openCredentials(rotating, await aiRow(organizationId), 'chatgpt').apiKey).toBe(
      'sk-rotation-test',
    );

    const counts = await rotateSecrets(ctx.database.db, rotating, during.appSecret);
    const of = (column: string) => counts.find((c) => c.column === column);
    expect(of('integration_configs.secret_sealed')).toMatchObject({ resealed: 1, unreadable: 1 });
    expect(of('public_links.token_sealed')).toMatchObject({ resealed: 1, unreadable: 0 });
    // Run again (an interrupted rotation is simply repeated): the same values, still readable.
    await rotateSecrets(ctx.database.db, rotating, during.appSecret);

    // The previous secret removed: everything rotated still opens under the new one alone.
    await restartWith({ APP_SECRET: NEW });
    expect(await viewStatus()).toBe(200);
    const after = createSecretBox(NEW);
    expect(openCredentials(after, await aiRow(organizationId), 'chatgpt').apiKey).toBe(
      'sk-rotation-test',
    );
    const rotated = await aiRow(organizationId);
    expect(() => openCredentials(createSecretBox(OLD), rotated, 'chatgpt')).toThrow(
      SecretOpenError,
    );
    // The value no key opened was left exactly as it was.
    const lost = await aiRow(lostOrg);
    expect(() => openCredentials(after, lost, 'chatgpt')).toThrow(SecretOpenError);
    expect(openCredentials(createSecretBox(LOST), lost, 'chatgpt').apiKey).toBe('sk-lost');
    // The owner can still be shown the same link: its sealed token opens under the new secret.
    const [link] = await ctx.database.db
      .select()
      .from(publicLinks)
      .where(eq(publicLinks.meetingId, meetingId));
    expect(after.open(link?.tokenSealed ?? '', publicLinkSealContext(meetingId))).toBe(token);
  }, 120_000);
});
