import type { LightMyRequestResponse } from 'fastify';
import { meetings } from '../platform/db/schema.js';
import { createTranscriptsRepo } from '../modules/transcripts/repo.js';
import type { TestContext } from './context.js';
import { FIXTURE } from './transcripts-kit.js';

/** A processed meeting with the real two-speaker transcript (see transcripts-kit.ts). */
export async function processedMeeting(
  ctx: TestContext,
  organizationId: string,
  ownerId: string,
  name: string,
): Promise<string> {
  const [row] = await ctx.database.db
    .insert(meetings)
    .values({
      organizationId,
      ownerId,
      meetingName: name,
      meetingCode: `${name}.wav`,
      inferenceStatus: 'processed',
      durationSec: 30,
    })
    .returning();
  if (!row) throw new Error('no meeting');
  await createTranscriptsRepo(ctx.database.db).save({
    ...FIXTURE,
    meetingId: row.id,
    organizationId,
    runId: crypto.randomUUID(),
  });
  return row.id;
}

export interface SentEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The Server-Sent Events of a response body, in the order they were written. */
export function eventsOf(res: LightMyRequestResponse): SentEvent[] {
  return res.body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}
