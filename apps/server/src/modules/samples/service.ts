import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_ROLE_PERMISSIONS,
  dealBody,
  dealContactBody,
  meetingStageSchema,
  quizFieldsSchema,
  salesAccountBody,
} from '@parley/contracts';
import type { Caller } from '../../platform/http/caller.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { CoachingService, QuizService } from '../coaching/index.js';
import type { MeetingsService } from '../meetings/index.js';
import type { SalesService } from '../sales/index.js';
import type { SamplesRepo } from './repo.js';

/** A sample training video: `sample.json` beside its `video.mp4` under assets/samples/<name>. */
const trainingSampleSchema = z.object({
  fileName: z.string(),
  title: z.string(),
  stage: meetingStageSchema,
  quiz: quizFieldsSchema,
});

/** A sample meeting: `sample.json` beside its `call.m4a` under assets/samples/<name>. */
const meetingSampleSchema = trainingSampleSchema.omit({ quiz: true });

/**
 * The demo organisation's sample sales pipeline (`pipeline.json` under assets/samples/
 * sample-pipeline): an account with deals in three stages, the first with the sample call.
 */
const pipelineSampleSchema = z.object({
  account: salesAccountBody,
  deals: z.array(
    dealBody.omit({ accountId: true, closeDate: true, ownerId: true }).extend({
      closeInDays: z.number().int().min(0),
      /** The folder of a sample meeting to link to the deal. */
      sampleCall: z.string().optional(),
      contacts: z.array(dealContactBody),
    }),
  ),
});

/** The default training videos the first start adds, by their folder under assets/samples. */
export const TRAINING_SAMPLES = ['prospecting-basics'] as const;
/** The demo organisation's sample meetings, by their folder under assets/samples. */
export const MEETING_SAMPLES = ['discovery-call'] as const;

export interface SamplesDeps {
  repo: SamplesRepo;
  resolveStore: StoreResolver;
  meetings: Pick<MeetingsService, 'createFromFile'>;
  coaching: Pick<CoachingService, 'superAdminVideo'>;
  quizzes: Pick<QuizService, 'create'>;
  sales: Pick<SalesService, 'createAccount' | 'createDeal' | 'createContact' | 'linkMeeting'>;
  /** apps/server/assets/samples */
  assetsDir: string;
  /** Who owns the demo organisation's sample meetings (SEED_POC_EMAIL). */
  demoOwnerEmail: string;
  /** Who owns the sample deals, when that user exists (SEED_REP_EMAIL: their manager sees them too). */
  demoRepEmail: string;
  now: () => Date;
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

  /** Stores the file in the owner's local store and makes it a meeting, queued for analysis. */
  async function upload(
    owner: Caller,
    file: string,
    mimeType: string,
    sample: z.infer<typeof meetingSampleSchema>,
  ) {
    const body = await readFile(file);
    const store = await deps.resolveStore(owner.organizationId, 'local');
    const key = `${owner.organizationId}/samples/${sample.fileName}`;
    await store.put(key, body, mimeType);
    return deps.meetings.createFromFile(owner, {
      provider: store.provider,
      key,
      fileName: sample.fileName,
      sizeBytes: body.length,
      mimeType,
      stage: sample.stage,
      title: sample.title,
    });
  }

  const readSample = async (dir: string) =>
    JSON.parse(await readFile(path.join(dir, 'sample.json'), 'utf8')) as unknown;

  async function addTrainingVideo(owner: Caller, name: string): Promise<void> {
    const dir = path.join(deps.assetsDir, name);
    const sample = trainingSampleSchema.parse(await readSample(dir));
    const meeting = await upload(owner, path.join(dir, 'video.mp4'), 'video/mp4', sample);
    await deps.coaching.superAdminVideo(owner, {
      fileName: sample.fileName,
      title: sample.title,
      stage: sample.stage,
      isDefault: true,
    });
    await deps.quizzes.create(owner, { meetingId: meeting.id, ...sample.quiz }, 'platform');
  }

  async function addMeeting(owner: Caller, name: string): Promise<void> {
    const sample = meetingSampleSchema.parse(await readSample(path.join(deps.assetsDir, name)));
    await upload(owner, path.join(deps.assetsDir, name, 'call.m4a'), 'audio/mp4', sample);
  }

  async function addPipeline(owner: Caller, dealOwnerId: string): Promise<void> {
    const file = path.join(deps.assetsDir, 'sample-pipeline', 'pipeline.json');
    const sample = pipelineSampleSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    const account = await deps.sales.createAccount(owner, sample.account);
    for (const { closeInDays, sampleCall, contacts, ...fields } of sample.deals) {
      const close = new Date(deps.now().getTime() + closeInDays * 86_400_000);
      const deal = await deps.sales.createDeal(owner, {
        ...fields,
        accountId: account.id,
        closeDate: close.toISOString().slice(0, 10),
        ownerId: dealOwnerId,
      });
      for (const contact of contacts) await deps.sales.createContact(owner, deal.id, contact);
      if (!sampleCall) continue;
      const title = meetingSampleSchema.parse(
        await readSample(path.join(deps.assetsDir, sampleCall)),
      ).title;
      const meetingId = await repo.meetingByTitle(owner.organizationId, title);
      if (meetingId) await deps.sales.linkMeeting(owner, meetingId, deal.id);
    }
  }

  /** Runs `add` once for `key`, ever; a failure is logged and tried again on the next start. */
  async function once(key: string, add: () => Promise<void>): Promise<boolean> {
    if ((await repo.wasSeeded(key)) || !(await repo.markSeeded(key))) return false;
    try {
      await add();
      return true;
    } catch (err) {
      await repo.unmark(key);
      log.warn({ err, sample: key }, 'could not add a sample');
      return false;
    }
  }

  const callerOf = (u: { userId: string; organizationId: string; role: Caller['role'] }) => ({
    ...u,
    permissions: DEFAULT_ROLE_PERMISSIONS[u.role],
  });

  return {
    /**
     * Adds what was never added; the names it added. The training videos need the platform's
     * super admin, the sample meetings and deals the demo organisation's point of contact.
     */
    async seed(): Promise<string[]> {
      const added: string[] = [];
      const platform = await repo.platformOwner();
      if (platform) {
        const caller = callerOf({ ...platform, role: 'superadmin' });
        for (const name of TRAINING_SAMPLES) {
          const key = `training/${name}`;
          if (await once(key, () => addTrainingVideo(caller, name))) added.push(key);
        }
      }
      const demo = await repo.userByEmail(deps.demoOwnerEmail);
      if (demo) {
        const caller = callerOf(demo);
        for (const name of MEETING_SAMPLES) {
          const key = `meeting/${name}`;
          if (await once(key, () => addMeeting(caller, name))) added.push(key);
        }
        const rep = await repo.userByEmail(deps.demoRepEmail);
        const dealOwner = rep?.organizationId === demo.organizationId ? rep.userId : demo.userId;
        if (await once('deals/sample-pipeline', () => addPipeline(caller, dealOwner))) {
          added.push('deals/sample-pipeline');
        }
      }
      return added;
    },
  };
}
export type SamplesService = ReturnType<typeof createSamplesService>;
