import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { getTableName, inArray, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERSONAL_DATA_MESSAGES as M,
  TALENT_POOL_ONLY,
  type MockInterview,
} from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, expectRefusal, json, signIn, signUp, type SignedIn } from '../../test/context.js';
import { resumePdf } from '../../test/resume-fixtures.js';
import { insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';
import * as schema from '../../platform/db/schema.js';
import { meetingInsights, meetings } from '../../platform/db/schema.js';
import { linksTo } from './index.js';

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'parley-personal-data-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
useTestApp(undefined, { env: { MEDIA_DIR: mediaDir } });

/** multipart/form-data with the resume, as the profile form sends it. */
function resumeForm(file: Buffer) {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Bytes at `key` in the local store, as the media step or an upload would have left them. */
function put(key: string, bytes: Buffer) {
  const file = path.join(mediaDir, key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.relative(mediaDir, path.join(d.parentPath, d.name)))
    : [];

interface Seeker {
  who: SignedIn;
  meetingId: string;
  recording: Buffer;
  resume: Buffer;
}

/** A seeker with a profile and resume, a mock interview and an analysed meeting with media. */
async function seekerWithData(email: string, name: string): Promise<Seeker> {
  const who = await signUp(ctx, email, { accountType: 'individual', firstName: name });
  const resume = await resumePdf();
  const form = resumeForm(resume);
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/b2c/user/profile',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${who.accessToken}` },
  });
  expect(saved.statusCode).toBe(200);
  const mock = await call(ctx, 'POST', '/b2c/mock-interview', {
    token: who.accessToken,
    payload: {
      useResume: false,
      companyName: 'Google',
      jobRole: 'Software engineer',
      level: 'Easy',
      skills: ['Python'],
      jobDescription: '',
      settings: { questionCount: 3, thinkSeconds: 30, answerSeconds: 120, retakes: 1 },
    },
  });
  expect(mock.statusCode).toBe(201);

  const org = who.user.organizationId;
  const meetingId = await insertMeeting(ctx, org, who.user.id, `${name} practice`);
  // Several megabytes, so the copy into the archive goes through the stream's backpressure.
  const recording = Buffer.concat([Buffer.from(`RIFF-${name}-`), randomBytes(6 * 1024 * 1024)]);
  const sourceKey = `${org}/uploads/${meetingId}/practice.wav`;
  const thumbnailKey = `${org}/meetings/${meetingId}/thumbnail.jpg`;
  put(sourceKey, recording);
  put(thumbnailKey, Buffer.from(`jpeg-${name}`));
  // A derived file no column names (frames, audio): removed with the meeting's folder.
  put(`${org}/meetings/${meetingId}/frames/0001.jpg`, Buffer.from('frame'));
  await ctx.database.db
    .update(meetings)
    .set({ sourceKey, thumbnailKey, storageProvider: 'local' })
    .where(sql`${meetings.id} = ${meetingId}`);
  await saveTranscript(ctx, meetingId, org);
  await ctx.database.db.insert(meetingInsights).values({
    meetingId,
    organizationId: org,
    promptName: 'Communication',
    group: 'hr',
    result: { score: 72, insights: [`${name} answered with clear examples`], tags: [] },
    citations: { score: [], items: [] },
    provider: 'local',
    model: 'built-in',
  });
  return { who, meetingId, recording, resume };
}

async function exportOf(token: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/b2c/user/export',
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, zip: res.statusCode === 200 ? await JSZip.loadAsync(res.rawPayload) : null };
}

/** Rows anywhere in the schema that point at the user or carry their address. */
async function rowsNaming(userId: string, email: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  const tables = (Object.values(schema) as unknown[]).filter(
    (v): v is PgTable => typeof v === 'object' && v !== null && 'getSQL' in v && isTable(v),
  );
  const count = async (table: PgTable, where: ReturnType<typeof sql>) => {
    const r = await ctx.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${table} where ${where}`,
    );
    return Number((r as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0);
  };
  for (const link of linksTo(schema.users)) {
    const n = await count(link.table, sql`${link.column} = ${userId}`);
    if (n) found[`${link.name}.${link.column.name}`] = n;
  }
  const userRow = await count(schema.users, sql`${schema.users.id} = ${userId}`);
  if (userRow) found['users.id'] = userRow;
  for (const table of tables) {
    for (const column of getTableConfig(table).columns) {
      if (!/email/i.test(column.name) || column.dataType !== 'string') continue;
      const n = await count(table, sql`lower(${column}) = ${email}`);
      if (n) found[`${getTableName(table)}.${column.name}`] = n;
    }
  }
  return found;
}

/**
 * Rows that point at the user through a 'set null' link (their row outlives the user's,
 * unlinked), by table, as primary keys: what deletion must remove by itself.
 */
/** A row's primary key as one text (single or composite). */
function identity(table: PgTable) {
  const config = getTableConfig(table);
  const cols = config.columns.filter((c) => c.primary);
  const key = cols.length ? cols : (config.primaryKeys[0]?.columns ?? []);
  if (!key.length) throw new Error(`${config.name} has no primary key`);
  return sql`concat_ws('|', ${sql.join(
    key.map((c) => sql`${c}::text`),
    sql`, `,
  )})`;
}

async function unlinkedRows(userId: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const link of linksTo(schema.users)) {
    if (link.onDelete !== 'set null' || link.name === 'users') continue;
    const r = await ctx.database.db.execute<{ id: string }>(
      sql`select ${identity(link.table)} as id from ${link.table} where ${link.column} = ${userId}`,
    );
    const ids = (r as unknown as { rows: { id: string }[] }).rows.map((x) => x.id);
    if (ids.length) found[link.name] = [...(found[link.name] ?? []), ...ids];
  }
  return found;
}

async function stillThere(held: Record<string, string[]>): Promise<string[]> {
  const left: string[] = [];
  for (const link of linksTo(schema.users)) {
    const ids = held[link.name];
    if (!ids) continue;
    delete held[link.name];
    const id = identity(link.table);
    const r = await ctx.database.db.execute<{ id: string }>(
      sql`select ${id} as id from ${link.table} where ${id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const row of (r as unknown as { rows: { id: string }[] }).rows)
      left.push(`${link.name}:${row.id}`);
  }
  return left;
}

function isTable(v: object): v is PgTable {
  try {
    getTableConfig(v as PgTable);
    return true;
  } catch {
    return false;
  }
}

describe('the seeker’s own data', () => {
  let ana: Seeker;
  let bo: Seeker;
  beforeAll(async () => {
    ana = await seekerWithData('ana@seekers.example', 'Ana');
    bo = await seekerWithData('bo@seekers.example', 'Bo');
  });

  it('downloads as one archive holding every item, with the media’s bytes', async () => {
    const { res, zip } = await exportOf(ana.who.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="parley-my-data-/);
    if (!zip) throw new Error('no archive');
    const text = async (p: string) => {
      const f = zip.file(p);
      if (!f) throw new Error(`${p} missing from the archive`);
      return f.async('string');
    };
    const account = JSON.parse(await text('account.json')) as { email: string };
    expect(account.email).toBe('ana@seekers.example');
    const profile = JSON.parse(await text('profile.json')) as {
      resume: { fileName: string } | null;
    };
    expect(profile.resume?.fileName).toBe('cv.pdf');
    expect(await zip.file('resume/cv.pdf')?.async('nodebuffer')).toEqual(ana.resume);
    const mocks = JSON.parse(await text('mock-interviews.json')) as MockInterview[];
    expect(mocks).toHaveLength(1);
    expect(mocks[0]?.questions).toHaveLength(3);
    expect(JSON.parse(await text('consent.json'))).toHaveProperty('b2cConsent');
    expect(JSON.parse(await text('invoices.json'))).toEqual([]);

    const folder = Object.keys(zip.files).find((p) => p.endsWith(`/meeting.json`)) ?? '';
    expect(folder).toMatch(/^meetings\/.* Ana practice \(/);
    const dir = path.posix.dirname(folder);
    const transcript = JSON.parse(await text(`${dir}/meeting_transcripts.json`)) as {
      words: unknown[];
    }[];
    expect(transcript[0]?.words.length).toBeGreaterThan(10);
    const insights = JSON.parse(await text(`${dir}/meeting_insights.json`)) as {
      result: { insights: string[] };
    }[];
    expect(insights[0]?.result.insights).toEqual(['Ana answered with clear examples']);
    const recording = await zip.file(`${dir}/media/recording.wav`)?.async('nodebuffer');
    // Buffer.equals: toEqual walks megabytes element by element.
    expect(recording?.length).toBe(ana.recording.length);
    expect(recording?.equals(ana.recording)).toBe(true);
    expect(zip.file(`${dir}/media/thumbnail.jpg`)).not.toBeNull();

    // The manifest lists every file but itself and the README, with its size.
    const manifest = JSON.parse(await text('manifest.json')) as {
      items: { path: string; bytes: number }[];
      missing: string[];
    };
    const files = Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => f.name)
      .filter((n) => n !== 'manifest.json' && n !== 'README.txt');
    expect(manifest.items.map((i) => i.path).sort()).toEqual(files.sort());
    expect(manifest.missing).toEqual([]);
    expect(await text('README.txt')).toContain('resume/cv.pdf');
    // Nothing of another seeker, and no credentials.
    const readable = files.filter((f) => /\.(json|txt)$/.test(f));
    const all = (await Promise.all(readable.map((f) => text(f)))).join('\n');
    expect(all).not.toContain('Bo practice');
    expect(all).not.toContain('bo@seekers.example');
    expect(all).not.toMatch(/refresh_token_hash|refreshTokenHash|codeHash/);
  });

  it('is the own account’s only, and only for talent-pool accounts', async () => {
    const res = await call(ctx, 'DELETE', '/b2c/user/account', {
      token: bo.who.accessToken,
      payload: { confirm: 'ana@seekers.example' },
    });
    expectRefusal(res, 400, M.notConfirmed);
    const member = await signIn(ctx, 'user@acme.parley.local');
    expectRefusal(
      await call(ctx, 'GET', '/b2c/user/export', { token: member.accessToken }),
      403,
      TALENT_POOL_ONLY,
    );
    expectRefusal(
      await call(ctx, 'DELETE', '/b2c/user/account', {
        token: member.accessToken,
        payload: { confirm: 'DELETE' },
      }),
      403,
      TALENT_POOL_ONLY,
    );
    expect((await call(ctx, 'GET', '/b2c/user/export')).statusCode).toBe(401);
  });

  it('deletes the account with every row and stored file, and the address can sign up again', async () => {
    const org = ana.who.user.organizationId;
    const anaId = ana.who.user.id;
    const before = await rowsNaming(anaId, 'ana@seekers.example');
    const unlinked = await unlinkedRows(anaId);
    // Her calls are in the activity log; that row would outlive her, unlinked.
    expect(Object.keys(unlinked)).toContain('activity_log');
    expect(Object.keys(before).length).toBeGreaterThan(4);
    const anaFiles = () =>
      filesUnder(path.join(mediaDir, org)).filter(
        (f) => f.includes(anaId) || f.includes(ana.meetingId),
      );
    expect(anaFiles().length).toBeGreaterThanOrEqual(4);
    const boFiles = filesUnder(path.join(mediaDir, org)).filter(
      (f) => f.includes(bo.who.user.id) || f.includes(bo.meetingId),
    );

    const res = await call(ctx, 'DELETE', '/b2c/user/account', {
      token: ana.who.accessToken,
      payload: { confirm: ' DELETE ' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(M.deleted);

    // Sessions end: the token and the refresh cookie no longer work.
    expect(
      (await call(ctx, 'GET', '/b2c/user/export', { token: ana.who.accessToken })).statusCode,
    ).toBe(401);
    const refresh = await call(ctx, 'POST', '/auth/refresh-credentials', {
      payload: { userId: anaId },
      cookie: ana.who.cookie,
    });
    expect(refresh.statusCode).toBe(401);
    expect(await rowsNaming(anaId, 'ana@seekers.example')).toEqual({});
    // Nor rows that pointed at her and would have stayed, unlinked (invoices are legal
    // records and stay; she had none).
    expect(await stillThere(unlinked)).toEqual([]);
    // The deletion itself is logged, without who or from where (calls are written in batches).
    const logged = async () =>
      (
        await ctx.database.db
          .select()
          .from(schema.activityLog)
          .where(sql`${schema.activityLog.path} = '/api/v1/b2c/user/account'`)
      ).map((l) => [l.method, l.status, l.userId, l.ip]);
    await expect.poll(logged, { timeout: 5_000 }).toContainEqual(['DELETE', 200, null, null]);
    expect(anaFiles()).toEqual([]);
    const parts = filesUnder(path.join(mediaDir, '.parts'));
    expect(parts.filter((f) => f.includes(anaId))).toEqual([]);
    const gone = await ctx.database.db
      .select({ id: meetings.id })
      .from(meetings)
      .where(inArray(meetings.id, [ana.meetingId]));
    expect(gone).toEqual([]);

    // Bo's data is untouched.
    expect(
      filesUnder(path.join(mediaDir, org)).filter(
        (f) => f.includes(bo.who.user.id) || f.includes(bo.meetingId),
      ),
    ).toEqual(boFiles);
    const { zip } = await exportOf(bo.who.accessToken);
    expect(zip?.file('resume/cv.pdf')).not.toBeNull();
    expect(Object.keys(zip?.files ?? {}).some((p) => p.includes('Bo practice'))).toBe(true);

    const again = await signUp(ctx, 'ana@seekers.example', { accountType: 'individual' });
    expect(again.user.id).not.toBe(anaId);
    const fresh = await exportOf(again.accessToken);
    expect(
      JSON.parse((await fresh.zip?.file('mock-interviews.json')?.async('string')) ?? ''),
    ).toEqual([]);
  });
});
