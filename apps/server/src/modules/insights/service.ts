import { randomBytes } from 'node:crypto';
import {
  ACTION_ITEMS_PROMPT,
  INSIGHT_EVENTS,
  OVERALL_CATEGORIES,
  INSIGHT_MESSAGES as I,
  insightEventFor,
  isFeatureAvailable,
  overallScoreOf,
  type AiKitResponse,
  type FeatureHolder,
  type InsightEvent,
  type MeetingInsights,
} from '@parley/contracts';
import { badRequest, notFound } from '../../platform/errors.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { AiProviderResolver } from '../ai-providers/index.js';
import type { MeetingRow, MeetingsService } from '../meetings/index.js';
import type { TranscriptData } from '../transcripts/index.js';
import { materialFromText, materialFromTranscript, type PromptMaterial } from './material.js';
import {
  HR_PROMPTS,
  MEETING_PROMPTS,
  SALES_PROMPTS,
  promptNamed,
  promptsForStage,
  salesPromptNamed,
  type InsightPrompt,
} from './prompts.js';
import { itemOf, type InsightsRepo, type KitItem } from './repo.js';
import { runInsightPrompt } from './runner.js';
import type { Caller } from '../../platform/http/caller.js';

export interface InsightsDeps {
  repo: InsightsRepo;
  meetings: MeetingsService;
  ai: AiProviderResolver;
  /** The organisation's flags and plan, through the meeting owner (spec 1 §6). */
  featureHolder: (userId: string) => Promise<FeatureHolder>;
  /** The meeting's stored transcript, or null before the speech step has run. */
  transcriptOf: (meetingId: string) => Promise<TranscriptData | null>;
  broadcaster: MeetingBroadcaster;
  /** THRESHOLD_HR_SCORE for the organisation: its own threshold, else the parameter. */
  thresholdFor: (organizationId: string) => Promise<number>;
  now: () => Date;
  log: { info(obj: object, msg: string): void };
}

const named = (names: string[]) =>
  names.map((n) => promptNamed(n)).filter((p): p is InsightPrompt => p !== null);

/** The prompt sets of the AI-kit routes (spec 2 §7, spec 3 §7). */
export const KIT_SETS = {
  textAnalytics: [...MEETING_PROMPTS],
  textAnalyticsB2c: [...HR_PROMPTS, ...named(['Action Items', 'Summary'])],
  textScores: named(['Technical', 'Communication', 'Behavioral']),
  hrAnalytics: [...HR_PROMPTS],
  publish: [...HR_PROMPTS, ...MEETING_PROMPTS],
} as const;
export type KitSet = keyof typeof KIT_SETS;

const SUMMARY_PROMPT = 'Summary';

export function createInsightsService(deps: InsightsDeps) {
  const { repo, meetings, now } = deps;

  function emit(meetingId: string, event: string, payload: object): void {
    deps.broadcaster.toMeeting(meetingId, event, payload);
  }

  /** The stored transcript as prompt material; 400 when there is none yet. */
  async function storedMaterial(meetingId: string): Promise<PromptMaterial> {
    const transcript = await deps.transcriptOf(meetingId);
    if (!transcript || transcript.words.length === 0) throw badRequest(I.noTranscript);
    return materialFromTranscript(transcript);
  }

  /**
   * Runs prompts on the given text, or on the stored transcript, where the answers are also
   * stored (so the meeting page shows them) and announced.
   */
  async function analyse(
    row: MeetingRow,
    prompts: readonly InsightPrompt[],
    transcription: string | undefined,
  ): Promise<AiKitResponse> {
    const pasted = transcription?.trim();
    const material = pasted ? materialFromText(pasted) : await storedMaterial(row.id);
    const resolved = await deps.ai.providerFor(row.organizationId);
    const data: KitItem[] = [];
    for (const prompt of prompts) {
      const outcome = await runInsightPrompt(resolved, prompt, material);
      data.push({
        promptName: outcome.promptName,
        result: outcome.result,
        citations: outcome.citations,
      });
      if (!pasted) {
        const stored = await repo.upsert(
          { meetingId: row.id, organizationId: row.organizationId, runId: null },
          outcome,
          now(),
        );
        emit(row.id, insightEventFor(stored.promptName, stored.group), {
          meetingId: row.id,
          item: itemOf(stored),
        } satisfies InsightEvent);
      }
    }
    if (!pasted && prompts.some((p) => p.group === 'hr')) await announceOverall(row.id);
    return { data: { data, overallScore: overallScoreOf(data) } };
  }

  /** The overall score of what is stored, after an HR category changed. */
  async function announceOverall(meetingId: string): Promise<void> {
    const overallScore = overallScoreOf((await repo.forMeeting(meetingId)).map(itemOf));
    emit(meetingId, INSIGHT_EVENTS.overall, { meetingId, overallScore });
  }

  return {
    /**
     * The insights step of the pipeline (ARCHITECTURE §4 step 6): every prompt of the meeting's
     * stage, one stored row per prompt, each announced as it arrives. Prompts this run already
     * answered are not asked again, so a retry after a failure resumes where it stopped.
     * 'skipped' when the organisation has no Zai Intelligence or there is nothing to analyse.
     */
    async runStep(input: {
      meeting: MeetingRow;
      runId: string;
      progress: (fraction: number) => void;
      signal?: AbortSignal;
    }): Promise<'done' | 'skipped'> {
      const { meeting, runId } = input;
      const holder = await deps.featureHolder(meeting.ownerId);
      if (!isFeatureAvailable(holder, 'Zai Intelligence')) return 'skipped';
      const transcript = await deps.transcriptOf(meeting.id);
      if (!transcript || transcript.words.length === 0) return 'skipped';

      const material = materialFromTranscript(transcript);
      const prompts = promptsForStage(meeting.stage);
      const answered = new Set(
        (await repo.forMeeting(meeting.id))
          .filter((r) => r.runId === runId)
          .map((r) => r.promptName),
      );
      const resolved = await deps.ai.providerFor(meeting.organizationId);
      let done = 0;
      for (const prompt of prompts) {
        if (!answered.has(prompt.name)) {
          const outcome = await runInsightPrompt(resolved, prompt, material, input.signal);
          const row = await repo.upsert(
            { meetingId: meeting.id, organizationId: meeting.organizationId, runId },
            outcome,
            now(),
          );
          const item = itemOf(row);
          emit(meeting.id, insightEventFor(item.promptName, item.group), {
            meetingId: meeting.id,
            item,
          } satisfies InsightEvent);
          if (item.group === 'hr') await announceOverall(meeting.id);
        }
        done += 1;
        input.progress(done / prompts.length);
      }
      await repo.keepOnly(
        meeting.id,
        prompts.map((p) => p.name),
      );
      deps.log.info(
        { meetingId: meeting.id, prompts: prompts.length, model: resolved.model },
        'insights stored',
      );
      return 'done';
    },

    /**
     * Each meeting's overall score (as the meeting page shows it), for meetings the caller's
     * service already chose; meetings not scored yet are absent.
     */
    async overallScores(
      organizationId: string,
      meetingIds: readonly string[],
    ): Promise<Map<string, number>> {
      const rows = await repo.ofMeetings(organizationId, meetingIds, OVERALL_CATEGORIES);
      const byMeeting = new Map<string, typeof rows>();
      for (const r of rows) byMeeting.set(r.meetingId, [...(byMeeting.get(r.meetingId) ?? []), r]);
      const out = new Map<string, number>();
      for (const [id, items] of byMeeting) {
        const score = overallScoreOf(items);
        if (score !== null) out.set(id, score);
      }
      return out;
    },

    /**
     * Each meeting's score per overall category (Technical, Communication, Behavioral), for
     * meetings the caller's service already chose; a category not scored yet is absent.
     */
    async categoryScores(
      organizationId: string,
      meetingIds: readonly string[],
    ): Promise<Map<string, Partial<Record<(typeof OVERALL_CATEGORIES)[number], number>>>> {
      const rows = await repo.ofMeetings(organizationId, meetingIds, OVERALL_CATEGORIES);
      const out = new Map<string, Partial<Record<(typeof OVERALL_CATEGORIES)[number], number>>>();
      for (const r of rows) {
        if (Array.isArray(r.result)) continue;
        const name = r.promptName as (typeof OVERALL_CATEGORIES)[number];
        out.set(r.meetingId, { ...out.get(r.meetingId), [name]: r.result.score });
      }
      return out;
    },

    /** The stored action items of each meeting (already chosen by the caller's service). */
    async actionItems(
      organizationId: string,
      meetingIds: readonly string[],
    ): Promise<Map<string, string[]>> {
      const rows = await repo.ofMeetings(organizationId, meetingIds, [ACTION_ITEMS_PROMPT]);
      return new Map(
        rows.map((r) => [r.meetingId, Array.isArray(r.result) ? r.result : r.result.insights]),
      );
    },

    /** A call's stored summary and action items (the CRM note written after its analysis). */
    async callNote(
      organizationId: string,
      meetingId: string,
    ): Promise<{ summary: string[]; actionItems: string[] }> {
      const rows = await repo.ofMeetings(
        organizationId,
        [meetingId],
        [SUMMARY_PROMPT, ACTION_ITEMS_PROMPT],
      );
      const lines = (name: string) => {
        const r = rows.find((x) => x.promptName === name)?.result;
        return r ? (Array.isArray(r) ? r : r.insights) : [];
      };
      return { summary: lines(SUMMARY_PROMPT), actionItems: lines(ACTION_ITEMS_PROMPT) };
    },

    /** The meeting page's stored insights, overall score and threshold. */
    async forMeeting(caller: Caller, meetingId: string): Promise<MeetingInsights> {
      const row = await meetings.visible(caller, meetingId);
      const data = (await repo.forMeeting(row.id)).map(itemOf);
      return {
        meetingId: row.id,
        data,
        overallScore: overallScoreOf(data),
        threshold: await deps.thresholdFor(row.organizationId),
      };
    },

    async kit(
      caller: Caller,
      meetingCode: string,
      set: KitSet,
      transcription?: string,
    ): Promise<AiKitResponse> {
      const row = await meetings.visibleByCode(caller, meetingCode);
      return analyse(row, KIT_SETS[set], transcription);
    },

    async salesResults(caller: Caller, meetingCode: string) {
      const row = await meetings.visibleByCode(caller, meetingCode);
      const data = (await repo.forMeeting(row.id))
        .filter((r) => r.group === 'sales')
        .map((r) => ({ promptName: r.promptName, result: r.result, citations: r.citations }));
      return {
        data: { data, overallScore: null },
        prompts: SALES_PROMPTS[row.stage].map((p) => p.name),
      };
    },

    async salesPrompt(
      caller: Caller,
      meetingCode: string,
      body: { promptName: string; transcription?: string | undefined },
    ): Promise<AiKitResponse> {
      const row = await meetings.visibleByCode(caller, meetingCode);
      const prompt = salesPromptNamed(body.promptName, row.stage);
      if (!prompt) throw badRequest(I.unknownSalesPrompt(body.promptName));
      return analyse(row, [prompt], body.transcription);
    },

    /** Analyses and keeps the answer behind a new link; only a Public one is served. */
    async publish(
      caller: Caller,
      meetingCode: string,
      body: { transcription?: string | undefined; access: 'Public' | 'Private' },
    ) {
      const row = await meetings.visibleByCode(caller, meetingCode);
      const answer = await analyse(row, KIT_SETS.publish, body.transcription);
      const token = randomBytes(24).toString('base64url');
      await repo.saveLink({
        meetingId: row.id,
        organizationId: row.organizationId,
        token,
        access: body.access,
        results: answer.data.data,
        now: now(),
      });
      return { ...answer, token, access: body.access };
    },

    async publicResult(token: string): Promise<AiKitResponse> {
      const link = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await repo.linkByToken(token) : null;
      if (!link || link.access !== 'Public') throw notFound(I.linkUnavailable);
      return { data: { data: link.results, overallScore: overallScoreOf(link.results) } };
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
