import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  MOCK_RUN_LIMITS,
  MOCK_RUN_MESSAGES as R,
  TALENT_PROFILE_MESSAGES as M,
  type MockAnswerAudioResult,
  type MockAnswerResult,
  type MockFinishResult,
  type MockNext,
  type MockRunStart,
} from '@parley/contracts';
import type { MockAnswerRecord } from '../../platform/db/schema.js';
import { isUuid } from '../../platform/db/values.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { MeetingsService } from '../meetings/index.js';
import { openRoomRecording } from '../rooms/index.js';
import type { AnswerStreams } from './answer-streams.js';
import { answerWords, followUpQuestion, followUpReason } from './follow-up.js';
import type { MockInterviewRow, TalentPoolRepo } from './repo.js';

export interface MockRunDeps {
  repo: TalentPoolRepo;
  meetings: Pick<MeetingsService, 'openRecording' | 'importRecording'>;
  resolveStore: StoreResolver;
  /** Speech to text of one answer's audio file (the offline engine unless one is configured). */
  transcribe(file: string): Promise<string>;
  /** Answers transcribed as they are spoken (their slices streamed before the answer call). */
  streams: AnswerStreams;
  ffmpegPath: string;
  /** Starts the seeker's own free plan when they have none (their first analysis). */
  ensurePlan(organizationId: string, userId: string): Promise<unknown>;
  /** Scratch space for answers being transcribed and recordings being assembled. */
  workDir: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

const chunkKey = (row: MockInterviewRow, index: number) =>
  `${row.organizationId}/mock-interviews/${row.id}/chunk-${String(index).padStart(6, '0')}.webm`;

/**
 * Running a mock interview (issue 19 item 5). The recording is kept in the organisation's store
 * one MediaRecorder slice at a time, as it arrives, so a closed tab loses only the slice in
 * flight and any API process can take the next one; finishing joins the slices into the
 * meeting's media and queues its analysis like any upload.
 */
export function createMockRunService(deps: MockRunDeps) {
  const { repo, now } = deps;

  async function own(caller: Caller, id: string): Promise<MockInterviewRow> {
    const row = isUuid(id) ? await repo.mockInterview(caller.userId, id) : null;
    if (!row) throw notFound(M.mockInterviewNotFound);
    return row;
  }

  async function running(caller: Caller, id: string): Promise<MockInterviewRow> {
    const row = await own(caller, id);
    if (!row.meetingId) throw conflict(R.notStarted);
    if (row.finishedAt) throw conflict(R.alreadyFinished);
    return row;
  }

  function nextAfter(row: MockInterviewRow, question: number, followUp: boolean, text: string) {
    const q = row.questions[question];
    const reason = followUp || !q ? null : followUpReason(text);
    let next: MockNext;
    if (reason && q) {
      next = { kind: 'follow-up', index: question, text: followUpQuestion(reason, q.topic) };
    } else if (question + 1 < row.questions.length) {
      next = { kind: 'question', index: question + 1, text: row.questions[question + 1]!.text };
    } else {
      next = { kind: 'done', index: row.questions.length, text: '' };
    }
    return { reason, next };
  }

  async function transcribeBody(body: Buffer): Promise<string> {
    await mkdir(deps.workDir, { recursive: true });
    const file = path.join(deps.workDir, `answer-${randomUUID()}.webm`);
    try {
      await writeFile(file, body);
      return (await deps.transcribe(file)).trim();
    } finally {
      await rm(file, { force: true });
    }
  }

  /** The slices, in order, remuxed into one Matroska file with a duration and an index. */
  async function assemble(row: MockInterviewRow): Promise<{ file: string; sizeBytes: number }> {
    const store = await deps.resolveStore(row.organizationId);
    const recording = await openRoomRecording(deps.workDir, `mock-${row.id}`, deps.ffmpegPath);
    try {
      for (let i = 0; i < row.chunks; i += 1) {
        const parts: Buffer[] = [];
        for await (const part of await store.get(chunkKey(row, i))) parts.push(part as Buffer);
        recording.append(i, Buffer.concat(parts));
      }
      const done = await recording.finish();
      if (!done) throw badRequest(R.nothingRecorded);
      return done;
    } catch (err) {
      await recording.discard();
      throw err;
    }
  }

  return {
    async start(caller: Caller, id: string): Promise<MockRunStart> {
      let row = await own(caller, id);
      if (row.finishedAt) throw conflict(R.alreadyFinished);
      if (!row.meetingId) {
        const meeting = await deps.meetings.openRecording(caller, {
          meetingName: `Mock interview: ${row.jobRole} at ${row.companyName}`,
          meetingCode: `mock-${row.id}`,
          statusReason: 'Mock interview in progress',
        });
        row = await repo.updateMockInterview(row.id, {
          meetingId: meeting.id,
          state: 'in_progress',
          startedAt: now(),
        });
      }
      const answered = [...new Set(row.answers.map((a) => a.question))].sort((a, b) => a - b);
      return { interviewId: row.id, meetingId: row.meetingId!, nextChunk: row.chunks, answered };
    },

    async chunk(caller: Caller, id: string, index: number, body: Buffer) {
      const row = await running(caller, id);
      if (body.length > MOCK_RUN_LIMITS.chunkMaxBytes) throw new AppError(413, R.chunkTooLarge);
      // A retry of a slice already counted: it is there, nothing to do.
      if (index < row.chunks) return { nextChunk: row.chunks, bytes: row.recordedBytes };
      if (index > row.chunks) throw conflict(R.chunkOutOfOrder(row.chunks));
      if (body.length === 0) throw badRequest(R.emptyChunk);
      const store = await deps.resolveStore(row.organizationId);
      await store.put(chunkKey(row, index), body, 'video/webm');
      // Two copies of one slice racing: both wrote the same object, one counts it.
      const counted =
        (await repo.countChunk(row.id, index, body.length)) ?? (await own(caller, id));
      return { nextChunk: counted.chunks, bytes: counted.recordedBytes };
    },

    async answerAudio(
      caller: Caller,
      id: string,
      query: { question: number; followUp: number; index: number },
      body: Buffer,
    ): Promise<MockAnswerAudioResult> {
      const row = await running(caller, id);
      if (query.question >= row.questions.length) throw badRequest(R.noQuestion);
      if (body.length > MOCK_RUN_LIMITS.chunkMaxBytes) throw new AppError(413, R.chunkTooLarge);
      const { index, ...key } = query;
      return deps.streams.append(row.id, key, index, body);
    },

    async answer(
      caller: Caller,
      id: string,
      query: { question: number; followUp: number; startMs?: number; endMs?: number },
      body: Buffer,
    ): Promise<MockAnswerResult> {
      const row = await running(caller, id);
      if (query.question >= row.questions.length) throw badRequest(R.noQuestion);
      if (body.length > MOCK_RUN_LIMITS.answerMaxBytes) throw new AppError(413, R.answerTooLarge);
      const followUp = query.followUp === 1;
      let transcript = '';
      let heard = true;
      const streamed = await deps.streams.finish(row.id, query, body);
      if (streamed !== null) {
        transcript = streamed.trim();
      } else if (body.length > 0) {
        try {
          transcript = await transcribeBody(body);
        } catch (err) {
          // The interview goes on without a follow-up; the full analysis transcribes it again.
          heard = false;
          deps.log.warn(
            { err, interviewId: row.id },
            'mock interview: an answer was not transcribed',
          );
        }
      }
      const { reason, next } = heard
        ? nextAfter(row, query.question, followUp, transcript)
        : nextAfter(row, query.question, true, transcript);
      const record: MockAnswerRecord = {
        question: query.question,
        followUp,
        transcript,
        words: answerWords(transcript).length,
        reason,
        at: now().toISOString(),
        // The moment the feedback rests on; an end before its start is not a moment.
        ...(query.startMs !== undefined && query.endMs !== undefined && query.endMs >= query.startMs
          ? { startMs: query.startMs, endMs: query.endMs }
          : {}),
      };
      // A retake replaces the earlier answer to the same question.
      const answers = [
        ...row.answers.filter((a) => a.question !== record.question || a.followUp !== followUp),
        record,
      ];
      await repo.updateMockInterview(row.id, { answers });
      return { transcript, words: record.words, reason, next };
    },

    async finish(caller: Caller, id: string): Promise<MockFinishResult> {
      const row = await own(caller, id);
      if (!row.meetingId) throw conflict(R.notStarted);
      deps.streams.drop(row.id);
      if (row.finishedAt) return { meetingId: row.meetingId, queued: true, message: R.analysing };
      if (row.chunks === 0) throw badRequest(R.nothingRecorded);
      const done = await assemble(row);
      const store = await deps.resolveStore(row.organizationId);
      const key = `${row.organizationId}/uploads/mock-${row.id}.mkv`;
      let meeting: Awaited<ReturnType<MockRunDeps['meetings']['importRecording']>>;
      // A new seeker has no plan yet: without one the analysis would wait for ever.
      await deps.ensurePlan(row.organizationId, row.userId);
      try {
        await store.put(key, createReadStream(done.file), 'video/x-matroska');
        meeting = await deps.meetings.importRecording(row.meetingId, {
          provider: store.provider,
          key,
          sizeBytes: (await stat(done.file)).size,
          mimeType: 'video/x-matroska',
        });
      } finally {
        await rm(done.file, { force: true });
      }
      await repo.updateMockInterview(row.id, { state: 'submitted', finishedAt: now() });
      // The slices are in the meeting's media now.
      for (let i = 0; i < row.chunks; i += 1) {
        await store.delete(chunkKey(row, i)).catch((err: unknown) => {
          deps.log.warn({ err, interviewId: row.id }, 'mock interview: a slice was left behind');
        });
      }
      // Without a plan or credits the meeting keeps its recording and says why it waits.
      const queued = meeting.inferenceStatus !== 'uploaded';
      return {
        meetingId: row.meetingId,
        queued,
        message: queued ? R.analysing : (meeting.statusReason ?? R.notQueued),
      };
    },
  };
}
export type MockRunService = ReturnType<typeof createMockRunService>;
