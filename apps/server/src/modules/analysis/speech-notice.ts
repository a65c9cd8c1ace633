import { languageNotice, type SpeechResult } from '@parley/analysis';
import type { MeetingsService } from '../meetings/index.js';
import type { AnalysisRepo } from './repo.js';

/**
 * After the speech step stored a transcript: what the meeting page must say about the
 * recording (issue 14 item 7). The step's own notice (a file that ended early or had damaged
 * parts) or, when the engine detected a language it cannot transcribe, that one, with the
 * transcript's words removed: a transcript of sounds the model does not know is nonsense.
 * The notice is always written, so a rerun on a repaired file clears the old one; a file that
 * ended early stores the length that was analysed as the meeting's duration.
 */
export async function recordSpeechNotice(
  deps: {
    repo: AnalysisRepo;
    meetings: Pick<MeetingsService, 'recordMediaNotice'>;
    now: () => Date;
  },
  meetingId: string,
  result: Pick<SpeechResult, 'engine' | 'notice' | 'durationSec'>,
): Promise<void> {
  // The language, when the engine detected one, is stored with the transcript.
  const language = (await deps.repo.transcript(meetingId))?.language;
  const unsupported =
    language?.source === 'detected' ? languageNotice(result.engine, language.code) : null;
  if (unsupported) await deps.repo.clearWords(meetingId, deps.now());
  const notice = unsupported ?? result.notice;
  await deps.meetings.recordMediaNotice(
    meetingId,
    notice,
    notice?.kind === 'truncated' ? result.durationSec : undefined,
  );
}
