import { ORGANIZATION_MESSAGES, type PrivacySettings } from '@parley/contracts';
import { redactWords } from '@parley/analysis';
import { notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { StoredWord } from '../../platform/db/schema.js';
import type { PrivacyRepo } from './repo.js';

/** A transcript's words as they are to be stored, and the unmasked copy when one is kept. */
export interface RedactedWords {
  words: StoredWord[];
  /** Null when nothing was masked, or the organisation does not keep originals. */
  originalWords: StoredWord[] | null;
}

export interface PrivacyDeps {
  repo: PrivacyRepo;
  now: () => Date;
}

/**
 * PII redaction, an organisation setting (issue 14 item 9). `redact` is called wherever a
 * transcript is written (the speech step, a correction), so everything that reads the stored
 * words (search segments, Zai, insights, reports, shared links) sees them masked.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const { repo, now } = deps;
  return {
    async settings(caller: Caller): Promise<PrivacySettings> {
      const s = await repo.settings(caller.organizationId);
      if (!s) throw notFound(ORGANIZATION_MESSAGES.notFound);
      return s;
    },

    async updateSettings(caller: Caller, patch: Partial<PrivacySettings>) {
      const s = await repo.update(caller.organizationId, patch, now());
      if (!s) throw notFound(ORGANIZATION_MESSAGES.notFound);
      return s;
    },

    /** The words masked as the organisation asks (unchanged when redaction is off). */
    async redact(organizationId: string, words: StoredWord[]): Promise<RedactedWords> {
      const s = await repo.settings(organizationId);
      if (!s?.piiRedaction) return { words, originalWords: null };
      const masked = redactWords(words);
      const kept = s.piiKeepOriginals && masked.spans.length > 0;
      return { words: masked.words, originalWords: kept ? words : null };
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
/** What the writers of a transcript need of it. */
export type Redact = PrivacyService['redact'];
