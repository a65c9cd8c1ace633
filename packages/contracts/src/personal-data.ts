import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * A talent-pool person's own data (issue 19 item 8): everything they gave or made here as
 * one ZIP archive, and the account deleted with all of it. Only talent-pool accounts: a team
 * member's meetings belong to their organisation, whose point of contact removes users.
 */

/** The body of the archive answer; the catalogue and OpenAPI see its media type in the summary. */
const zipFile = z
  .custom<unknown>((v) => typeof v === 'object' && v !== null)
  .meta({ description: 'A ZIP archive (application/zip)' });

/** What the person types to confirm: this word, or their own e-mail address. */
export const ACCOUNT_DELETION_WORD = 'DELETE';

export const deleteAccountBody = z.object({
  confirm: z.string().trim().min(1).max(320),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const PERSONAL_DATA_MESSAGES = {
  exportFailed: 'Failed to download your data',
  deleteFailed: 'Failed to delete your account',
  notConfirmed: `Type ${ACCOUNT_DELETION_WORD} or your e-mail address to delete your account`,
  deleted: 'Your account and all of its data have been deleted',
} as const;

/** The archive's file name for a download on `date` (YYYY-MM-DD). */
export const personalDataFileName = (date: string) => `parley-my-data-${date}.zip`;

const own = {
  auth: true as const,
  permission: 'profile.own' as const,
  talentPool: true as const,
  tags: ['b2c'],
};

export const personalDataRoutes = {
  exportData: defineRoute({
    ...own,
    method: 'GET',
    path: '/b2c/user/export',
    summary:
      'Everything of the own account as one ZIP (application/zip): profile, resume, mock interviews, meetings with their recordings, transcripts and analysis, consent, invoices; manifest.json and README.txt list every item',
    response: zipFile,
  }),
  deleteAccount: defineRoute({
    ...own,
    method: 'DELETE',
    path: '/b2c/user/account',
    summary:
      'Delete the own account with every row and stored file of it (body {confirm}: DELETE or the own e-mail); the session ends and the address may sign up again. Invoices stay as legal records, without the link to the account.',
    body: deleteAccountBody,
    response: z.object({ message: z.string() }),
  }),
} as const;
