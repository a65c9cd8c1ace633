import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { DEFAULT_ROLE_PERMISSIONS, meetingStageSchema, quizFieldsSchema } from '@parley/contracts';
import type { Caller } from '../../platform/http/caller.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { CoachingService, QuizService } from '../coaching/index.js';
import type { MeetingsService } from '../meetings/index.js';
import type { SamplesRepo } from './repo.js';

/** A sample training video: `sample.json` beside its `video.mp4` under assets/samples/<name>. */
const trainingSampleSchema = z.object({
  fileName: z.string(),
  title: z.string(),
  stage: meetingStageSchema,
  quiz: quizFieldsSchema,
});

/** The default training videos the first start adds, by their folder under assets/samples. */
export const TRAINING_SAMPLES = ['prospecting-basics'] as const;

export interface SamplesDeps {
  repo: SamplesRepo;
  resolveStore: StoreResolver;
  meetings: Pick<MeetingsService, 'createFromFile'>;
  coaching: Pick<CoachingService, 'superAdminVideo'>;
  quizzes: Pick<QuizService, 'create'>;
  /** apps/server/assets/samples */
  assetsDir: string;
  log: FastifyBaseLogger;
}

/**
 * Sample content for a first start (issue 15: the coaching page is never empty): default
 * training videos made by the platform's super admin, each with its quiz, uploaded to the
 * local store and analysed by the pipeline like any other video. Each is added once: one
 * that was deleted is not added again.
 */
export function createSamplesService(deps: SamplesDeps) {
  const { repo, log } = deps;

  async function addTrainingVideo(owner: Caller, name: string): Promise<void> {
    const dir = path.join(deps.assetsDir, name);
    const sample = trainingSampleSchema.parse(
      JSON.parse(await readFile(path.join(dir, 'sample.json'), 'utf8')),
    );
    const video = await readFile(path.join(dir, 'video.mp4'));
    const store = await deps.resolveStore(owner.organizationId, 'local');
    const key = `${owner.organizationId}/samples/${sample.fileName}`;
    await store.put(key, video, 'video/mp4');
    const meeting = await deps.meetings.createFromFile(owner, {
      provider: store.provider,
      key,
      fileName: sample.fileName,
      sizeBytes: video.length,
      mimeType: 'video/mp4',
      stage: sample.stage,
      title: sample.title,
    });
    await deps.coaching.superAdminVideo(owner, {
      fileName: sample.fileName,
      title: sample.title,
      stage: sample.stage,
      isDefault: true,
    });
    await deps.quizzes.create(owner, { meetingId: meeting.id, ...sample.quiz }, 'platform');
  }

  return {
    /** Adds what was never added; the names it added. Without a super admin it adds nothing. */
    async seed(): Promise<string[]> {
      const owner = await repo.platformOwner();
      if (!owner) return [];
      const caller: Caller = {
        ...owner,
        role: 'superadmin',
        permissions: DEFAULT_ROLE_PERMISSIONS.superadmin,
      };
      const added: string[] = [];
      for (const name of TRAINING_SAMPLES) {
        const key = `training/${name}`;
        if ((await repo.wasSeeded(key)) || !(await repo.markSeeded(key))) continue;
        try {
          await addTrainingVideo(caller, name);
          added.push(key);
        } catch (err) {
          // Not recorded, so the next start tries again; the server starts either way.
          await repo.unmark(key);
          log.warn({ err, sample: key }, 'could not add a sample');
        }
      }
      return added;
    },
  };
}
export type SamplesService = ReturnType<typeof createSamplesService>;
