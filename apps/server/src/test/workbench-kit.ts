import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './context.js';
import { insertMeeting, saveTranscript } from './transcripts-kit.js';

/** A processed meeting with the real two-speaker transcript (see transcripts-kit.ts). */
export async function processedMeeting(
  ctx: TestContext,
  organizationId: string,
  ownerId: string,
  name: string,
): Promise<string> {
  const id = await insertMeeting(ctx, organizationId, ownerId, name);
  await saveTranscript(ctx, id, organizationId);
  return id;
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
