import { beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  PRIVACY_MESSAGES,
  type PrivacySettings,
  type Transcription,
  type TranscriptSearchResult,
} from '@parley/contracts';
import { call, expectRefusal, json } from '../../test/context.js';
import { grantBundle, grantInterviewIntelligence } from '../../test/plans-kit.js';
import { meetingTranscripts } from '../../platform/db/schema.js';
import { createPrivacyRepo } from './repo.js';
import { createPrivacyService } from './service.js';
import {
  ctx,
  edit,
  FIXTURE,
  get,
  manager,
  newMeeting,
  newTranscribedMeeting,
  orgId,
  outsider,
  owner,
  outsiderUser,
  ownerId,
  poc,
  seeker,
  useTranscriptsKit,
} from '../../test/transcripts-kit.js';

useTranscriptsKit();

const PHONE = '4155552671';
const setPrivacy = (token: string, payload: Partial<PrivacySettings>) =>
  call(ctx, 'PATCH', '/organization/privacy', { token, payload });

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  await grantInterviewIntelligence(ctx, orgId);
});

describe('PII redaction settings', () => {
  it('are off by default, changed by the point of contact, refused to a member', async () => {
    expect(await get<PrivacySettings>(poc, '/organization/privacy')).toEqual({
      piiRedaction: false,
      piiKeepOriginals: false,
    });
    expect((await setPrivacy(owner, { piiRedaction: true })).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/organization/privacy', { token: owner })).statusCode).toBe(
      403,
    );
    const on = await setPrivacy(poc, { piiRedaction: true });
    expect(json(on)).toEqual({ piiRedaction: true, piiKeepOriginals: false });
    // Another organisation's switch is its own.
    expect(await get<PrivacySettings>(outsider, '/organization/privacy')).toEqual({
      piiRedaction: false,
      piiKeepOriginals: false,
    });
    expect((await setPrivacy(poc, {})).statusCode).toBe(400);
  });
});

describe('a corrected transcript with a phone number in it, with redaction on', () => {
  let meetingId = '';
  beforeAll(async () => {
    expect((await setPrivacy(poc, { piiRedaction: true })).statusCode).toBe(200);
    meetingId = await newTranscribedMeeting(`PII ${Date.now()}`);
    // Speaker 1's "opera but it got …" becomes "what is 4155552671? got …": a question
    // with a number in it.
    const res = await edit(owner, meetingId, [
      { index: 3, word: 'what' },
      { index: 4, word: 'is' },
      { index: 5, word: `${PHONE}?` },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is stored masked: the transcript shows [phone], never the digits', async () => {
    const t = await get<Transcription>(owner, `/transcription/${meetingId}`);
    const text = t.wordToWordTimestamps.map((w) => w.word).join(' ');
    expect(text).toMatch(/^uh out on what is \[phone\]\? got/);
    expect(JSON.stringify(t)).not.toContain(PHONE);
    // No unmasked copy is kept unless the organisation asks for it.
    expectRefusal(
      await call(ctx, 'GET', `/transcription/originals/${meetingId}`, { token: poc }),
      404,
      PRIVACY_MESSAGES.noOriginals,
    );
  });

  it('is searched masked: the number finds nothing, its sentence reads "what is [phone]?"', async () => {
    const byNumber = await get<TranscriptSearchResult>(owner, `/search/transcripts?q=${PHONE}`);
    expect(byNumber.count).toBe(0);
    const bySentence = await get<TranscriptSearchResult>(owner, '/search/transcripts?q=phone');
    const moment = bySentence.data.find((m) => m.meetingId === meetingId);
    expect(moment?.text).toBe('what is [phone]?');
  });

  it('is reported masked: the sales report’s questions quote [phone]', async () => {
    const res = await call(ctx, 'GET', `/report/sales/${meetingId}`, { token: owner });
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).not.toContain(PHONE);
    expect(text).toMatch(/what is \[phone\]\?/);
  });
});

describe('originals, when the organisation keeps them', () => {
  let meetingId = '';
  beforeAll(async () => {
    expect((await setPrivacy(poc, { piiRedaction: true, piiKeepOriginals: true })).statusCode).toBe(
      200,
    );
    meetingId = await newMeeting(orgId, ownerId, `PII originals ${Date.now()}`);
    // What the speech step stores: the engine's words through the organisation's redaction.
    const spoken = (FIXTURE.words ?? []).slice(0, 6).concat(
      ['my', 'card', 'is', '4111', '1111', '1111', '1111'].map((word, i) => ({
        word,
        start: 20 + i * 0.4,
        end: 20.3 + i * 0.4,
        speaker: 'speaker_00',
        confidence: 0.9,
      })),
    );
    const privacy = createPrivacyService({
      repo: createPrivacyRepo(ctx.database.db),
      now: () => new Date(),
    });
    const { words, originalWords } = await privacy.redact(orgId, spoken);
    await ctx.database.db.insert(meetingTranscripts).values({
      ...FIXTURE,
      words,
      originalWords,
      meetingId,
      organizationId: orgId,
      runId: crypto.randomUUID(),
    });
  });

  it('shows everyone the masked words and the point of contact the originals', async () => {
    const masked = await get<Transcription>(owner, `/transcription/${meetingId}`);
    expect(masked.wordToWordTimestamps.map((w) => w.word).slice(-4)).toEqual([
      'my',
      'card',
      'is',
      '[card number]',
    ]);
    const originals = await get<Transcription>(poc, `/transcription/originals/${meetingId}`);
    expect(originals.wordToWordTimestamps.map((w) => w.word).slice(-4)).toEqual([
      '4111',
      '1111',
      '1111',
      '1111',
    ]);
  });

  it('refuses the originals to the meeting’s owner and a manager, and to other organisations', async () => {
    for (const token of [owner, manager]) {
      const res = await call(ctx, 'GET', `/transcription/originals/${meetingId}`, { token });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('4111');
    }
    // A B2C individual manages no organisation.
    const individual = await call(ctx, 'GET', `/transcription/originals/${meetingId}`, {
      token: seeker,
    });
    expect(individual.statusCode).toBe(403);
    // Another organisation's point of contact, with the permission and Zai Intelligence, but
    // not the meeting.
    await grantBundle(ctx, outsiderUser.organizationId, 'Essentials');
    const elsewhere = await call(ctx, 'GET', `/transcription/originals/${meetingId}`, {
      token: outsider,
    });
    expect([elsewhere.statusCode, json(elsewhere).message]).toEqual([404, 'Meeting not found']);
  });
});
