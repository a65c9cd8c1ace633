import { z } from 'zod';
import {
  type PromptComparison,
  type PromptCreateBody,
  type StoredPrompt,
  promptAccessSchema,
  promptCompareBody,
  promptQuery,
} from '@parley/contracts';
import { forbidden, notFound } from '../../platform/errors.js';
import type { PromptRow, PromptsRepo } from './repo.js';
import type { PromptRunner, RunInput } from './run.js';
import type { Caller } from '../../platform/http/caller.js';

const NOT_FOUND = 'Prompt not found';
const isUuid = (id: string) => z.uuid().safeParse(id).success;

export function toStoredPrompt(r: PromptRow): StoredPrompt {
  return {
    ...r,
    access: promptAccessSchema.catch('Private').parse(r.access),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** organizationId and userId in a body are ignored: the session decides them. */
function fields<T extends Partial<PromptCreateBody>>(
  body: T,
): Omit<T, 'organizationId' | 'userId'> {
  const { organizationId: _o, userId: _u, ...rest } = body;
  return { ...rest, ...(rest.tags ? { tags: [...new Set(rest.tags)] } : {}) };
}

export interface PromptsDeps {
  repo: PromptsRepo;
  runner: PromptRunner;
  /** The caller's newest processed meetings they may see. */
  processedMeetings(caller: Caller, n: number): Promise<{ id: string; meetingName: string }[]>;
  /** Throws 404 unless the caller may see the meeting (another organisation's included). */
  assertMeetingVisible(caller: Caller, meetingId: string): Promise<void>;
}

/**
 * Saved prompts (spec 3 §7 prompt kit): Private ones visible to their author only, Public ones
 * to the organisation's staff; only the author changes or deletes a prompt.
 */
export function createPromptsService({
  repo,
  runner,
  processedMeetings,
  assertMeetingVisible,
}: PromptsDeps) {
  /** A prompt may name a meeting ('' for none); it must be one the caller can see. */
  async function checkMeeting(caller: Caller, meetingId: string | undefined): Promise<void> {
    if (meetingId) await assertMeetingVisible(caller, meetingId);
  }

  async function own(caller: Caller, id: string): Promise<PromptRow> {
    const row = isUuid(id) ? await repo.get(caller, id) : null;
    if (!row) throw notFound(NOT_FOUND);
    if (row.userId !== caller.userId) throw forbidden('Only the author can change this prompt');
    return row;
  }

  return {
    async query(caller: Caller, q: z.output<typeof promptQuery>) {
      const [field, direction] = q.sort.split(':') as [
        'updatedAt' | 'createdAt' | 'promptName',
        'asc' | 'desc',
      ];
      const access = q.filter?.split(':')[2] as 'Private' | 'Public' | undefined;
      const { rows, count } = await repo.list(caller, {
        offset: q.page * q.size,
        limit: q.size,
        sort: { field, direction },
        ...(access ? { access } : {}),
        ...(q.search ? { search: q.search } : {}),
      });
      return { data: rows.map(toStoredPrompt), count };
    },

    async get(caller: Caller, id: string) {
      const row = isUuid(id) ? await repo.get(caller, id) : null;
      if (!row) throw notFound(NOT_FOUND);
      return toStoredPrompt(row);
    },

    async byTag(caller: Caller, tag: string) {
      return { data: (await repo.byTag(caller, tag)).map(toStoredPrompt) };
    },

    async byMeeting(caller: Caller, meetingId: string) {
      return { data: (await repo.byMeeting(caller, meetingId)).map(toStoredPrompt) };
    },

    async tags(caller: Caller) {
      return { data: await repo.tags(caller) };
    },

    async create(caller: Caller, body: PromptCreateBody) {
      await checkMeeting(caller, body.meetingId);
      const row = await repo.insert({
        ...fields(body),
        organizationId: caller.organizationId,
        userId: caller.userId,
      });
      return toStoredPrompt(row);
    },

    async update(caller: Caller, id: string, body: Partial<PromptCreateBody>) {
      await own(caller, id);
      await checkMeeting(caller, body.meetingId);
      const row = await repo.update(caller.organizationId, id, fields(body));
      if (!row) throw notFound(NOT_FOUND);
      return toStoredPrompt(row);
    },

    async remove(caller: Caller, id: string) {
      await own(caller, id);
      await repo.remove(caller.organizationId, id);
      return { message: 'Prompt deleted' };
    },

    async result(caller: Caller, input: RunInput) {
      return runner.complete(caller, input);
    },

    async stream(caller: Caller, input: RunInput) {
      return runner.stream(caller, input);
    },

    /** One prompt, two models, the caller's last N processed meetings, meeting by meeting. */
    async compare(
      caller: Caller,
      body: z.output<typeof promptCompareBody>,
    ): Promise<PromptComparison> {
      const { model1, model2, lastN, ...settings } = body;
      const meetings = await processedMeetings(caller, lastN);
      const data: PromptComparison['data'] = [];
      for (const m of meetings) {
        const run = (model: string) =>
          runner.complete(caller, { ...settings, model, meetingId: m.id }).then(
            (r) => ({ ok: true as const, ...r }),
            (err: unknown) => ({
              ok: false as const,
              message: err instanceof Error ? err.message : String(err),
            }),
          );
        const [one, two] = await Promise.all([run(model1), run(model2)]);
        data.push({ meetingId: m.id, meetingName: m.meetingName, model1: one, model2: two });
      }
      return { data };
    },
  };
}
export type PromptsService = ReturnType<typeof createPromptsService>;
