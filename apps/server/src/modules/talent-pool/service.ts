import { randomUUID } from 'node:crypto';
import {
  EMPTY_PROFILE_DATA,
  TALENT_PROFILE_MESSAGES as M,
  createMockInterviewBody,
  profileDataSchema,
  workExperienceSchema,
  type CreateMockInterviewBody,
  type MockInterview,
  type MockQuestion,
  type TalentProfile,
} from '@parley/contracts';
import type { ParsedResume, StoredResume } from '../../platform/db/schema.js';
import { isUuid } from '../../platform/db/values.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { AiProviderResolver } from '../ai-providers/index.js';
import type { UsersService } from '../users/index.js';
import { builtInQuestions, type QuestionInput } from './questions.js';
import type { BankEntry } from './question-bank.js';
import type { MockInterviewRow, ProfileRow, TalentPoolRepo } from './repo.js';
import { parseResume } from './resume-parser.js';
import { RESUME_TYPES, resumeText } from './resume-text.js';
import { questionsFromModel } from './zai-questions.js';

export interface TalentPoolDeps {
  repo: TalentPoolRepo;
  users: Pick<UsersService, 'byEmail' | 'byId'>;
  resolveStore: StoreResolver;
  ai: AiProviderResolver;
  log: { warn(obj: object, msg: string): void };
}

/** What the multipart form of b2c/user/profile carried. */
export interface ProfileForm {
  file: { bytes: Buffer; fileName: string } | null;
  profileData: string | null;
  workExperience: string | null;
}

const BUILT_IN = 'built-in';

function toProfile(email: string, row: ProfileRow | null): TalentProfile {
  const resume = row?.resume ?? null;
  return {
    email,
    profileData: row?.profileData ?? EMPTY_PROFILE_DATA,
    workExperience: row?.workExperience ?? [],
    resume: resume && {
      fileName: resume.fileName,
      contentType: resume.contentType,
      size: resume.size,
      uploadedAt: resume.uploadedAt,
      textChars: resume.textChars,
    },
    parsed: row?.parsed ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export function toMockInterview(email: string, row: MockInterviewRow): MockInterview {
  return {
    id: row.id,
    email,
    resumeLink: row.resumeLink,
    companyName: row.companyName,
    jobRole: row.jobRole,
    level: row.level,
    skills: row.skills,
    jobDescription: row.jobDescription,
    settings: row.settings,
    state: row.state as MockInterview['state'],
    questions: row.questions,
    generatedBy: row.generatedBy,
    meetingId: row.meetingId,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A JSON form field checked against its schema; a bad one is a 400 naming the field. */
function field<T>(
  raw: string,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  name: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success || parsed.data === undefined) throw badRequest(`${name} is not valid`);
  return parsed.data;
}

/**
 * A job seeker's profile and mock interviews (spec 3 §7 Individual (B2C)). Seekers share one
 * organisation, so every row is the caller's own: another person's profile or interview reads
 * as not found, except for the super admin, who may look any up by e-mail.
 */
export function createTalentPoolService(deps: TalentPoolDeps) {
  const { repo, users, resolveStore, ai, log } = deps;

  /** The user an e-mail names, when the caller may see them; 404 otherwise. */
  async function subject(caller: Caller, email: string, message: string) {
    const user = await users.byEmail(email.trim().toLowerCase());
    if (!user || (user.id !== caller.userId && !crossesOrganisations(caller))) {
      throw notFound(message);
    }
    return user;
  }

  async function ownEmail(caller: Caller): Promise<string> {
    const me = await users.byId(caller.userId);
    if (!me) throw notFound(M.profileNotFound);
    return me.email;
  }

  async function discard(organizationId: string, resume: StoredResume | null | undefined) {
    if (!resume) return;
    try {
      await (await resolveStore(organizationId, resume.provider)).delete(resume.key);
    } catch (err) {
      log.warn({ err, key: resume.key }, 'could not delete a replaced resume');
    }
  }

  async function storeResume(caller: Caller, file: NonNullable<ProfileForm['file']>) {
    const { kind, text } = await resumeText(file.bytes);
    const store = await resolveStore(caller.organizationId);
    const key = `${caller.organizationId}/resumes/${caller.userId}/${randomUUID()}.${kind}`;
    await store.put(key, file.bytes, RESUME_TYPES[kind]);
    const resume: StoredResume = {
      provider: store.provider,
      key,
      fileName: file.fileName.slice(0, 200) || `resume.${kind}`,
      contentType: RESUME_TYPES[kind],
      size: file.bytes.length,
      uploadedAt: new Date().toISOString(),
      textChars: text.length,
    };
    const parsed: ParsedResume = { ...parseResume(text), by: BUILT_IN };
    return { resume, text, parsed };
  }

  /** The model's questions topped up from the bank; the bank alone when none is connected. */
  async function questionsFor(
    caller: Caller,
    bank: BankEntry[],
    input: QuestionInput,
    experience: string,
  ): Promise<{ questions: MockQuestion[]; generatedBy: string }> {
    const builtIn = builtInQuestions(bank, input);
    const resolved = await ai.providerFor(caller.organizationId).catch(() => null);
    if (!resolved || resolved.provider.kind === 'local') {
      return { questions: builtIn, generatedBy: BUILT_IN };
    }
    try {
      const fromModel = await questionsFromModel(resolved, input, experience);
      const seen = new Set(fromModel.map((q) => q.text));
      const topUp = builtIn.filter((q) => !seen.has(q.text));
      return {
        questions: [...fromModel, ...topUp].slice(0, input.count),
        generatedBy: fromModel.length ? resolved.model : BUILT_IN,
      };
    } catch (err) {
      log.warn({ err }, 'mock interview questions from the model failed; the bank answers');
      return { questions: builtIn, generatedBy: BUILT_IN };
    }
  }

  return {
    async saveProfile(caller: Caller, form: ProfileForm): Promise<TalentProfile> {
      const existing = await repo.profile(caller.userId);
      const upload = form.file ? await storeResume(caller, form.file) : null;
      const profileData = form.profileData
        ? field(form.profileData, profileDataSchema, 'profileData')
        : (upload?.parsed.profileData ?? existing?.profileData ?? EMPTY_PROFILE_DATA);
      const workExperience = form.workExperience
        ? field(form.workExperience, workExperienceSchema, 'workExperience')
        : (upload?.parsed.workExperience ?? existing?.workExperience ?? []);
      const row = await repo.saveProfile({
        userId: caller.userId,
        organizationId: caller.organizationId,
        profileData,
        workExperience,
        ...(upload
          ? { resume: upload.resume, resumeText: upload.text, parsed: upload.parsed }
          : {
              resume: existing?.resume ?? null,
              resumeText: existing?.resumeText ?? null,
              parsed: existing?.parsed ?? null,
            }),
      });
      if (upload) await discard(caller.organizationId, existing?.resume);
      return toProfile(await ownEmail(caller), row);
    },

    async profile(caller: Caller, email: string): Promise<TalentProfile> {
      const user = await subject(caller, email, M.profileNotFound);
      return toProfile(user.email, await repo.profile(user.id));
    },

    /** Removes the file from the media store and the profile; the corrected fields stay. */
    async deleteResume(caller: Caller, email: string): Promise<TalentProfile> {
      const user = await subject(caller, email, M.profileNotFound);
      if (user.id !== caller.userId) throw notFound(M.profileNotFound);
      const row = await repo.profile(user.id);
      if (!row?.resume) throw notFound(M.noResume);
      await (await resolveStore(row.organizationId, row.resume.provider)).delete(row.resume.key);
      const saved = await repo.saveProfile({
        ...row,
        resume: null,
        resumeText: null,
        parsed: null,
      });
      return toProfile(user.email, saved);
    },

    async createMockInterview(
      caller: Caller,
      raw: CreateMockInterviewBody,
    ): Promise<MockInterview> {
      const body = createMockInterviewBody.parse(raw);
      const role = await repo.roles.activeByName(body.jobRole);
      if (!role) throw badRequest(M.unknownRole);
      if (!(await repo.companies.activeByName(body.companyName)))
        throw badRequest(M.unknownCompany);
      const profile = await repo.profile(caller.userId);
      if (body.useResume && !profile?.resume) throw badRequest(M.resumeMissing);
      const resumed = body.useResume ? profile : null;
      const bank = (await repo.questions(role.id, body.level)).map((q): BankEntry => [
        q.text,
        q.topic,
        q.keywords,
      ]);
      const input: QuestionInput = {
        role: role.name,
        level: body.level,
        company: body.companyName,
        skills: body.skills,
        resumeSkills: resumed?.profileData.skills ?? [],
        jobDescription: body.jobDescription,
        count: body.settings.questionCount,
      };
      const experience = (resumed?.workExperience ?? [])
        .map(
          (j) =>
            `${j.title} at ${j.company} (${j.start ?? '?'}–${j.current ? 'now' : (j.end ?? '?')})`,
        )
        .join('; ');
      const { questions, generatedBy } = await questionsFor(caller, bank, input, experience);
      const row = await repo.createMockInterview({
        organizationId: caller.organizationId,
        userId: caller.userId,
        resumeLink: resumed?.resume?.fileName ?? null,
        companyName: body.companyName,
        jobRole: role.name,
        level: body.level,
        skills: body.skills,
        jobDescription: body.jobDescription,
        settings: body.settings,
        questions,
        generatedBy,
        state: 'ready',
        questionCount: questions.length,
      });
      return toMockInterview(await ownEmail(caller), row);
    },

    async mockInterview(caller: Caller, id: string): Promise<MockInterview> {
      const row = isUuid(id) ? await repo.mockInterview(caller.userId, id) : null;
      if (!row) throw notFound(M.mockInterviewNotFound);
      return toMockInterview(await ownEmail(caller), row);
    },

    async mockInterviews(caller: Caller, email?: string) {
      const user = email
        ? await subject(caller, email, M.getMockInterviewsFailed)
        : { id: caller.userId, email: await ownEmail(caller) };
      const rows = await repo.mockInterviews(user.id);
      return { data: rows.map((r) => toMockInterview(user.email, r)), count: rows.length };
    },
  };
}
export type TalentPoolService = ReturnType<typeof createTalentPoolService>;
