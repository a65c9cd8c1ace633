import { and, eq, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COACHING_MESSAGES as C,
  COACHING_OPEN_STAGES,
  type CoachingItem,
  type coachingFetchBody,
  type LinkContentType,
  type MeetingStage,
} from '@parley/contracts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { coachingContents } from '../../platform/db/schema.js';
import { isUuid } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import type { MeetingsService } from '../meetings/index.js';
import type { LinkChecker } from './link-check.js';
import { seenBy, type CoachingRepo, type ContentRow } from './repo.js';

export interface CoachingDeps {
  repo: CoachingRepo;
  meetings: MeetingsService;
  checkLink: LinkChecker;
  organizationExists(id: string): Promise<boolean>;
  now: () => Date;
}

export interface LinkInput {
  title: string;
  type: LinkContentType;
  presentationUrl: string;
  stage: MeetingStage;
}

const isDefaultOnly: SQL = eq(coachingContents.isDefault, true);

/**
 * Coaching content (spec 1 §3, §5, §7): links and training videos by stage. A member sees their
 * organisation's content and the defaults (repo.seenBy); the organisation's authors add and
 * delete its own; the super admin, whose organisation is the platform's, makes the defaults
 * and may reach any organisation's content.
 */
export function createCoachingService(deps: CoachingDeps) {
  const { repo, meetings, now } = deps;

  async function toItem(row: ContentRow, userId: string): Promise<CoachingItem> {
    let video: CoachingItem['video'] = null;
    if (row.meetingId) {
      const meeting = await meetings.rowById(row.meetingId);
      if (meeting) {
        const view = meetings.view(meeting, userId);
        video = {
          meetingName: meeting.meetingName,
          duration: meeting.durationSec,
          inferenceStatus: meeting.inferenceStatus,
          storageLink: view.storageLink,
          imageLink: view.imageLink,
          hasQuiz: Boolean(await repo.quizOf(meeting.id)),
        };
      }
    }
    return {
      id: row.id,
      title: row.title,
      type: row.type,
      stage: row.stage,
      organizationId: row.organizationId,
      isDefault: row.isDefault,
      presentationUrl: row.presentationUrl,
      meetingId: row.meetingId,
      video,
      createdAt: row.createdAt.toISOString(),
    };
  }

  const items = async (rows: ContentRow[], userId: string) =>
    Promise.all(rows.map((r) => toItem(r, userId)));

  /** The spec's answers to a link that is not shared, does not exist or cannot be reached. */
  async function checkSharing(input: LinkInput): Promise<void> {
    const verdict = await deps.checkLink(input.presentationUrl);
    if (verdict === 'private') throw badRequest(C.notShared);
    if (verdict === 'missing') throw badRequest(C.invalidLink[input.type]);
    if (verdict === 'unreachable') throw new AppError(502, C.linkUnchecked);
  }

  async function createLink(
    caller: Caller,
    input: LinkInput,
    owner: { organizationId: string; isDefault: boolean },
  ): Promise<CoachingItem> {
    await checkSharing(input);
    const row = await repo.insert({
      organizationId: owner.organizationId,
      isDefault: owner.isDefault,
      stage: input.stage,
      type: input.type,
      title: input.title,
      presentationUrl: input.presentationUrl.trim(),
      createdBy: caller.userId,
      createdAt: now(),
      updatedAt: now(),
    });
    return toItem(row, caller.userId);
  }

  /** The organisation a member's call names must be their own: another one is not found. */
  function ownOrganisation(caller: Caller, organizationId: string | undefined): void {
    if (organizationId !== undefined && organizationId !== caller.organizationId) {
      throw notFound(C.organizationNotFound);
    }
  }

  async function makeVideo(
    caller: Caller,
    input: { fileName: string; title: string; stage: MeetingStage },
    isDefault: boolean,
  ): Promise<CoachingItem> {
    if (!COACHING_OPEN_STAGES.includes(input.stage)) throw badRequest(C.stageClosed);
    // The meeting the caller's completed upload made from this file (spec 1 §5: file name).
    const meeting = await meetings.byCodeFor(caller, input.fileName);
    if (!meeting) throw notFound(C.videoNotFound);
    if (await repo.byMeeting(meeting.id)) throw conflict(C.videoExists);
    await repo.markCoaching(meeting.id, input.title, input.stage, now());
    const row = await repo.insert({
      organizationId: meeting.organizationId,
      isDefault,
      stage: input.stage,
      type: 'video',
      title: input.title,
      meetingId: meeting.id,
      createdBy: caller.userId,
      createdAt: now(),
      updatedAt: now(),
    });
    return toItem(row, caller.userId);
  }

  return {
    toItem,

    create(
      caller: Caller,
      body: LinkInput & { organizationId?: string | undefined },
    ): Promise<CoachingItem> {
      ownOrganisation(caller, body.organizationId);
      return createLink(caller, body, { organizationId: caller.organizationId, isDefault: false });
    },

    async superAdminCreate(
      caller: Caller,
      body: LinkInput & { isDefault: boolean; organizationId?: string | undefined },
    ): Promise<CoachingItem> {
      const organizationId = body.isDefault
        ? caller.organizationId
        : (body.organizationId ?? caller.organizationId);
      if (!isUuid(organizationId) || !(await deps.organizationExists(organizationId))) {
        throw notFound(C.organizationNotFound);
      }
      return createLink(caller, body, { organizationId, isDefault: body.isDefault });
    },

    async fetch(caller: Caller, body: z.output<typeof coachingFetchBody>): Promise<CoachingItem[]> {
      ownOrganisation(caller, body.organizationId);
      return items(
        await repo.list(seenBy(caller.organizationId), body.stage, body.type),
        caller.userId,
      );
    },

    async superAdminFetch(
      caller: Caller,
      body: z.output<typeof coachingFetchBody>,
    ): Promise<CoachingItem[]> {
      if (body.organizationId !== undefined && !isUuid(body.organizationId)) {
        throw notFound(C.organizationNotFound);
      }
      const where = body.organizationId
        ? (or(isDefaultOnly, eq(coachingContents.organizationId, body.organizationId)) as SQL)
        : isDefaultOnly;
      return items(await repo.list(where, body.stage, body.type), caller.userId);
    },

    /** The organisation's own item; a default one (the platform's) is not found here. */
    async remove(caller: Caller, id: string): Promise<{ message: string }> {
      const row = await repo.byId(
        id,
        and(
          eq(coachingContents.organizationId, caller.organizationId),
          eq(coachingContents.isDefault, false),
        ),
      );
      if (!row) throw notFound(C.contentNotFound);
      await repo.remove(row);
      return { message: C.contentDeleted };
    },

    async superAdminRemove(caller: Caller, id: string): Promise<{ message: string }> {
      const row = await repo.byId(id);
      if (!row) throw notFound(C.contentNotFound);
      await repo.remove(row);
      return { message: C.contentDeleted };
    },

    adminVideo: (caller: Caller, body: { fileName: string; title: string; stage: MeetingStage }) =>
      makeVideo(caller, body, false),
    superAdminVideo: (
      caller: Caller,
      body: { fileName: string; title: string; stage: MeetingStage; isDefault: boolean },
    ) => makeVideo(caller, body, body.isDefault),

    /**
     * Whether a learner may play a training video through a signed link: a member with
     * 'coaching.learn' of the video's organisation, or of any organisation for a default one.
     */
    async canWatch(
      learner: { organizationId: string; permissions: readonly string[] },
      meetingId: string,
    ): Promise<boolean> {
      if (!learner.permissions.includes('coaching.learn')) return false;
      return Boolean(await repo.byMeeting(meetingId, seenBy(learner.organizationId)));
    },
  };
}
export type CoachingService = ReturnType<typeof createCoachingService>;
