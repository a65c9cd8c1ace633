import { beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  PRIVACY_MESSAGES,
  type PrivacySettings,
  type Transcription,
  type TranscriptSearchResult,
} from '@parley/contracts';
import { call, expectRefusal, json } from '../../test/context.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import {
  ctx,
  edit,
  get,
  newTranscribedMeeting,
  orgId,
  outsider,
  owner,
  poc,
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
