import { beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Diarization, type RouteResponse, type analysisRoutes } from '@parley/contracts';
import { meetings } from '../platform/db/schema.js';
import { ctx, useTestApp } from './app-kit.js';
import { call, json, type TestContext } from './context.js';
import { createTranscriptsRepo, type NewTranscript } from '../modules/transcripts/repo.js';

/**
 * Shared set-up of the transcript API tests.
 *
 * two-speakers.transcript.json is the real output of
 * `npm run -s analyze -- fixtures/diarization/two-speakers.wav` (pocketsphinx words, 30 s),
 * with the speakers of fixtures/diarization/two-speakers.rttm as its turns (speaker90 →
 * speaker_00, speaker91 → speaker_01), words given to them with assignSpeakers and the
 * analytics from runTextStep: what the speech and text steps store once diarization runs.
 */
export const FIXTURE = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, '../modules/transcripts/two-speakers.transcript.json'),
    'utf8',
  ),
) as Omit<NewTranscript, 'meetingId' | 'organizationId' | 'runId'>;

export type Sentiment = RouteResponse<typeof analysisRoutes.sentiment>;
export type SpeakingRate = RouteResponse<typeof analysisRoutes.speakingRate>;
export type Conversation = RouteResponse<typeof analysisRoutes.conversation>;
export type Mapping = RouteResponse<typeof analysisRoutes.speakerTimeMapping>;

export { ctx };
export let owner: string;
export let poc: string;
export let manager: string;
export let rep: string;
export let seeker: string;
export let outsider: string;
export let outsiderUser: { id: string; organizationId: string };
export let ownerId: string;
export let orgId: string;

/** A processed 30 s meeting named `name` (recording `name.wav`), not transcribed yet. */
export async function insertMeeting(
  app: TestContext,
  organizationId: string,
  ownerId: string,
  name: string,
  values: Partial<typeof meetings.$inferInsert> = {},
): Promise<string> {
  const [row] = await app.database.db
    .insert(meetings)
    .values({
      organizationId,
      ownerId,
      meetingName: name,
      meetingCode: `${name}.wav`,
      inferenceStatus: 'processed',
      durationSec: 30,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no meeting');
  return row.id;
}

/** Stores the two-speaker transcript (FIXTURE) as the meeting's, with `values` in its place. */
export async function saveTranscript(
  app: TestContext,
  meetingId: string,
  organizationId: string,
  values: Partial<typeof FIXTURE> = {},
) {
  await createTranscriptsRepo(app.database.db).save({
    ...FIXTURE,
    ...values,
    meetingId,
    organizationId,
    runId: crypto.randomUUID(),
  });
}

export const newMeeting = (organizationId: string, userId: string, name: string) =>
  insertMeeting(ctx, organizationId, userId, name);
export const transcribe = (meetingId: string, organizationId: string) =>
  saveTranscript(ctx, meetingId, organizationId);

/** A new meeting of the owner's, with the fixture's transcript stored. */
export async function newTranscribedMeeting(meetingName: string): Promise<string> {
  const id = await newMeeting(orgId, ownerId, meetingName);
  await transcribe(id, orgId);
  return id;
}

/**
 * A describe block's meeting of the owner's, transcribed before its tests run; its `id` is set
 * by then.
 */
export function transcribedMeeting(meetingName: string): { id: string } {
  const meeting = { id: '' };
  beforeAll(async () => {
    meeting.id = await newTranscribedMeeting(meetingName);
  });
  return meeting;
}

export const get = <T>(token: string, p: string) =>
  call(ctx, 'GET', p, { token }).then((r) => json<T>(r));
export const edit = (
  token: string,
  id: string,
  words: unknown[],
  dashboard = 'zai-insights-dashboard',
) => call(ctx, 'PATCH', `/transcription/${dashboard}/${id}`, { token, payload: { words } });
export const name = (token: string, meetingId: string, additionalDetails: Record<string, string>) =>
  call(ctx, 'PATCH', '/meeting/participant', { token, payload: { meetingId, additionalDetails } });
export const talkTime = async (token: string, id: string) =>
  Object.fromEntries(
    (await get<Diarization>(token, `/voice-diaraization/${id}`)).speaker_time_analysis.map((s) => [
      s.speaker,
      s.time,
    ]),
  );

/** Registers the shared database and accounts for a test file; the exported bindings are live. */
export function useTranscriptsKit() {
  useTestApp(async ({ as }) => {
    const o = await as('member');
    owner = o.accessToken;
    ownerId = o.user.id;
    orgId = o.user.organizationId;
    poc = (await as('poc')).accessToken;
    manager = (await as('manager')).accessToken;
    rep = (await as('rep')).accessToken;
    // Another organisation with every feature (B2C), so its answers are about tenancy, not plans.
    seeker = (await as('seeker')).accessToken;
    const lead = await as('outsider');
    outsider = lead.accessToken;
    outsiderUser = lead.user;
  });
}
