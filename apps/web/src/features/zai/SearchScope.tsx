import { ZAI } from '@parley/contracts';
import { formatNumber } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced';
import { SearchInput } from '../../ui';
import { useTranscriptSearch } from '../search';

/** How many meetings a search matches, as a question over it will read them. */
export function scopeText(meetingCount: number): string {
  if (meetingCount === 0) return 'No meetings match yet.';
  const all = `${formatNumber(meetingCount)} ${meetingCount === 1 ? 'meeting matches' : 'meetings match'}`;
  return meetingCount > ZAI.maxSearchMeetings
    ? `${all}; Zai reads the ${ZAI.maxSearchMeetings} most relevant.`
    : `${all}; Zai reads ${meetingCount === 1 ? 'it' : 'them all'}.`;
}

/**
 * "All meetings matching this search" instead of hand-picked ones: the words, and how many
 * meetings they match (from the transcript search, so the same meetings the answer reads).
 */
export function SearchScope({ q, onChange }: { q: string; onChange(q: string): void }) {
  const term = useDebouncedValue(q.trim());
  const result = useTranscriptSearch(term ? { q: term, size: 1 } : null);
  const count = term && result.data && !result.isPlaceholderData ? result.data.meetingCount : null;
  return (
    <div className="flex flex-col gap-3">
      <SearchInput
        label="Meetings where someone said"
        placeholder='Words said, e.g. "notice period"'
        value={q}
        onValueChange={onChange}
      />
      <p className="text-xs text-muted" aria-live="polite">
        {!term
          ? 'Zai answers from every meeting you can see where these words were said.'
          : result.isError
            ? 'The matching meetings could not be counted. Try again.'
            : count === null
              ? 'Counting matching meetings…'
              : scopeText(count)}
      </p>
    </div>
  );
}
