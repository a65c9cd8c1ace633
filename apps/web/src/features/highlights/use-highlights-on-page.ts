import { useMemo, useState } from 'react';
import type { Highlight } from '@parley/contracts';
import { useCan } from '../../lib/auth-store';
import type { TranscriptMoment } from '../transcripts';
import { useHighlights } from './api';
import type { HighlightDraft } from './HighlightDialog';
import { highlightSegments } from './model';

/**
 * What the meeting page needs for highlights, in one place so the page stays small: the seek
 * bar's segments, the transcript's "Create highlight" (meetings.manage only) and the dialog.
 */
export function useHighlightsOnPage(meetingId: string | undefined) {
  const list = useHighlights(meetingId);
  const canManage = useCan('meetings.manage');
  const [draft, setDraft] = useState<HighlightDraft | null>(null);
  const segments = useMemo(() => highlightSegments(list.data ?? []), [list.data]);
  return {
    segments,
    /** For the transcript: absent when the user may not make highlights. */
    create: canManage
      ? (m: TranscriptMoment) =>
          setDraft({ kind: 'create', start: m.start, end: m.end, text: m.text })
      : undefined,
    edit: (highlight: Highlight) => setDraft({ kind: 'edit', highlight }),
    dialog: { draft, onClose: () => setDraft(null) },
  };
}
