import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TALENT_PROFILE_MESSAGES as M, type TalentProfile } from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, expectRefusal, json, signIn, signUp, type SignedIn } from '../../test/context.js';
import { resumeDocx, resumePdf, scannedPdf } from '../../test/resume-fixtures.js';

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'parley-resume-test-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
useTestApp(undefined, { env: { MEDIA_DIR: mediaDir } });

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };

/** multipart/form-data as a browser's FormData sends it. */
function form(parts: Part[]) {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'file' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      'file' in p ? p.file : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const saveForm = (who: SignedIn, parts: Part[]) => {
  const f = form(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/b2c/user/profile',
    payload: f.payload,
    headers: { ...f.headers, authorization: `Bearer ${who.accessToken}` },
  });
};

const filesIn = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
const resumeFiles = () =>
  filesIn(mediaDir).filter((f) => f.includes(`${path.sep}resumes${path.sep}`));

describe('talent-pool profile with a resume', () => {
  it('parses an uploaded PDF into the profile, keeps the file, and saves the person’s corrections', async () => {
    const seeker = await signIn(ctx, 'seeker@parley.local');
    const res = await saveForm(seeker, [
      { name: 'file', file: await resumePdf(), filename: 'jordan.pdf' },
    ]);
    expect(res.statusCode).toBe(200);
    const profile = json<TalentProfile>(res);
    expect(profile.email).toBe('seeker@parley.local');
    expect(profile.resume).toMatchObject({
      fileName: 'jordan.pdf',
      contentType: 'application/pdf',
    });
    expect(profile.profileData.fullName).toBe('Jordan Rivera');
    expect(profile.profileData.skills).toEqual(expect.arrayContaining(['Python', 'Kubernetes']));
    expect(profile.workExperience.map((j) => j.company)).toEqual([
      'Lumen Payments',
      'Northwind Data',
    ]);
    expect(profile.parsed?.by).toBe('built-in');
    expect(resumeFiles()).toHaveLength(1);

    const corrected = {
      ...profile.profileData,
      fullName: 'Jordan A. Rivera',
      skills: ['Python', 'Go', 'Leadership'],
    };
    const jobs = [{ ...profile.workExperience[0], title: 'Staff Engineer' }];
    const saved = json<TalentProfile>(
      await saveForm(seeker, [
        { name: 'profileData', value: JSON.stringify(corrected) },
        { name: 'workExperience', value: JSON.stringify(jobs) },
      ]),
    );
    expect(saved.profileData).toEqual(corrected);
    expect(saved.workExperience).toEqual(jobs);
    // The file stays, and what the parser read is still there to compare with.
    expect(saved.resume?.fileName).toBe('jordan.pdf');
    expect(saved.parsed?.profileData.fullName).toBe('Jordan Rivera');

    const read = await call(ctx, 'POST', '/b2c/user/get/profile', {
      token: seeker.accessToken,
      payload: { email: 'seeker@parley.local' },
    });
    expect(json<TalentProfile>(read)).toEqual(saved);
  });

  it('parses a DOCX, and replacing the resume removes the old file from the media store', async () => {
    const s = await signUp(ctx, 'docx-seeker@example.com', { accountType: 'individual' });
    await saveForm(s, [{ name: 'file', file: await resumePdf(), filename: 'first.pdf' }]);
    const before = resumeFiles();
    const res = await saveForm(s, [
      { name: 'file', file: await resumeDocx(), filename: 'cv.docx' },
    ]);
    expect(res.statusCode).toBe(200);
    const profile = json<TalentProfile>(res);
    expect(profile.resume?.contentType).toMatch(/wordprocessingml/);
    expect(profile.workExperience[1]).toMatchObject({
      title: 'Software Engineer',
      start: '2017-06',
      end: '2021-02',
    });
    const after = resumeFiles();
    expect(after).toHaveLength(before.length);
    expect(after.filter((f) => !before.includes(f))).toHaveLength(1);
  });

  it('says why a scanned PDF, an oversize file or another kind of file is refused, storing nothing', async () => {
    const s = await signUp(ctx, 'scan-seeker@example.com', { accountType: 'individual' });
    const count = resumeFiles().length;
    expectRefusal(
      await saveForm(s, [{ name: 'file', file: await scannedPdf(), filename: 'scan.pdf' }]),
      400,
      M.scannedPdf,
    );
    const big = Buffer.concat([await resumePdf(), Buffer.alloc(10 * 1024 * 1024)]);
    expectRefusal(
      await saveForm(s, [{ name: 'file', file: big, filename: 'big.pdf' }]),
      413,
      M.tooLarge,
    );
    expectRefusal(
      await saveForm(s, [{ name: 'file', file: Buffer.from('just text'), filename: 'cv.txt' }]),
      400,
      M.notAResume,
    );
    expect(resumeFiles()).toHaveLength(count);
    const bad = await saveForm(s, [{ name: 'profileData', value: '{"skills": "all of them"}' }]);
    expectRefusal(bad, 400, 'profileData is not valid');
  });

  it('DELETE b2c/resume removes the file from the media store and keeps the corrected fields', async () => {
    const s = await signUp(ctx, 'delete-seeker@example.com', { accountType: 'individual' });
    const up = json<TalentProfile>(
      await saveForm(s, [{ name: 'file', file: await resumePdf(), filename: 'mine.pdf' }]),
    );
    const mine = () => resumeFiles().length;
    const before = mine();
    const res = await call(ctx, 'DELETE', '/b2c/resume', {
      token: s.accessToken,
      payload: { email: 'delete-seeker@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const after = json<TalentProfile>(res);
    expect(after.resume).toBeNull();
    expect(after.profileData).toEqual(up.profileData);
    expect(mine()).toBe(before - 1);
    expectRefusal(
      await call(ctx, 'DELETE', '/b2c/resume', {
        token: s.accessToken,
        payload: { email: 'delete-seeker@example.com' },
      }),
      404,
      M.noResume,
    );
  });

  it('keeps each person’s profile their own: another seeker’s or an unknown e-mail is 404', async () => {
    const a = await signUp(ctx, 'seeker-a@example.com', { accountType: 'individual' });
    const b = await signUp(ctx, 'seeker-b@example.com', { accountType: 'individual' });
    await saveForm(a, [{ name: 'file', file: await resumePdf(), filename: 'a.pdf' }]);
    for (const email of ['seeker-a@example.com', 'nobody@example.com']) {
      expectRefusal(
        await call(ctx, 'POST', '/b2c/user/get/profile', {
          token: b.accessToken,
          payload: { email },
        }),
        404,
        M.profileNotFound,
      );
    }
    expectRefusal(
      await call(ctx, 'DELETE', '/b2c/resume', {
        token: b.accessToken,
        payload: { email: 'seeker-a@example.com' },
      }),
      404,
      M.profileNotFound,
    );
    // An organisation's member is not a talent-pool account: the profile routes are not theirs.
    const member = await signIn(ctx, 'user@acme.parley.local');
    expect((await saveForm(member, [{ name: 'profileData', value: '{}' }])).statusCode).toBe(403);
    expectRefusal(
      await call(ctx, 'POST', '/b2c/user/get/profile', {
        token: member.accessToken,
        payload: { email: 'seeker-a@example.com' },
      }),
      404,
      M.profileNotFound,
    );
    // The super admin looks any profile up.
    const admin = await signIn(ctx, 'admin@parley.local');
    const seen = await call(ctx, 'POST', '/b2c/user/get/profile', {
      token: admin.accessToken,
      payload: { email: 'seeker-a@example.com' },
    });
    expect(json<TalentProfile>(seen).resume?.fileName).toBe('a.pdf');
  });
});
