import { describe, expect, it } from 'vitest';
import { INSIGHT_EVENTS } from '@parley/contracts';
import { call } from '../../test/context.js';
import { connectRealtime, joinRoom } from '../../test/realtime.js';
import {
  ctx,
  newTranscribedMeeting,
  owner,
  useTranscriptsKit,
} from '../../test/transcripts-kit.js';

useTranscriptsKit();

const EVENTS = [
  INSIGHT_EVENTS.hr,
  INSIGHT_EVENTS['Action Items'],
  INSIGHT_EVENTS.Summary,
  INSIGHT_EVENTS['Meeting Notes'],
  INSIGHT_EVENTS['Key Questions'],
  INSIGHT_EVENTS.Charisma,
  INSIGHT_EVENTS.Bias,
  INSIGHT_EVENTS.overall,
];

describe('insight events on the realtime channel', () => {
  it('announces each stored result to the meeting’s room as it arrives', async () => {
    const id = await newTranscribedMeeting('events');
    const socket = await connectRealtime(ctx, owner);
    try {
      const seen: {
        event: string;
        payload: { meetingId: string; item?: { promptName: string } };
      }[] = [];
      for (const event of EVENTS) {
        socket.on(event, (payload: (typeof seen)[number]['payload']) =>
          seen.push({ event, payload }),
        );
      }
      await joinRoom(socket, id);

      expect(
        (await call(ctx, 'POST', '/hr-analytics/events.wav', { token: owner, payload: {} }))
          .statusCode,
      ).toBe(200);
      expect(
        (await call(ctx, 'POST', '/text-analytics/events.wav', { token: owner, payload: {} }))
          .statusCode,
      ).toBe(200);
      await expect.poll(() => seen.length, { timeout: 5000 }).toBe(4 + 1 + 6);

      const byEvent = (e: string) => seen.filter((s) => s.event === e);
      expect(byEvent('Zai insights').map((s) => s.payload.item?.promptName)).toEqual([
        'Alerts',
        'Technical',
        'Communication',
        'Behavioral',
      ]);
      expect(byEvent('overall score')).toEqual([
        { event: 'overall score', payload: { meetingId: id, overallScore: expect.any(Number) } },
      ]);
      for (const [event, name] of [
        ['action items', 'Action Items'],
        ['summary', 'Summary'],
        ['meeting notes', 'Meeting Notes'],
        ['key questions', 'Key Questions'],
        ['charisma', 'Charisma'],
        ['bias', 'Bias'],
      ] as const) {
        expect(byEvent(event).map((s) => s.payload.item?.promptName)).toEqual([name]);
      }
      expect(seen.every((s) => s.payload.meetingId === id)).toBe(true);
    } finally {
      socket.disconnect();
    }
  });
});
