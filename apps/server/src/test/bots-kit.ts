import { readdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Socket } from 'socket.io-client';
import { REALTIME, type Meeting, type MeetingBotView } from '@parley/contracts';
import { call, json, type TestContext } from './context.js';
import { derived, ffmpeg, fixture, waitFor } from './media.js';

/** The call's recording a stand-in serves: the first 10 s of the talking-face fixture. */
export function callRecording(): { file: string; contentType: string } {
  const file = derived('bot-call-10s.mp4', (out) =>
    ffmpeg(['-i', fixture('talking-face.mp4'), '-t', '10', '-c', 'copy', out]),
  );
  return { file, contentType: 'video/mp4' };
}

/** Seconds of media in a file, as ffprobe reads its container. */
export function durationOf(file: string): number {
  const r = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  );
  return Number(r.stdout.trim());
}

/** The file the bot's recording was stored as in the local media store. */
export function storedRecording(mediaDir: string, organizationId: string, botId: string): string {
  const dir = path.join(mediaDir, organizationId, 'uploads', 'bots');
  const name = readdirSync(dir).find((f) => f.startsWith(botId));
  if (!name) throw new Error(`no stored recording for ${botId}`);
  return path.join(dir, name);
}

export async function botOf(ctx: TestContext, token: string, meetingId: string) {
  const res = await call(ctx, 'GET', `/extension/meeting/${meetingId}`, { token });
  return json<{ data: MeetingBotView | null }>(res).data;
}

export async function meetingOf(ctx: TestContext, token: string, meetingId: string) {
  return json<Meeting>(await call(ctx, 'GET', `/meeting/${meetingId}`, { token }));
}

/** Waits for the bot to be in `state`. */
export function botInState(
  ctx: TestContext,
  token: string,
  meetingId: string,
  state: MeetingBotView['state'],
) {
  return waitFor(
    async () => {
      const bot = await botOf(ctx, token, meetingId);
      return bot?.state === state ? bot : undefined;
    },
    10_000,
    `bot ${state}`,
  );
}

/** The bot-state events a socket receives from now on. */
export function collectBotEvents(socket: Socket): MeetingBotView[] {
  const events: MeetingBotView[] = [];
  socket.on(REALTIME.botState, (e: MeetingBotView) => events.push(e));
  return events;
}

/** The recording became the meeting's media and went through the media step. */
export function recordingAnalysed(ctx: TestContext, token: string, meetingId: string) {
  return waitFor(
    async () => {
      const m = await meetingOf(ctx, token, meetingId);
      return m.storageLink || m.inferenceStatus === 'failed' ? m : undefined;
    },
    90_000,
    'the imported recording through the media step',
  );
}
