import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RESUME_LIMITS,
  TALENT_CATALOG_MESSAGES as C,
  TALENT_PROFILE_MESSAGES as M,
  talentCatalogRoutes as catalog,
  mockRunRoutes as run,
  talentProfileRoutes as routes,
  talentProfileSchema,
  talentProgressRoutes as progress,
  TALENT_PROGRESS_MESSAGES as G,
  type PracticeMeetingQuery,
  type CatalogBody,
  type CatalogPatchBody,
  type CatalogQuery,
  type CreateMockInterviewBody,
  type ProfileData,
  type TalentProfile,
  type WorkExperienceItem,
} from '@parley/contracts';
import { api, postForm, sendBytes, withFailureToast } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';

/**
 * The talent pool (spec 3 §7 Individual (B2C)): the seeker's profile with the resume, their
 * mock interviews, and the companies and roles the super admin keeps.
 */
export const talentKeys = {
  profile: (email: string) => ['talent-pool', 'profile', email] as const,
  mockInterviews: ['talent-pool', 'mock-interviews'] as const,
  roleLevel: ['talent-pool', 'role-level'] as const,
  companies: ['talent-pool', 'companies'] as const,
  companyQuery: (q: CatalogQuery) => ['talent-pool', 'company-query', q] as const,
  roleQuery: (q: CatalogQuery) => ['talent-pool', 'role-query', q] as const,
  analysis: (year: number) => ['talent-pool', 'analysis', year] as const,
  practiceMeetings: (q: PracticeMeetingQuery) => ['talent-pool', 'practice-meetings', q] as const,
};

/** The seeker's year of practice: months, scores per skill, streaks, the next practice. */
export const usePracticeAnalysis = (year: number) =>
  useQuery({
    queryKey: talentKeys.analysis(year),
    queryFn: ({ signal }) =>
      withFailureToast(
        api(progress.practiceAnalysis, { body: { year }, signal, toast: false }),
        G.analysisFailed,
      ),
  });

/** The seeker's own practice meetings with their scores (GET meeting/user/b2c). */
export const usePracticeMeetings = (query: PracticeMeetingQuery) =>
  useQuery({
    queryKey: talentKeys.practiceMeetings(query),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      withFailureToast(
        api(progress.practiceMeetings, { query, signal, toast: false }),
        G.meetingsFailed,
      ),
  });

export function useTalentProfile() {
  const email = useAuth().user?.email ?? '';
  return useQuery({
    queryKey: talentKeys.profile(email),
    enabled: Boolean(email),
    queryFn: ({ signal }) =>
      withFailureToast(
        api(routes.getProfile, { body: { email }, signal, toast: false }),
        M.getProfileFailed,
      ),
  });
}

/** What one save sends: a resume to read, or the corrected fields (or both). */
export interface ProfileSave {
  file?: File;
  profileData?: ProfileData;
  workExperience?: WorkExperienceItem[];
}

export function useSaveProfile() {
  const client = useQueryClient();
  const email = useAuth().user?.email ?? '';
  return useMutation({
    mutationFn: async (save: ProfileSave): Promise<TalentProfile> => {
      const form = new FormData();
      if (save.profileData) form.append('profileData', JSON.stringify(save.profileData));
      if (save.workExperience) form.append('workExperience', JSON.stringify(save.workExperience));
      if (save.file) form.append(RESUME_LIMITS.field, save.file, save.file.name);
      return talentProfileSchema.parse(
        await postForm(routes.saveProfile.path, form, { toast: false }),
      );
    },
    onSuccess: (profile) => client.setQueryData(talentKeys.profile(email), profile),
  });
}

export function useDeleteResume() {
  const client = useQueryClient();
  const email = useAuth().user?.email ?? '';
  return useMutation({
    mutationFn: () => api(routes.deleteResume, { body: { email }, toast: false }),
    onSuccess: (profile) => client.setQueryData(talentKeys.profile(email), profile),
  });
}

export const useRoleLevel = () =>
  useQuery({
    queryKey: talentKeys.roleLevel,
    queryFn: ({ signal }) =>
      withFailureToast(api(catalog.roleLevel, { signal, toast: false }), C.rolesFailed),
  });

export const useCompanies = () =>
  useQuery({
    queryKey: talentKeys.companies,
    queryFn: ({ signal }) =>
      withFailureToast(api(catalog.companiesAll, { signal, toast: false }), C.companiesFailed),
  });

export const useMockInterviews = () =>
  useQuery({
    queryKey: talentKeys.mockInterviews,
    queryFn: ({ signal }) =>
      withFailureToast(
        api(routes.listMockInterviews, { signal, toast: false }),
        M.getMockInterviewsFailed,
      ),
  });

export function useCreateMockInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMockInterviewBody) =>
      api(routes.createMockInterview, { body, toast: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: talentKeys.mockInterviews }),
  });
}

/** The super admin's lists of companies or roles, and their writes. */
export function useCatalogAdmin(kind: 'company' | 'role') {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: ['talent-pool'] });
  const r =
    kind === 'company'
      ? {
          create: catalog.createCompany,
          update: catalog.updateCompany,
          remove: catalog.deleteCompany,
        }
      : { create: catalog.createRole, update: catalog.updateRole, remove: catalog.deleteRole };
  return {
    create: useMutation({
      mutationFn: (body: CatalogBody) => api(r.create, { body, toast: false }),
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: CatalogPatchBody }) =>
        api(r.update, { params: { id }, body, toast: false }),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(r.remove, { params: { id } }),
      onSuccess: invalidate,
    }),
  };
}

export const useCompanyQuery = (query: CatalogQuery) =>
  useQuery({
    queryKey: talentKeys.companyQuery(query),
    queryFn: ({ signal }) =>
      withFailureToast(
        api(catalog.companyQuery, { query, signal, toast: false }),
        C.companiesFailed,
      ),
  });

export const useRoleQuery = (query: CatalogQuery) =>
  useQuery({
    queryKey: talentKeys.roleQuery(query),
    queryFn: ({ signal }) =>
      withFailureToast(api(catalog.roleQuery, { query, signal, toast: false }), C.rolesFailed),
  });

export const useMockInterview = (id: string | undefined) =>
  useQuery({
    queryKey: [...talentKeys.mockInterviews, id] as const,
    enabled: Boolean(id),
    queryFn: ({ signal }) =>
      api(routes.getMockInterview, { params: { id: id ?? '' }, signal, toast: false }),
  });

/** The bytes with their bare media type ("audio/webm", without the codecs parameter). */
const bare = (b: Blob) =>
  new Blob([b], { type: b.type.split(';')[0] || 'application/octet-stream' });

/** Running one interview: start, the recording's slices, each answer, and finish. */
export const mockRun = {
  start: (id: string) => api(run.start, { params: { id }, toast: false }),
  slice: (id: string, index: number, slice: Blob) =>
    sendBytes(run.chunk, bare(slice), { params: { id }, query: { index }, toast: false }),
  /** A slice of the answer being spoken (the server transcribes as it arrives). */
  answerSlice: (id: string, question: number, followUp: boolean, index: number, slice: Blob) =>
    sendBytes(run.answerAudio, bare(slice), {
      params: { id },
      query: { question, followUp: followUp ? 1 : 0, index },
      toast: false,
    }),
  answer: (
    id: string,
    question: number,
    followUp: boolean,
    audio: Blob,
    moment: { startMs?: number | undefined; endMs?: number | undefined } = {},
  ) =>
    sendBytes(run.answer, bare(audio), {
      params: { id },
      query: {
        question,
        followUp: followUp ? 1 : 0,
        ...(moment.startMs !== undefined && moment.endMs !== undefined
          ? { startMs: moment.startMs, endMs: moment.endMs }
          : {}),
      },
      toast: false,
    }),
  finish: (id: string, endedEarly: boolean) =>
    api(run.finish, { params: { id }, body: { endedEarly }, toast: false }),
};
