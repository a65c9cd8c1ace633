import { z } from 'zod';
import { defineRoute } from './route.js';
import { transcriptionSchema } from './transcript.js';

/**
 * PII redaction, an organisation setting (issue 14 item 9). With it on, e-mail addresses,
 * phone, card and national ID numbers are masked where the transcript is written, so search,
 * Zai and reports only ever read masked words; the unmasked words are kept only when
 * `piiKeepOriginals` is on, and only the organisation's managers can read them.
 */
export const privacySettingsSchema = z.object({
  piiRedaction: z.boolean(),
  piiKeepOriginals: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const updatePrivacySettingsBody = privacySettingsSchema
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });

export const PRIVACY_MESSAGES = {
  noOriginals:
    'This transcript has no unmasked copy: nothing was masked, or originals are not kept.',
} as const;

const tags = ['privacy'];

export const privacyRoutes = {
  getSettings: defineRoute({
    method: 'GET',
    path: '/organization/privacy',
    summary: 'The own organisation’s PII redaction settings',
    tags,
    auth: true,
    permission: 'organization.manage',
    response: privacySettingsSchema,
  }),
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/organization/privacy',
    summary:
      'Turn PII redaction on or off, and whether unmasked originals are kept; applies to transcripts written from then on',
    tags,
    auth: true,
    permission: 'organization.manage',
    body: updatePrivacySettingsBody,
    response: privacySettingsSchema,
  }),
  transcriptOriginals: defineRoute({
    method: 'GET',
    path: '/transcription/originals/:meetingId',
    summary:
      'The transcript before PII masking, when the organisation keeps originals (its managers only)',
    tags,
    auth: true,
    permission: 'organization.manage',
    feature: 'Zai Intelligence',
    response: transcriptionSchema,
  }),
} as const;
