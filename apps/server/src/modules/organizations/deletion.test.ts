import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { QUEUES, type OrganizationRecord } from '@parley/contracts';
import { buildApp } from '../../app.js';
import {
  activityLog,
  integrationConfigs,
  meetings,
  organizations,
  plans,
  users,
} from '../../platform/db/schema.js';
import { call, json, signIn } from '../../test/context.js';
import { createMediaContext, waitFor } from '../../test/media.js';
import { searchTextOf } from '../meetings/index.js';

/**
 * The background removal of a deleted organisation, across a restart: the process that
 * queued it runs no jobs (ROLE=api) and stops; on PGlite it stops as if killed while the job
 * ran, after part of the media was gone. The next process finishes the work.
 */
let close: (() => Promise<void>) | null = null;
afterAll(async () => close?.());

describe('organisation deletion job', () => {
  it('removes its media, users, meetings, keys and plan, and resumes after a restart', async () => {
    const ctx = await createMediaContext({ env: { ROLE: 'api' } });
    close = () => ctx.close();
    const admin = (await signIn(ctx, 'admin@parley.local')).accessToken;
    const invited = await call(ctx, 'POST', '/organization/invite', {
      token: admin,
      payload: { organizationName: 'Doomed Ltd', emailId: 'lead@doomed.example' },
    });
    const org = json<{ data: OrganizationRecord }>(invited).data.id;
    const lead = await signIn(ctx, 'lead@doomed.example');
    const acme = (await signIn(ctx, 'poc@acme.parley.local')).user;

    // Media of a meeting of each organisation, where the local store keeps it.
    const put = (key: string) => {
      const file = path.join(ctx.mediaDir, key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'media');
      return file;
    };
    const addMeeting = async (organizationId: string, ownerId: string, name: string) => {
      const [row] = await ctx.database.db
        .insert(meetings)
        .values({
          organizationId,
          ownerId,
          meetingName: name,
          meetingCode: `${name}.mp4`,
          startTime: new Date(),
          searchText: searchTextOf(`${name}.mp4`),
        })
        .returning();
      const id = row?.id ?? '';
      return [
        put(`${organizationId}/uploads/${id}/${name}.mp4`),
        put(`${organizationId}/meetings/${id}/playback.mp4`),
        put(`${organizationId}/meetings/${id}/thumbnail.jpg`),
      ];
    };
    const doomedFiles = [
      ...(await addMeeting(org, lead.user.id, 'kickoff')),
      ...(await addMeeting(org, lead.user.id, 'review')),
    ];
    const acmeFiles = await addMeeting(acme.organizationId, acme.id, 'acme-call');
    await ctx.database.db
      .insert(integrationConfigs)
      .values({ organizationId: org, provider: 'chatgpt', secretSealed: 'sealed-key' });

    const removal = await call(ctx, 'DELETE', `/organization/${org}`, {
      token: admin,
      payload: { confirmName: 'Doomed Ltd' },
    });
    expect(removal.statusCode).toBe(200);
    // Nothing runs jobs in this process: the organisation is closed, its data still there.
    expect(doomedFiles.every((f) => existsSync(f))).toBe(true);
    await ctx.app.close();
    if (ctx.database.pglite) {
      // Killed mid-way: one file already removed, the job still marked as running.
      rmSync(doomedFiles[0] ?? '');
      const marked = await ctx.database.pglite.query(
        `UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = $1 RETURNING id`,
        [QUEUES.organizationDeletion],
      );
      expect(marked.rows).toHaveLength(1);
    }

    const next = await buildApp({
      config: { ...ctx.config, env: { ...ctx.config.env, ROLE: 'all' } },
      database: ctx.database,
      logger: false,
    });
    await next.ready();
    close = async () => {
      await next.close();
      await ctx.close();
    };

    const rowsOf = async (table: typeof users | typeof meetings | typeof plans) => {
      const [r] = await ctx.database.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.organizationId, org));
      return r?.n ?? 0;
    };
    await waitFor(
      async () => {
        const [row] = await ctx.database.db
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, org));
        return row ? undefined : true;
      },
      30_000,
      'the organisation to be removed',
    );
    expect(doomedFiles.filter((f) => existsSync(f))).toEqual([]);
    const orgDir = path.join(ctx.mediaDir, org);
    const left = existsSync(orgDir)
      ? readdirSync(orgDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      : [];
    expect(left).toEqual([]);
    expect(await rowsOf(users)).toBe(0);
    expect(await rowsOf(meetings)).toBe(0);
    expect(await rowsOf(plans)).toBe(0);
    const [keys] = await ctx.database.db
      .select({ n: count() })
      .from(integrationConfigs)
      .where(eq(integrationConfigs.organizationId, org));
    expect(keys?.n).toBe(0);
    const [logs] = await ctx.database.db
      .select({ n: count() })
      .from(activityLog)
      .where(eq(activityLog.organizationId, org));
    expect(logs?.n).toBe(0);
    // Another organisation's media and members are untouched.
    expect(acmeFiles.every((f) => existsSync(f))).toBe(true);
    expect(await rowsOf(users)).toBe(0);
    const [acmeUsers] = await ctx.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.organizationId, acme.organizationId));
    expect(acmeUsers?.n).toBe(4);
  });
});
