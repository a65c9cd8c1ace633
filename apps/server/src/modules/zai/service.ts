import type { z } from 'zod';
import { contextTokensOf, estimateTokens, taskOfQuestion } from '@parley/ai';
import {
  ZAI,
  ZAI_MESSAGES,
  type zaiMeetingsQuery,
  type zaiQuestionBody,
  type ZaiMeeting,
} from '@parley/contracts';
import { badRequest } from '../../platform/errors.js';
import type { AiProviderResolver } from '../ai-providers/index.js';
import type { SearchService } from '../search/index.js';
import type { MeetingListsService } from '../meetings/index.js';
import type { TranscriptsService } from '../transcripts/index.js';
import { SYSTEM_INSTRUCTIONS, type AnswerPlan } from './answer.js';
import { selectExcerpts } from './retrieval.js';
import type { Caller } from '../../platform/http/caller.js';

export interface ZaiAnswerSettings {
  /** Tokens of meeting excerpts sent with a question. */
  contextTokens: number;
  maxOutputTokens: number;
}

/**
 * Tokens left for excerpts: the configured cap, or less when the model's context window minus
 * the answer, the instructions, the earlier turns, the question and a 5 % margin is smaller.
 */
export function excerptBudget(
  model: string,
  settings: ZaiAnswerSettings,
  fixedText: string,
): number {
  const window = contextTokensOf(model);
  const room =
    window - settings.maxOutputTokens - estimateTokens(fixedText) - Math.ceil(window * 0.05) - 64;
  return Math.max(256, Math.min(settings.contextTokens, room));
}

export interface ZaiDeps {
  lists: MeetingListsService;
  transcripts: TranscriptsService;
  /** The meetings matching a transcript search, for a question over a search. */
  search: Pick<SearchService, 'matchingMeetings'>;
  ai: AiProviderResolver;
  settings: ZaiAnswerSettings;
}

/**
 * Zai, the assistant (spec 2 §7 meeting/user/zai and prompt/siri): which meetings a member can
 * ask about, and the plan for one answer. Every meeting goes through the meetings' visibility
 * rule (via the transcripts service): one the caller cannot see is 404 before anything is read.
 */
export function createZaiService(deps: ZaiDeps) {
  const { lists, transcripts, ai, settings, search } = deps;

  /** The meetings a question is over: chosen ones, or the best of those matching a search. */
  async function meetingsOf(caller: Caller, body: z.output<typeof zaiQuestionBody>) {
    if (body.search) {
      const found = await search.matchingMeetings(caller, body.search, ZAI.maxSearchMeetings);
      if (found.ids.length === 0) throw badRequest(ZAI_MESSAGES.noSearchMatches(body.search.q));
      return { ids: found.ids, scope: { matched: found.count, used: found.ids.length } };
    }
    const ids = [...new Set(body.meetingIds?.length ? body.meetingIds : [body.meetingId ?? ''])];
    return { ids, scope: undefined };
  }

  return {
    async meetings(
      caller: Caller,
      q: z.output<typeof zaiMeetingsQuery>,
    ): Promise<{ data: ZaiMeeting[]; count: number }> {
      const page = await lists.list(caller, 'transcribed', {
        page: q.page,
        size: q.size,
        search: q.search,
        order: 'createdAt:desc',
      });
      const speakers = await transcripts.speakerNames(caller.organizationId, page.data);
      return {
        count: page.count,
        data: page.data.map((m) => ({
          id: m.id,
          meetingName: m.meetingName,
          date: m.startTime,
          durationSec: m.durationSec,
          speakers: speakers.get(m.id) ?? [],
        })),
      };
    },

    /** Checks access, loads the transcripts, picks the model and retrieves the excerpts. */
    async plan(caller: Caller, body: z.output<typeof zaiQuestionBody>): Promise<AnswerPlan> {
      const { ids, scope } = await meetingsOf(caller, body);
      const meetings = [];
      for (const id of ids) meetings.push(await transcripts.passages(caller, id));
      const { provider, model } = await ai.providerFor(caller.organizationId, body.model);
      const history = (body.history ?? []).slice(-ZAI.maxHistory);
      const fixed = [
        SYSTEM_INSTRUCTIONS,
        body.userPrompt,
        ...history.flatMap((t) => [t.question, t.answer]),
      ];
      return {
        question: body.userPrompt,
        history,
        meetings,
        excerpts: selectExcerpts(body.userPrompt, meetings, {
          budgetTokens: excerptBudget(model, settings, fixed.join('\n')),
          // "Summarise this meeting" is about all of it: no line holds its words.
          whole: taskOfQuestion(body.userPrompt) !== null,
        }),
        provider,
        model,
        maxOutputTokens: settings.maxOutputTokens,
        ...(scope ? { scope } : {}),
      };
    },
  };
}
export type ZaiService = ReturnType<typeof createZaiService>;
