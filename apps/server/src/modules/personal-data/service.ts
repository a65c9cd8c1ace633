import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  ACCOUNT_DELETION_WORD,
  PERSONAL_DATA_MESSAGES as M,
  personalDataFileName,
  type StorageProvider,
} from '@parley/contracts';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import { derivedPrefix, ownedObjects } from '../meetings/index.js';
import { removeUnder } from '../organizations/index.js';
import { createArchive, type Archive } from './archive.js';
import type { PersonMeeting, PersonalDataRepo } from './repo.js';
import { readme } from './readme.js';

export interface PersonalDataDeps {
  repo: PersonalDataRepo;
  resolveStore: StoreResolver;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** A stored object to copy into the archive once the rows are written. */
interface MediaCopy {
  provider: StorageProvider;
  key: string;
  path: string;
  description: string;
}

/** Characters file systems refuse, and control characters, out of an archive path segment. */
const safe = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .replace(/^\.+/, '') || 'file';

/** Tables the archive writes under their own names, not again under records/. */
const WRITTEN = new Set([
  'talent_profiles',
  'mock_interviews',
  'meetings',
  'invoices',
  // Credentials of the sign-in, not the person's data.
  'sessions',
  // Other users who name this one (a sales manager's reps): theirs, not this person's.
  'users',
]);

function meetingFolder(m: PersonMeeting): string {
  const day = m.startTime.toISOString().slice(0, 10);
  return `meetings/${day} ${safe(m.meetingName)} (${m.id.slice(0, 8)})`;
}

function meetingMedia(m: PersonMeeting, folder: string): MediaCopy[] {
  const seen = new Set<string>();
  const out: MediaCopy[] = [];
  const add = (key: string | null, label: string, description: string) => {
    if (!key || seen.has(key)) return;
    seen.add(key);
    out.push({
      provider: m.storageProvider,
      key,
      path: `${folder}/media/${label}${path.posix.extname(key)}`,
      description,
    });
  };
  add(m.sourceKey, 'recording', 'The recording as it was uploaded or recorded');
  add(m.playbackKey, 'playback', 'The recording converted for playback in a browser');
  add(m.thumbnailKey, 'thumbnail', 'The still shown for the meeting in lists');
  return out;
}

export function createPersonalDataService(deps: PersonalDataDeps) {
  const { repo, resolveStore, now, log } = deps;

  async function own(caller: Caller) {
    const person = await repo.person(caller.userId);
    if (!person) throw notFound();
    return person;
  }

  /** The rows, written before the answer starts so a database failure is an error reply. */
  async function writeRecords(archive: Archive, caller: Caller): Promise<MediaCopy[]> {
    const { user, organizationName } = await own(caller);
    const media: MediaCopy[] = [];
    archive.json('account.json', 'Your account: name, e-mail address, settings, consent', {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      position: user.position,
      organization: organizationName,
      status: user.status,
      settings: user.settings,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    });
    archive.json('consent.json', 'What you agreed to (the talent-pool consent)', {
      b2cConsent: user.b2cConsent,
      recordedAt: user.updatedAt,
    });

    const profile = await repo.profile(user.id);
    archive.json(
      'profile.json',
      'Your profile: details, skills, and what was read from your resume',
      {
        profileData: profile?.profileData ?? null,
        resume: profile?.resume
          ? {
              fileName: profile.resume.fileName,
              contentType: profile.resume.contentType,
              size: profile.resume.size,
              uploadedAt: profile.resume.uploadedAt,
            }
          : null,
        parsedFromResume: profile?.parsed ?? null,
        resumeText: profile?.resumeText ?? null,
        updatedAt: profile?.updatedAt ?? null,
      },
    );
    archive.json('work-experience.json', 'Your work experience', profile?.workExperience ?? []);
    if (profile?.resume) {
      media.push({
        provider: profile.resume.provider,
        key: profile.resume.key,
        path: `resume/${safe(profile.resume.fileName)}`,
        description: 'Your resume file',
      });
    }

    archive.json(
      'mock-interviews.json',
      'Your mock interviews with their questions',
      await repo.mockInterviews(user.id),
    );

    const meetings = await repo.meetings(user.id);
    archive.json(
      'meetings.json',
      'Your meetings and recordings (each has a folder under meetings/)',
      meetings.map((m) => ({ id: m.id, name: m.meetingName, folder: meetingFolder(m) })),
    );
    for (const m of meetings) {
      const folder = meetingFolder(m);
      const { sourceKey: _s, playbackKey: _p, thumbnailKey: _t, searchText: _x, ...row } = m;
      archive.json(`${folder}/meeting.json`, `Meeting “${m.meetingName}”`, row);
      const records = await repo.meetingRecords(m.id);
      for (const [table, rows] of Object.entries(records)) {
        archive.json(
          `${folder}/${table}.json`,
          `Meeting “${m.meetingName}”: ${table.replace(/_/g, ' ')} (transcript, analysis and feedback)`,
          rows,
        );
      }
      media.push(...meetingMedia(m, folder));
    }

    archive.json('invoices.json', 'Invoices of your purchases', await repo.invoices(user.id));
    const records = await repo.userRecords(user.id, WRITTEN);
    for (const [table, rows] of Object.entries(records)) {
      archive.json(`records/${table}.json`, `Other records: ${table.replace(/_/g, ' ')}`, rows);
    }
    return media;
  }

  /** Copies the media after the answer started; a failure cuts the download short. */
  async function copyMedia(archive: Archive, caller: Caller, media: MediaCopy[]) {
    const missing: string[] = [];
    for (const item of media) {
      const store = await resolveStore(caller.organizationId, item.provider);
      if (!(await store.info(item.key))) {
        missing.push(item.path);
        continue;
      }
      await archive.media(item.path, item.description, await store.get(item.key));
    }
    const exportedAt = now().toISOString();
    archive.json('manifest.json', 'This list', {
      exportedAt,
      items: [...archive.items],
      missing,
    });
    archive.text('README.txt', 'How to read this archive', readme(exportedAt, archive.items));
    archive.end();
  }

  /** Every stored object of the person: resume, pictures, meetings' files, unfinished uploads. */
  async function removeMedia(organizationId: string, userId: string): Promise<number> {
    const local = await resolveStore(organizationId, 'local');
    let removed = await removeUnder(local, [
      `${organizationId}/resumes/${userId}/`,
      `${organizationId}/profile-images/user-${userId}/`,
    ]);
    const profile = await repo.profile(userId);
    if (profile?.resume) {
      const store = await resolveStore(organizationId, profile.resume.provider);
      await store.delete(profile.resume.key);
    }
    for (const m of await repo.meetings(userId)) {
      const store = await resolveStore(organizationId, m.storageProvider);
      for (const key of ownedObjects(m)) await store.delete(key);
      removed += await removeUnder(store, [`${derivedPrefix(m)}/`]);
    }
    for (const u of await repo.uploads(userId)) {
      const store = await resolveStore(organizationId, u.provider);
      // Chunks of an unfinished upload (part files, an S3 multipart upload, staged blocks).
      if (!u.completedAt) await store.abortChunked(u.objectKey, u.providerUploadId);
      await store.delete(u.objectKey);
      removed += await removeUnder(store, [`${organizationId}/uploads/${u.id}/`]);
    }
    return removed;
  }

  return {
    async exportData(caller: Caller): Promise<{ fileName: string; stream: Readable }> {
      const archive = createArchive();
      const media = await writeRecords(archive, caller);
      copyMedia(archive, caller, media).catch((err: unknown) => {
        log.warn({ err, userId: caller.userId }, 'personal data export cut short');
        archive.fail(err instanceof Error ? err : new Error(String(err)));
      });
      return {
        fileName: personalDataFileName(now().toISOString().slice(0, 10)),
        stream: archive.stream,
      };
    },

    /**
     * Files first, then the rows: a store that fails leaves the account in place to try
     * again, never rows gone with files left behind that nothing points at.
     */
    async deleteAccount(caller: Caller, confirm: string): Promise<{ message: string }> {
      const { user } = await own(caller);
      const typed = confirm.trim();
      if (typed !== ACCOUNT_DELETION_WORD && typed.toLowerCase() !== user.email) {
        throw badRequest(M.notConfirmed);
      }
      const removed = await removeMedia(user.organizationId, user.id);
      await repo.purge(user);
      // No name or address: the person asked for them to be gone.
      log.info({ organizationId: user.organizationId, removed }, 'account deleted by its owner');
      return { message: M.deleted };
    },
  };
}
export type PersonalDataService = ReturnType<typeof createPersonalDataService>;
