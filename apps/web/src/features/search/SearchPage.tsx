import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SearchX, Sparkles, TextSearch, X } from 'lucide-react';
import {
  MEETING_STAGES,
  SEARCH_MESSAGES,
  TRANSCRIPT_SEARCH,
  type MeetingStage,
  type TranscriptSearchQuery,
} from '@parley/contracts';
import { isFeatureAvailable } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { formatNumber } from '../../lib/format';
import {
  Button,
  DateRangeInputs,
  EmptyState,
  Input,
  LoadError,
  PageHeader,
  Pagination,
  SearchInput,
  SelectField,
} from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { useHiring, useJobs } from '../interviews';
import { useTranscriptSearch } from './api';
import { MomentList, MomentSkeletons } from './MomentList';

const ALL = 'all';
const STAGE_OPTIONS = [
  { value: ALL, label: 'All stages' },
  ...MEETING_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] })),
];
const FILTER_KEYS = ['stage', 'from', 'to', 'speaker', 'jobId'] as const;
const SIZE = TRANSCRIPT_SEARCH.defaultPageSize;

/** The search as the address holds it, so a search can be shared, reloaded and gone back to. */
function queryOf(params: URLSearchParams): TranscriptSearchQuery | null {
  const q = params.get('q')?.trim();
  if (!q) return null;
  const stage = params.get('stage');
  return {
    q,
    page: Math.max(0, Number(params.get('page')) || 0),
    size: SIZE,
    ...(stage && (MEETING_STAGES as readonly string[]).includes(stage)
      ? { stage: stage as MeetingStage }
      : {}),
    ...Object.fromEntries(
      (['from', 'to', 'speaker', 'jobId'] as const)
        .map((k) => [k, params.get(k)?.trim() ?? ''] as const)
        .filter(([, v]) => v !== ''),
    ),
  };
}

/** /search: moments of every meeting the user may see where the words were said. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [text, setText] = useState(query?.q ?? '');
  const [speaker, setSpeaker] = useState(params.get('speaker') ?? '');
  useEffect(() => setText(params.get('q') ?? ''), [params]);

  /** Changes some of the address's values; any change but the page goes back to page 1. */
  const update = (changes: Record<string, string | null>) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: text.trim() || null, speaker: speaker.trim() || null });
  };

  const page = Math.max(0, Number(params.get('page')) || 0);
  const result = useTranscriptSearch(query);
  const { user } = useAuth();
  const canAskZai =
    useCan('zai.use') && Boolean(user && isFeatureAvailable(user, 'Zai Intelligence'));
  const filtered = FILTER_KEYS.some((k) => params.get(k));
  // Jobs are the hiring team's: others search without the job filter.
  const hiring = useHiring();
  const jobs = useJobs(hiring.allowed && hiring.hasFeature);
  const jobOptions = [
    { value: ALL, label: 'All jobs' },
    ...(jobs.data?.data ?? []).map((j) => ({ value: j.id, label: j.title })),
  ];
  const data = result.data;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Search"
        description="Find the moment something was said, in every meeting you can see."
        className="pb-2"
      />
      <form
        role="search"
        aria-label="Search every conversation"
        onSubmit={submit}
        className="flex flex-col gap-2"
      >
        <div className="flex gap-2">
          <SearchInput
            label="Search what was said"
            placeholder='Words, "a phrase", -leave out'
            value={text}
            onValueChange={setText}
            className="min-w-0 flex-1"
          />
          <Button type="submit">Search</Button>
        </div>
        <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap md:items-center">
          <SelectField
            label="Stage"
            hideLabel
            value={params.get('stage') ?? ALL}
            onValueChange={(v) => update({ stage: v === ALL ? null : v })}
            options={STAGE_OPTIONS}
            className="md:w-48"
          />
          {jobOptions.length > 1 ? (
            <SelectField
              label="Job"
              hideLabel
              value={params.get('jobId') ?? ALL}
              onValueChange={(v) => update({ jobId: v === ALL ? null : v })}
              options={jobOptions}
              className="md:w-48"
            />
          ) : null}
          <Input
            aria-label="Speaker"
            placeholder="Speaker"
            value={speaker}
            onChange={(e) => setSpeaker(e.target.value)}
            onBlur={() => update({ speaker: speaker.trim() || null })}
            className="md:w-44"
          />
          <DateRangeInputs
            value={{ from: params.get('from') ?? '', to: params.get('to') ?? '' }}
            onChange={({ from, to }) => update({ from: from || null, to: to || null })}
          />
          {filtered ? (
            <Button
              type="button"
              variant="ghost"
              className="col-span-2 md:col-span-1"
              onClick={() => {
                setSpeaker('');
                update(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));
              }}
            >
              <X aria-hidden />
              Clear filters
            </Button>
          ) : null}
        </div>
      </form>

      {!query ? (
        <EmptyState
          icon={TextSearch}
          title="Search every conversation"
          description="Type a word or phrase: each result is the moment it was said, and opens the recording there."
        />
      ) : result.isError ? (
        <LoadError icon={SearchX} what="The search results" onRetry={() => void result.refetch()} />
      ) : !data ? (
        <MomentSkeletons />
      ) : data.count === 0 ? (
        <EmptyState
          icon={SearchX}
          title={SEARCH_MESSAGES.noMoments(query.q)}
          description={
            filtered
              ? 'Try other words, or clear the filters.'
              : 'Try other words, or a shorter phrase.'
          }
        />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted" aria-live="polite">
              {formatNumber(data.count)} {data.count === 1 ? 'moment' : 'moments'} in{' '}
              {formatNumber(data.meetingCount)} {data.meetingCount === 1 ? 'meeting' : 'meetings'}
            </p>
            {canAskZai ? (
              <Button asChild variant="secondary" size="sm">
                <Link to={`/zai?search=${encodeURIComponent(query.q)}`}>
                  <Sparkles aria-hidden />
                  Ask Zai about these meetings
                </Link>
              </Button>
            ) : null}
          </div>
          <MomentList moments={data.data} dimmed={result.isPlaceholderData} />
          <Pagination
            pageIndex={page}
            pageSize={SIZE}
            count={data.count}
            noun="moments"
            onPageChange={(p) => update({ page: p > 0 ? String(p) : null })}
          />
        </>
      )}
    </div>
  );
}
